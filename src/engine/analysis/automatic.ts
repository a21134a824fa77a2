import { kmeans } from 'ml-kmeans';
import type { AnalysisDocument, CategoryDraft, Granularity, InsightDraft, Verdict } from './types.js';
import { evidence, type Sentence } from './evidence.js';
import { centroid, cosine, dense, Vectorizer, type Vec } from './vectors.js';
import { SurfaceForms, themeName, topTerms } from './naming.js';
import { insightFrom } from './insight.js';

/**
 * Inductive analysis: the participants' sentences are clustered by TF-IDF (k-means, seeded),
 * each cluster becomes a theme named by its most distinctive terms, and each document's
 * sentences close to a theme become one insight in it, quoting them verbatim. Large themes are
 * split once more into sub-themes. Existing categories are matched first, by their words.
 */
export interface AutomaticOptions {
  locale: string;
  granularity: Granularity;
  strictMode: boolean;
  existingCategories: CategoryDraft[];
  seed: number;
}

const SUBTHEME_MIN_INSIGHTS = 8;
/** Whole documents are few and long: without a price per theme the silhouette splits them finely. */
const WHOLE_DOCUMENT_PENALTY = 0.04;

function threshold(strict: boolean) {
  return strict ? 0.35 : 0.25;
}

/** Which sentences the granularity lets in: `overview` keeps the few most theme-bearing chunks of each document. */
function scanned(sentences: Sentence[], vecs: Vec[], centroids: Vec[], granularity: Granularity): boolean[] {
  if (granularity !== 'overview') return sentences.map(() => true);
  const best = vecs.map((v) => Math.max(0, ...centroids.map((c) => cosine(v, c))));
  const byChunk = new Map<string, number>();
  sentences.forEach((s, i) => byChunk.set(`${s.documentId}:${s.chunkIdx}`, Math.max(byChunk.get(`${s.documentId}:${s.chunkIdx}`) ?? 0, best[i]!)));
  const keep = new Set<string>();
  const docs = new Set(sentences.map((s) => s.documentId));
  for (const d of docs) {
    [...byChunk].filter(([k]) => k.startsWith(`${d}:`)).sort((a, b) => b[1] - a[1]).slice(0, 3).forEach(([k]) => keep.add(k));
  }
  return sentences.map((s) => keep.has(`${s.documentId}:${s.chunkIdx}`));
}

/** k-means for k = 2..maxK, keeping the k with the best simplified silhouette (cosine to centroids). */
function bestClustering(vectors: Vec[], vocab: string[], maxK: number, seed: number, penalty = 0): number[] {
  let best: { labels: number[]; score: number } | null = null;
  for (let k = 2; k <= maxK; k++) {
    const labels = cluster(vectors, vocab, k, seed);
    const groups = new Map<number, Vec[]>();
    labels.forEach((l, i) => groups.set(l, [...(groups.get(l) ?? []), vectors[i]!]));
    const cents = new Map([...groups].map(([l, vs]) => [l, centroid(vs)]));
    let total = 0;
    vectors.forEach((v, i) => {
      const a = 1 - cosine(v, cents.get(labels[i]!)!);
      const b = Math.min(...[...cents].filter(([l]) => l !== labels[i]).map(([, c]) => 1 - cosine(v, c)));
      total += Number.isFinite(b) && Math.max(a, b) > 0 ? (b - a) / Math.max(a, b) : 0;
    });
    const score = total / vectors.length - penalty * k;
    if (!best || score > best.score) best = { labels, score };
  }
  return best?.labels ?? vectors.map(() => 0);
}

function cluster(vectors: Vec[], vocab: string[], k: number, seed: number): number[] {
  if (vectors.length <= k) return vectors.map((_, i) => i);
  const data = vectors.map((v) => dense(v, vocab));
  return kmeans(data, k, { seed, initialization: 'kmeans++', maxIterations: 50 }).clusters;
}

