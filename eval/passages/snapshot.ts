/**
 * What the engine answers, written down to compare: the check that a refactoring of the analysis
 * changed nothing. Every study (its source form; LAYOUT=all adds every layout, LAYOUT=house,pdf
 * some) is analysed by the automatic and the predefined analysis in every granularity and strict
 * mode, and beside that: automatic at a second seed, into existing categories (the first run's,
 * with their quotes) over the second half of the transcripts, with a provider's embeddings (a
 * deterministic stand-in), and checked by a model (a deterministic in-process stand-in, through
 * `reviewWithModel` as the worker calls it); predefined with three examples a category and with
 * the embeddings. LAYOUT=all adds each study in every layout (layouts.ts; LAYOUT=house,pdf some),
 * analysed by both in their defaults: what reading the transcripts changes. One line of canonical
 * JSON (keys sorted) per analysis:
 *   npx tsx eval/passages/snapshot.ts /tmp/analysis-before.json     (STUDY=name for one)
 *   ... the refactoring ...
 *   npx tsx eval/passages/snapshot.ts /tmp/analysis-after.json && cmp /tmp/analysis-before.json /tmp/analysis-after.json
 * `diff` of the two files names the analyses that moved (each line starts with what it is).
 */
import fs from 'node:fs';
import { automaticAnalysis, predefinedAnalysis } from '../../src/engine/analysis/index.js';
import type { AnalysisDocument, ExistingCategory, Granularity } from '../../src/engine/analysis/types.js';
import type { Embedder } from '../../src/engine/meaning/embedded.js';
import type { ChatMessage, LlmProvider } from '../../src/engine/llm/provider.js';
import { reviewWithModel } from '../../src/engine/llm/reviewer.js';
import { hash } from './fake-llm.js';
import { inLayout, LAYOUTS, type Layout } from './layouts.js';
import { documentsOf, loadStudies, type Study } from './load.js';

const GRANULARITIES: Granularity[] = ['default', 'overview', 'inclusive'];

