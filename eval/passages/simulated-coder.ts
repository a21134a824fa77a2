import { startChatServer } from './chat-server.js';
import type { Study, Unit } from './load.js';
import type { Quoted } from './score.js';
import { hash } from './fake-llm.js';

/**
 * A simulated coder (issue 28): a local OpenAI-compatible chat endpoint that answers sift's
 * requests knowing the study's gold, as a model of a given accuracy would. It is only ever
 * pointed at development studies. A category of a codebook is the gold theme of its name
 * (predefined analysis) or, for a theme sift found (under review), the gold theme most of its
 * example quotes speak to; themes that are one gold theme are proposed for merging; a theme is
 * named after the gold theme its quotes speak to, and an insight worded by its first sentence.
 *
 * The coder decides once, on the gold's own passages (`coderDecisions`: each transcript's
 * participant turns, ten sentences at most), and carries its decisions onto the sentences sift
 * shows it. A share `accuracy` of the study's passages, to the nearest passage, is coded correctly
 * (a hash of each passage and the seed decides which): every sentence gets the themes its gold
 * marks give it. Drawing each passage on its own would let chance move the coder's accuracy by
 * several points on a study of 80 passages (19 wrong of 85 at 0.85 for seed 42), and the
 * figure would measure the draw rather than sift. On each other passage it makes one
 * wrong decision on the passage: one of the passage's categories is left out (half the time) or
 * given as another category, or, in a passage that speaks to none, one sentence is coded with a
 * category at random. It fails the way models and their servers fail, decided by a hash of the request:
 * about one request in nine answers JSON cut off at its token limit, one in nine HTTP 500 on
 * every attempt, one in nine 429 with `Retry-After: 0` once, and others wrap their answer in a
 * Markdown fence after a sentence of prose, or add entries for passages, categories and
 * sentences that do not exist. Its accuracy as a coder is scored by `idealCoding`, beside what
 * sift makes of it.
 */
export interface SimulatedCoder {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** `passages` and `wrong`: the gold's passages, and those the coder codes wrongly (`coderDecisions`). */
  stats: { requests: number; answered: number; cutOff: number; http500: number; http429: number; passages: number; wrong: number };
  close(): Promise<void>;
}

/** The hash that decides a passage's draws: whether it is among those coded wrongly, and how. */
const passageHash = (sentences: { text: string }[], seed: number) => hash(`${seed}\u0000${sentences.map((s) => s.text).join('\n')}`);

/**
 * The coder's decision on one passage: where `right`, every sentence gets its gold categories,
 * else one wrong decision on the whole passage (see above).
 */
function codePassage(sentences: { text: string; categories: string[] }[], ids: string[], right: boolean, seed: number): string[][] {
  const h = passageHash(sentences, seed);
  if (right) return sentences.map((s) => s.categories);
  // One wrong decision on the passage: one of its categories left out or given as another, or, in a passage with none, one sentence coded.
  const codes = sentences.map((s) => [...s.categories]);
  const given = [...new Set(sentences.flatMap((s) => s.categories))];
  if (given.length === 0) {
    const n = (h >>> 4) % sentences.length;
    codes[n] = [ids[(h >>> 12) % ids.length]!];
    return codes;
  }
  const wrong = given[(h >>> 4) % given.length]!;
  const others = ids.filter((id) => !given.includes(id));
  const instead = (h >>> 12) % 2 === 0 || others.length === 0 ? null : others[(h >>> 13) % others.length]!;
  for (const c of codes) {
    const at = c.indexOf(wrong);
    if (at < 0) continue;
    if (instead) c[at] = instead;
    else c.splice(at, 1);
  }
  return codes;
}

/**
 * The coder's decisions, made once per study, accuracy and seed on the gold's own passages
 * (each transcript's participant turns, ten sentences at most): for each participant unit, the
 * themes the coder gives it. The fake carries them onto whatever sentences sift shows it, so that
 * sift's own cutting of the text (smaller passages, say) changes none of the coder's draws: what
 * differs from `idealCoding` is the pipeline's.
 */