export function automaticAnalysis(docs: AnalysisDocument[], opts: AutomaticOptions): { categories: CategoryDraft[]; insights: InsightDraft[]; verdicts: Verdict[] } {
  const verdicts: Verdict[] = [];
  const sentences: Sentence[] = [];
  for (const d of docs) {
    try {
      sentences.push(...evidence(d, opts.locale));
    } catch (err) {
      verdicts.push({ documentId: d.id, verdict: 'failed', reason: `could not read the document: ${(err as Error).message}` });
    }
  }
  const failed = new Set(verdicts.map((v) => v.documentId));
  const vectorizer = new Vectorizer(opts.locale);
  vectorizer.fit(sentences.map((s) => s.text));
  const forms = new SurfaceForms(opts.locale);
  for (const s of sentences) forms.add(s.text);
  const vecs = sentences.map((s) => vectorizer.vector(s.text));

  // Existing categories first: sentences that fit one join it.
  const categories: CategoryDraft[] = [];
  const assigned: (string | null)[] = sentences.map(() => null);
  const existing = opts.existingCategories.map((c) => ({ key: c.key, vec: vectorizer.vector(`${c.name} ${c.name} ${c.description}`) }));
  vecs.forEach((v, i) => {
    let best: { key: string; sim: number } | null = null;
    for (const e of existing) {
      const sim = cosine(v, e.vec);
      if (sim >= threshold(opts.strictMode) && (!best || sim > best.sim)) best = { key: e.key, sim };
    }
    if (best) assigned[i] = best.key;
  });

  // Themes are found among turns (paragraphs), which carry more words than single sentences.
  const free = sentences.map((_, i) => i).filter((i) => assigned[i] === null);
  // Transcripts (speaker turns) are clustered turn by turn; documents without turns, such as
  // reports and articles, usually keep to one subject, so they are clustered whole.
  const labelled = docs.reduce((n, d) => n + (/^\s*[A-Z][\p{L}.'’ -]{0,40}?:\s/mu.test(d.text) ? 1 : 0), 0);
  const byTurn = labelled * 2 >= docs.length;
  const unitsByKey = new Map<string, number[]>();
  for (const i of free) {
    const key = byTurn ? `${sentences[i]!.documentId}@${sentences[i]!.paragraph}` : sentences[i]!.documentId;
    unitsByKey.set(key, [...(unitsByKey.get(key) ?? []), i]);
  }
  const units = [...unitsByKey.values()];
  const unitVecs = units.map((idx) => vectorizer.vector(idx.map((i) => sentences[i]!.text).join(' ')));
  const docCount = new Set(free.map((i) => sentences[i]!.documentId)).size;
  const vocab = vectorizer.vocabulary(400);
  const themeKeys: string[] = [];
  if (units.length >= 2 && vocab.length > 0) {
    const labels = bestClustering(unitVecs, vocab, Math.max(2, Math.min(12, Math.floor(units.length / 3))), opts.seed, byTurn ? 0 : WHOLE_DOCUMENT_PENALTY);
    const members = new Map<number, number[]>();
    labels.forEach((label, u) => members.set(label, [...(members.get(label) ?? []), u]));
    let n = 0;
    for (const [, us] of [...members].sort((a, b) => a[0] - b[0])) {
      const c = centroid(us.map((u) => unitVecs[u]!));
      const docsIn = new Set(us.map((u) => sentences[units[u]![0]!]!.documentId));
      // A theme recurs: it needs turns from two documents (unless there is only one document).
      if (docsIn.size < Math.min(2, docCount)) continue;
      const top = topTerms(c, 4);
      const key = `new:${n++}`;
      categories.push({ key, name: themeName(top, forms, opts.locale), description: `What participants say about ${top.slice(0, 3).map((t) => forms.of(t)).join(', ')}.`, parentKey: null });
      themeKeys.push(key);
      for (const u of us) {
        if (cosine(unitVecs[u]!, c) < threshold(opts.strictMode)) continue;
        for (const i of units[u]!) assigned[i] = key;
      }
    }
  }
  const centroidsForScan = categories.map((c) => centroid(sentences.map((_, i) => i).filter((i) => assigned[i] === c.key).map((i) => vecs[i]!)));
  const scan = scanned(sentences, vecs, centroidsForScan, opts.granularity);

  // One insight per (document, theme); large themes get sub-themes.
  const insights: InsightDraft[] = [];
  const byTheme = new Map<string, Map<string, number[]>>();
  sentences.forEach((s, i) => {
    const key = assigned[i];
    if (!key || !scan[i]) return;
    const perDoc = byTheme.get(key) ?? new Map<string, number[]>();
    perDoc.set(s.documentId, [...(perDoc.get(s.documentId) ?? []), i]);
    byTheme.set(key, perDoc);
  });
  for (const [key, perDoc] of byTheme) {
    let sub: Map<string, string> | null = null;
    if (themeKeys.includes(key) && perDoc.size >= SUBTHEME_MIN_INSIGHTS) {
      const docsList = [...perDoc.keys()];
      const docVecs = docsList.map((d) => centroid(perDoc.get(d)!.map((i) => vecs[i]!)));
      const labels = cluster(docVecs, vocab, 2, opts.seed);
      if (new Set(labels).size === 2) {
        sub = new Map();
        const parent = categories.find((c) => c.key === key)!;
        const parentTop = new Set(topTerms(centroid(docVecs), 1));
        for (const label of [0, 1]) {
          const idx = docsList.map((_, j) => j).filter((j) => labels[j] === label);
          const top = topTerms(centroid(idx.map((j) => docVecs[j]!)), 3, parentTop);
          const childKey = `${key}:${label}`;
          categories.push({ key: childKey, name: themeName(top, forms, opts.locale), description: `${parent.name}: ${top.map((t) => forms.of(t)).join(', ')}.`, parentKey: key });
          for (const j of idx) sub.set(docsList[j]!, childKey);
        }
      }
    }
    const theme = categories.find((c) => c.key === key) ?? opts.existingCategories.find((c) => c.key === key);
    for (const [documentId, idx] of perDoc) {
      const doc = docs.find((d) => d.id === documentId)!;
      const c = centroid(idx.map((i) => vecs[i]!));
      const ranked = [...idx].sort((a, b) => cosine(vecs[b]!, c) - cosine(vecs[a]!, c));
      const insight = insightFrom(doc, ranked.map((i) => sentences[i]!), theme?.name ?? 'Theme');
      if (insight) insights.push({ ...insight, categoryKeys: [sub?.get(documentId) ?? key] });
    }
  }
  for (const d of docs) {
    if (failed.has(d.id)) continue;
    verdicts.push(insights.some((i) => i.documentId === d.id)
      ? { documentId: d.id, verdict: 'analysed' }
      : { documentId: d.id, verdict: 'skipped', reason: 'nothing in it bears on a recurring theme' });
  }
  return { categories, insights, verdicts };
}