/** JSON with every object's keys sorted, so that equal results are equal bytes. */
function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x instanceof Set) return canonical([...x]);
  if (x && typeof x === 'object')
    return `{${Object.keys(x)
      .sort()
      .filter((k) => (x as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((x as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(x) ?? 'null';
}

/** A provider's embeddings stood in for: 16 dimensions from a hash of the text's words, so that similar texts share some. */
const embedder: Embedder = (texts) =>
  texts.map((t) => {
    const v = new Float32Array(16);
    for (const w of t.toLowerCase().match(/\p{L}+/gu) ?? []) v[hash(w) % 16]! += 1;
    const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
    return v.map((x) => x / n);
  });

/**
 * A model stood in for, deterministically: it merges the first two themes it is shown, files a
 * passage's sentence under the theme a hash of its text picks (a third of them under none),
 * names each theme from its current name and words each insight by its first quote.
 */
function answer(messages: ChatMessage[]): string {
  const system = messages[0]!.content;
  const user = messages.at(-1)!.content;
  if (system.startsWith('You review the themes')) return JSON.stringify({ merge: [['T1', 'T2']] });
  if (user.startsWith('Current name:')) return JSON.stringify({ name: `Checked ${hash(user) % 100}`, description: 'A theme the model checked.' });
  if (system.startsWith('You write research insights')) return JSON.stringify({ text: `Point ${hash(user) % 100}.`, quotes: [] });
  const categories = [
    ...messages
      .map((m) => m.content)
      .join('\n')
      .matchAll(/^(C\d+)\. /gm),
  ].map((m) => m[1]!);
  const codes = [...user.matchAll(/^(P\d+)[^\n]*\n((?:\d+\. .*\n?)+)/gm)].flatMap((m) =>
    [...m[2]!.matchAll(/^(\d+)\. (.*)$/gm)]
      .filter((s) => hash(s[2]!) % 3 !== 0 && categories.length > 0)
      .map((s) => ({ passage: m[1]!, category: categories[hash(s[2]!) % categories.length]!, sentences: [Number(s[1])] })),
  );
  return JSON.stringify({ codes });
}
const model: LlmProvider = {
  complete: async (messages) => ({ content: answer(messages), usage: null }),
  chat: async (messages) => answer(messages),
};

async function analysesOf(study: Study, write: (what: string, result: unknown) => void, all: boolean): Promise<void> {
  const docs: AnalysisDocument[] = documentsOf(study);
  const locale = study.locale;
  const themes = study.themes.filter((t) => !t.distractor).map((t) => ({ name: t.name, description: t.description }));
  if (!all) {
    // A layout changes what is read, not how it is analysed: the default analyses tell.
    write('automatic default', automaticAnalysis(docs, { locale, granularity: 'default', strictMode: false, existingCategories: [], seed: 42 }));
    write('predefined default', predefinedAnalysis(docs, themes, { locale, granularity: 'default', strictMode: false }));
    return;
  }
  for (const granularity of GRANULARITIES)
    for (const strictMode of [false, true]) {
      write(
        `automatic ${granularity}${strictMode ? ' strict' : ''}`,
        automaticAnalysis(docs, { locale, granularity, strictMode, existingCategories: [], seed: 42 }),
      );
      write(`predefined ${granularity}${strictMode ? ' strict' : ''}`, predefinedAnalysis(docs, themes, { locale, granularity, strictMode }));
    }
  const opts = { locale, granularity: 'default' as const, strictMode: false };
  const first = automaticAnalysis(docs, { ...opts, existingCategories: [], seed: 42 });
  write('automatic seed 1', automaticAnalysis(docs, { ...opts, existingCategories: [], seed: 1 }));
  write('automatic embedded', automaticAnalysis(docs, { ...opts, existingCategories: [], seed: 42, embedded: embedder }));
  const existing: ExistingCategory[] = first.categories.map((c) => ({
    ...c,
    examples: first.insights.filter((i) => i.categoryKeys.includes(c.key)).flatMap((i) => i.quotes.slice(0, 1)),
  }));
  const later = docs.slice(Math.floor(docs.length / 2));
  for (const strictMode of [false, true])
    write(`automatic into existing${strictMode ? ' strict' : ''}`, automaticAnalysis(later, { ...opts, strictMode, existingCategories: existing, seed: 42 }));
  const examples = study.themes
    .filter((t) => !t.distractor)
    .map((t) => ({
      name: t.name,
      description: t.description,
      examples: study.transcripts.flatMap((tr) => tr.units.filter((u) => u.themes.includes(t.id)).map((u) => tr.text.slice(u.start, u.end))).slice(0, 3),
    }));
  write('predefined examples', predefinedAnalysis(docs, examples, opts));
  write('predefined embedded', predefinedAnalysis(docs, themes, { ...opts, embedded: embedder }));
  const errors: string[] = [];
  const reviewed = await reviewWithModel(model, docs, first, { ...opts, existingCategories: [], contextTokens: 8000 }, (err) => errors.push(String(err)));
  write('automatic reviewed', { ...reviewed, errors });
}

const out = process.argv[2];
if (!out) throw new Error('usage: npx tsx eval/passages/snapshot.ts <file.jsonl>');
const layouts: (Layout | 'source')[] = ['source', ...(process.env.LAYOUT === 'all' ? LAYOUTS : ((process.env.LAYOUT?.split(',') ?? []) as Layout[]))];
const studies = loadStudies().filter((s) => !process.env.STUDY || process.env.STUDY.split(',').includes(s.name));
const lines: string[] = [];
const started = Date.now();
for (const layout of layouts)
  for (const study of studies) {
    const laidOut = layout === 'source' ? study : await inLayout(study, layout);
    const t0 = Date.now();
    let n = 0;
    await analysesOf(
      laidOut,
      (what, result) => {
        lines.push(`${canonical({ study: study.name, layout, analysis: what })}\t${canonical(result)}`);
        n++;
      },
      layout === 'source',
    );
    console.error(`${study.name} (${layout}): ${n} analyses, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
fs.writeFileSync(out, `${lines.join('\n')}\n`);
console.error(`${lines.length} analyses in ${((Date.now() - started) / 1000).toFixed(0)} s → ${out}`);