export function coderDecisions(study: Study, accuracy: number, seed = 42): { decided: Map<Unit, string[]>; wrong: number; passages: number } {
  const ids = study.themes.filter((t) => !t.distractor).map((t) => t.id);
  const decided = new Map<Unit, string[]>();
  const passages: { units: Unit[]; sentences: { text: string; categories: string[] }[] }[] = [];
  for (const t of study.transcripts) {
    const groups: Unit[][] = [];
    let current: Unit[] = [];
    for (const u of t.units) {
      if (u.role !== 'participant' || current.length === 10) {
        if (current.length > 0) groups.push(current);
        current = [];
      }
      if (u.role === 'participant') current.push(u);
    }
    if (current.length > 0) groups.push(current);
    for (const units of groups)
      passages.push({ units, sentences: units.map((u) => ({ text: t.text.slice(u.start, u.end), categories: u.themes.filter((th) => ids.includes(th)) })) });
  }
  // The passages whose hash draws lowest are the ones coded wrongly: exactly the share 1 - accuracy.
  const wrong = Math.round(passages.length * (1 - accuracy));
  const draw = (p: (typeof passages)[number]) => (passageHash(p.sentences, seed) % 10_000) / 10_000;
  const wrongly = new Set([...passages].sort((a, b) => draw(a) - draw(b)).slice(0, wrong));
  for (const p of passages) {
    const codes = codePassage(p.sentences, ids, !wrongly.has(p), seed);
    for (const [k, u] of p.units.entries()) decided.set(u, codes[k]!);
  }
  return { decided, wrong, passages: passages.length };
}

/** What the coder scores coding the gold's own sentences: its accuracy as a coder, before anything of sift's reading of the documents comes in. */
export function idealCoding(study: Study, accuracy: number, seed = 42): Quoted[] {
  const { decided } = coderDecisions(study, accuracy, seed);
  const name = new Map(study.themes.map((t) => [t.id, t.name]));
  return study.transcripts.flatMap((t) =>
    t.units.flatMap((u) => (decided.get(u) ?? []).map((th) => ({ documentId: t.id, quotes: [t.text.slice(u.start, u.end)], categoryKeys: [name.get(th)!] }))),
  );
}

/** A transcript's text with each run of white space as one space, and where each of its characters was. */
function normalised(text: string): { text: string; at: number[] } {
  let out = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ws = /\s/.test(text[i]!);
    if (ws && out.endsWith(' ')) continue;
    out += ws ? ' ' : text[i];
    at.push(i);
  }
  return { text: out, at };
}

