/**
 * Measures the analysis engine on text nobody on this project wrote (eval/datasets.ts) and on a
 * labelled interview set, beside scikit-learn's NMF and LDA on the same texts:
 *   apt-get install r-cran-tm python3-sklearn && npm run eval:data   (once)
 *   npm run eval
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { automaticAnalysis, predefinedAnalysis } from '../src/engine/analysis/index.js';
import { chunkText } from '../src/engine/chunk.js';
import { INTERVIEWS } from './interviews.js';
import { reuters, sotu, spam, type LabelledDocument } from './datasets.js';
import { ari, macroF1, nmi } from './metrics.js';

const PYTHON = '/usr/bin/python3';

const DESCRIPTIONS: Record<string, string> = {
  acq: 'acquisitions, mergers, takeovers, buying shares and stakes in companies',
  crude: 'crude oil, petroleum prices, OPEC, barrels, production and refineries',
  'delivery timing': 'when the delivery arrives, time slots, late or early drivers',
  'substitutions and stock': 'items replaced, swapped, missing or out of stock',
  freshness: 'quality of fruit, vegetables, meat and frozen food',
  'price and fees': 'cost, charges, fees, discounts, subscriptions and cheap brands',
  'app and payment': 'the app, search, checkout, card payment, login and permissions',
  'support and refunds': 'customer service, refunds, phone lines, helpful drivers',
  packaging: 'plastic bags, wrapping and packaging waste',
  spam: 'unsolicited advertising: offers, money, free products, prices, orders, marketing lists and unsubscribing',
  ham: 'personal and mailing-list discussion: software, Linux, bugs, patches, news and replies to earlier messages',
};

interface Row {
  dataset: string;
  method: string;
  nmi: number;
  ari: number;
  coverage: number;
  f1?: number;
  verbatim?: number;
  seeds?: number[];
}

/** Each document's main top-level theme: the one most of its supporting passages are in. */
function dominantThemes(docs: LabelledDocument[], auto: ReturnType<typeof automaticAnalysis>): string[] {
  const parentOf = new Map(auto.categories.map((c) => [c.key, c.parentKey ?? c.key]));
  return docs.map((d) => {
    const counts = new Map<string, number>();
    for (const i of auto.insights.filter((x) => x.documentId === d.id))
      for (const k of i.categoryKeys) counts.set(parentOf.get(k) ?? k, (counts.get(parentOf.get(k) ?? k) ?? 0) + i.support);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'none';
  });
}

function evaluate(name: string, docs: LabelledDocument[]): Row[] {
  const input = docs.map((d) => ({ id: d.id, text: d.text, chunks: chunkText(d.text) }));
  const gold = docs.map((d) => d.label);
  const automatic = (seed: number) => automaticAnalysis(input, { locale: 'en', granularity: 'inclusive', strictMode: false, existingCategories: [], seed });
  const started = Date.now();
  const auto = automatic(42);
  const ms = Date.now() - started;
  const dominant = dominantThemes(docs, auto);
  const otherSeeds = [1, 2, 3, 4, 5].map((seed) => nmi(gold, dominantThemes(docs, automatic(seed))));
  const labels = [...new Set(docs.map((d) => d.label))];
  // Predefined analysis where each label has a description written for it (not for the party labels).
  const pre = labels.every((l) => DESCRIPTIONS[l])
    ? predefinedAnalysis(
        input,
        labels.map((l) => ({ name: l, description: DESCRIPTIONS[l] })),
        { locale: 'en', granularity: 'default', strictMode: false },
      )
    : null;
  const predicted = docs.map((d) => {
    const best = pre?.insights.filter((i) => i.documentId === d.id).sort((a, b) => b.support - a.support)[0];
    return best ? best.categoryKeys[0]! : null;
  });
  const quotes = [...auto.insights, ...(pre?.insights ?? [])].flatMap((i) => i.quotes.map((q) => input.find((d) => d.id === i.documentId)!.text.includes(q)));
  console.error(`${name}: ${docs.length} documents, ${auto.categories.filter((c) => !c.parentKey).length} themes, ${ms} ms`);
  return [
    {
      dataset: name,
      method: 'sift automatic',
      nmi: nmi(gold, dominant),
      ari: ari(gold, dominant),
      coverage: dominant.filter((x) => x !== 'none').length / docs.length,
      f1: pre ? macroF1(gold, predicted) : undefined,
      verbatim: quotes.length === 0 ? 1 : quotes.filter(Boolean).length / quotes.length,
      seeds: otherSeeds,
    },
  ];
}

const datasets: Record<string, LabelledDocument[]> = { interviews: INTERVIEWS };
for (const [name, load] of [
  ['reuters acq+crude', reuters],
  ['state of the union (party)', sotu],
  ['spamassassin spam+ham', spam],
] as const) {
  const loaded = load();
  if (typeof loaded === 'string') console.error(loaded);
  else datasets[name] = loaded;
}

const rows: Row[] = Object.entries(datasets).flatMap(([name, docs]) => evaluate(name, docs));
let baselines: Record<string, Record<string, { nmi: number; ari: number }>> = {};
if (fs.existsSync(PYTHON)) {
  try {
    const input = JSON.stringify({
      datasets: Object.fromEntries(Object.entries(datasets).map(([n, d]) => [n, { texts: d.map((x) => x.text), labels: d.map((x) => x.label) }])),
    });
    baselines = JSON.parse(execFileSync(PYTHON, [path.join(import.meta.dirname ?? 'eval', 'baselines.py')], { input, encoding: 'utf8' }));
  } catch (err) {
    console.error(`scikit-learn baselines skipped: ${(err as Error).message.split('\n')[0]} (apt-get install python3-sklearn)`);
  }
}
console.log('| dataset | method | NMI | NMI, seeds 1-5 (min–max) | ARI | coverage | predefined macro-F1 | verbatim quotes |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
const f = (x: number | undefined) => (x === undefined ? '' : x.toFixed(3));
for (const row of rows) {
  const range = row.seeds ? `${f(Math.min(...row.seeds))}–${f(Math.max(...row.seeds))}` : '';
  console.log(
    `| ${row.dataset} | ${row.method} | ${f(row.nmi)} | ${range} | ${f(row.ari)} | ${f(row.coverage)} | ${f(row.f1)} | ${row.verbatim === undefined ? '' : `${(row.verbatim * 100).toFixed(1)}%`} |`,
  );
  for (const [method, s] of Object.entries(baselines[row.dataset] ?? {}))
    console.log(`| ${row.dataset} | scikit-learn ${method.toUpperCase()} | ${f(s.nmi)} | | ${f(s.ari)} | 1.000 | | |`);
}
