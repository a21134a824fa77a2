import type { Study } from './load.js';
import { Vectorizer, cosine, type Vec } from '../../src/engine/analysis/vectors.js';
import { terms } from '../../src/engine/text/index.js';
import { random } from '../../src/engine/analysis/nmf.js';
import type { Quoted } from './score.js';

/**
 * The two baselines of the passage-level benchmark, both given what the engine is not: the gold
 * segmentation into participants' turns and sentences.
 */
function participantSentences(study: Study) {
  return study.transcripts.flatMap((t) =>
    t.units.filter((u) => u.role === 'participant').map((u) => ({ documentId: t.id, text: t.text.slice(u.start, u.end) })),
  );
}

/** Stemmed words less the language's stop words: the baselines' own, so that tuning the engine's word lists moves only the engine. */
const words = (text: string, locale: string) => terms(text, locale);

function mean(vs: Vec[]): Vec {
  const c: Vec = new Map();
  for (const v of vs) for (const [t, w] of v) c.set(t, (c.get(t) ?? 0) + w);
  const norm = Math.sqrt([...c.values()].reduce((s, w) => s + w * w, 0)) || 1;
  for (const [t, w] of c) c.set(t, w / norm);
  return c;
}

/** Spherical k-means (k-means++ starts, best of 5 by cohesion): each vector's cluster and its cosine to the cluster's centre. */
export function kmeans(vecs: Vec[], k: number, seed: number): { assign: number[]; fit: number[] } {
  const rnd = random(seed);
  let best: { cohesion: number; assign: number[]; fit: number[] } | null = null;
  for (let start = 0; start < 5; start++) {
    const centres: Vec[] = [vecs[Math.floor(rnd() * vecs.length)]!];
    while (centres.length < k) {
      const d = vecs.map((v) => 1 - Math.max(...centres.map((c) => cosine(v, c))));
      const total = d.reduce((s, x) => s + x * x, 0);
      let r = rnd() * total;
      let pick = 0;
      for (; pick < d.length - 1 && r > d[pick]! ** 2; pick++) r -= d[pick]! ** 2;
      centres.push(vecs[pick]!);
    }
    let assign = vecs.map(() => 0);
    for (let iter = 0; iter < 50; iter++) {
      const next = vecs.map((v) => centres.reduce((b, c, j) => (cosine(v, c) > cosine(v, centres[b]!) ? j : b), 0));
      const moved = next.some((a, i) => a !== assign[i]);
      assign = next;
      for (let j = 0; j < k; j++) {
        const members = vecs.filter((_, i) => assign[i] === j);
        if (members.length) centres[j] = mean(members);
      }
      if (!moved) break;
    }
    const fit = vecs.map((v, i) => cosine(v, centres[assign[i]!]!));
    const cohesion = fit.reduce((s, x) => s + x, 0);
    if (!best || cohesion > best.cohesion) best = { cohesion, assign, fit };
  }
  return best!;
}

/** The participant's turns: runs of participant sentences on one line, with no other speaker between them. */
function participantTurns(study: Study) {
  return study.transcripts.flatMap((t) => {
    const turns: { documentId: string; quotes: string[] }[] = [];
    let last: { end: number } | null = null;
    for (const u of t.units) {
      if (u.role !== 'participant') {
        last = null;
        continue;
      }
      const text = t.text.slice(u.start, u.end);
      if (last && !t.text.slice(last.end, u.start).includes('\n')) turns[turns.length - 1]!.quotes.push(text);
      else turns.push({ documentId: t.id, quotes: [text] });
      last = u;
    }
    return turns;
  });
}

/**
 * The fair baseline: spherical k-means on TF-IDF vectors of the participants' turns (what the
 * engine groups), offering as many categories as sift does, with one cluster more for what fits
 * no theme: the least cohesive cluster is left unfiled, as HDBSCAN leaves noise.
 */
export function kmeansBaseline(study: Study, k: number, seed = 42): { categories: { key: string; name: string; parentKey: null }[]; insights: Quoted[] } {
  const turns = participantTurns(study);
  const vz = new Vectorizer(study.locale);
  const termsOf = turns.map((t) => words(t.quotes.join(' '), study.locale));
  vz.fit(termsOf);
  const vecs = termsOf.map((t) => vz.vector(t));
  const { assign, fit } = kmeans(vecs, Math.min(k + 1, vecs.length), seed);
  const cohesion = Array.from({ length: k + 1 }, (_, j) => {
    const own = fit.filter((_, i) => assign[i] === j);
    return own.length ? own.reduce((s, x) => s + x, 0) / own.length : Infinity;
  });
  const none = cohesion.indexOf(Math.min(...cohesion));
  const kept = Array.from({ length: k + 1 }, (_, j) => j).filter((j) => j !== none);
  const categories = kept.map((j) => ({ key: `k${j}`, name: `cluster ${j + 1}`, parentKey: null as null }));
  const insights = turns.flatMap((t, i) => (assign[i] === none ? [] : [{ documentId: t.documentId, quotes: t.quotes, categoryKeys: [`k${assign[i]}`] }]));
  return { categories, insights };
}

/** Each participant sentence filed under the category whose name and description it is most similar to (TF-IDF cosine above 0). */
export function descriptionBaseline(study: Study): Quoted[] {
  const sents = participantSentences(study);
  const themes = study.themes.filter((t) => !t.distractor);
  const vz = new Vectorizer(study.locale);
  vz.fit([...sents.map((s) => words(s.text, study.locale)), ...themes.map((t) => words(`${t.name} ${t.description}`, study.locale))]);
  const profiles = themes.map((t) => vz.vector(words(`${t.name} ${t.description}`, study.locale)));
  return sents.flatMap((s) => {
    const v = vz.vector(words(s.text, study.locale));
    const sims = profiles.map((p) => cosine(v, p));
    const top = sims.indexOf(Math.max(...sims));
    return sims[top]! > 0 ? [{ documentId: s.documentId, quotes: [s.text], categoryKeys: [themes[top]!.name] }] : [];
  });
}