export async function startSimulatedCoder(study: Study, accuracy: number, seed = 42): Promise<SimulatedCoder> {
  const apiKey = 'coder-key';
  const stats = { requests: 0, answered: 0, cutOff: 0, http500: 0, http429: 0, passages: 0, wrong: 0 };
  const texts = study.transcripts.map((t) => ({ t, ...normalised(t.text) }));
  const themeOfName = new Map(study.themes.map((th) => [th.name, th.id]));
  const attempts = new Map<number, number>();
  const { decided: decisions, wrong, passages } = coderDecisions(study, accuracy, seed);
  stats.wrong = wrong;
  stats.passages = passages;

  /**
   * The transcript a sentence is from, its span there, the gold themes of the participant units it
   * mostly covers or mostly is, and the themes the coder gave those units.
   */
  function gold(sentence: string): { transcript: string; quote: string; themes: string[]; coded: string[] } | null {
    for (const { t, text, at } of texts) {
      const pos = text.indexOf(sentence);
      if (pos < 0) continue;
      const start = at[pos]!;
      const end = at[pos + sentence.length - 1]! + 1;
      const themes = new Set<string>();
      const coded = new Set<string>();
      for (const u of t.units) {
        if (u.role !== 'participant') continue;
        const overlap = Math.min(end, u.end) - Math.max(start, u.start);
        // A sentence speaks to a unit's themes where it holds half the unit or more, or where half of it or more is the unit.
        if (overlap > 0 && (overlap * 2 >= u.end - u.start || overlap * 2 >= end - start)) {
          for (const th of u.themes) themes.add(th);
          for (const th of decisions.get(u) ?? []) coded.add(th);
        }
      }
      return { transcript: t.id, quote: t.text.slice(start, end), themes: [...themes], coded: [...coded] };
    }
    return null;
  }

  /** The gold theme most of these quotes speak to (at least half of them), if any. */
  function themeOf(quotes: string[]): string | undefined {
    const votes = new Map<string, number>();
    for (const q of quotes) for (const th of gold(q.replace(/\s+/g, ' ').trim())?.themes ?? []) votes.set(th, (votes.get(th) ?? 0) + 1);
    const [best] = [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return best && best[1] * 2 >= quotes.length && !study.themes.find((t) => t.id === best[0])?.distractor ? best[0] : undefined;
  }

  /** Themes that are one gold theme, to be merged. */
  function merges(user: string): string[][] {
    const byTheme = new Map<string, string[]>();
    for (const block of user.trim().split(/\n\n(?=T\d+\. )/)) {
      const id = /^(T\d+)\. /.exec(block)?.[1];
      const theme = id && themeOf([...block.matchAll(/^- "(.*)"$/gm)].map((m) => m[1]!));
      if (id && theme) byTheme.set(theme, [...(byTheme.get(theme) ?? []), id]);
    }
    return [...byTheme.values()].filter((g) => g.length > 1);
  }

  /** A theme named as a model would paraphrase the concern its quotes speak to; the current name where they speak to none. */
  function naming(user: string): { name: string; description: string } {
    const current = (user.split('\n')[0] ?? '').replace(/^Current name:\s*/, '');
    const theme = study.themes.find(
      (t) =>
        t.id ===
        themeOf(
          user
            .split('\n')
            .filter((l) => l.startsWith('- '))
            .map((l) => l.slice(2)),
        ),
    );
    if (!theme) return { name: current, description: '' };
    return { name: `${theme.name.charAt(0).toUpperCase()}${theme.name.slice(1)}`, description: theme.description };
  }

  /** An insight's statement: its first sentence, its quotes the passage's own sentences. */
  function wording(user: string): { text: string; quotes: string[] } {
    const sentences = user
      .split('\n')
      .slice(1)
      .filter((l) => l.trim());
    return { text: sentences[0] ?? '', quotes: sentences };
  }

  function code(user: string): { passage: string; category: string; sentences: number[] }[] {
    const [book = '', passagesPart = ''] = user.split('\nPassages:\n');
    const categoryOf = new Map<string, string>();
    const ids: string[] = [];
    // A category is the theme of its name (predefined analysis), else the theme most of its examples speak to (a theme found, under review).
    for (const block of book.trim().split(/\n\n(?=C\d+\. )/)) {
      const head = /^(C\d+)\. (.+)$/m.exec(block);
      if (!head) continue;
      ids.push(head[1]!);
      const theme = themeOfName.get(head[2]!.trim()) ?? themeOf([...block.matchAll(/^Example: "(.*)"$/gm)].map((m) => m[1]!));
      if (theme && !categoryOf.has(theme)) categoryOf.set(theme, head[1]!);
    }
    const out: { passage: string; category: string; sentences: number[] }[] = [];
    for (const block of passagesPart.trim().split(/\n\n(?=P\d+)/)) {
      const lines = block.split('\n');
      const passage = /^(P\d+)/.exec(lines[0] ?? '')?.[1];
      if (!passage) continue;
      const sentences = lines
        .slice(1)
        .map((l) => /^(\d+)\. (.*)$/.exec(l))
        .filter((m): m is RegExpExecArray => !!m)
        .map((m) => ({ n: Number(m[1]), text: m[2]!, gold: gold(m[2]!) }));
      const codes = new Map(sentences.map((s) => [s.n, [...new Set((s.gold?.coded ?? []).map((th) => categoryOf.get(th)).filter((c): c is string => !!c))]]));
      for (const s of sentences) for (const category of codes.get(s.n) ?? []) out.push({ passage, category, sentences: [s.n] });
    }
    return out;
  }

  const server = await startChatServer(
    apiKey,
    (body, raw) => {
      const user = body.messages?.at(-1)?.content ?? '';
      const h = hash(`${seed}\u0000${user}`);
      const attempt = attempts.get(h) ?? 0;
      attempts.set(h, attempt + 1);
      if (h % 9 === 0) {
        if (attempt === 0) stats.http500++;
        return { status: 500 };
      }
      if (h % 9 === 1 && attempt === 0) {
        stats.http429++;
        return { status: 429 };
      }
      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      let content: string;
      if (system.startsWith('You review the themes')) content = JSON.stringify({ merge: merges(user) });
      else if (user.startsWith('Current name:')) content = JSON.stringify(naming(user));
      else if (system.startsWith('You write research insights')) content = JSON.stringify(wording(user));
      else {
        const codes = code(user);
        if (h % 9 === 2)
          codes.push({ passage: 'P9999', category: 'C1', sentences: [1] }, { passage: codes[0]?.passage ?? 'P1', category: 'C99', sentences: [1, 42] });
        content = JSON.stringify({ codes });
      }
      const cutOff = h % 9 === 3;
      if (cutOff) {
        if (attempt === 0) stats.cutOff++;
        content = content.slice(0, Math.floor(content.length * 0.6));
      } else if (h % 9 === 4) content = `Here are the codes for these passages.\n\`\`\`json\n${content}\n\`\`\``;
      stats.answered++;
      return { status: 200, id: h.toString(16), content, cutOff, usage: { prompt: Math.ceil(raw.length / 4), completion: Math.ceil(content.length / 4) } };
    },
    () => stats.requests++,
  );
  return {
    baseUrl: server.baseUrl,
    apiKey,
    model: `simulated-coder-${accuracy}`,
    stats,
    close: server.close,
  };
}
