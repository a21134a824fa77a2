/**
 * How far sift's predefined analysis agrees with the gold coding of each development study, per
 * code, as a researcher checks it against their own coding (issue 43): the units are the study's
 * participant sentences (as the gold marks them), the gold codes a sentence with the themes it is
 * marked with, sift with the categories whose quotes cover it (as score.ts counts coverage); the
 * figures are the product's own (src/engine/agreement: percent agreement, Cohen's kappa,
 * Krippendorff's alpha, nominal).
 *
 *   npx tsx eval/passages/agreement.ts                     # development studies, house layout
 *   SPLIT=held-out npx tsx eval/passages/agreement.ts
 */
import { predefinedAnalysis } from '../../src/engine/analysis/index.js';
import { compareCodings } from '../../src/engine/agreement/index.js';
import { documentsOf, loadStudies } from './load.js';
import { coverage, unitKey } from './score.js';

const split = process.env.SPLIT ?? 'development';
const f = (x: number | null) => (x === null ? '—' : x.toFixed(3));
console.log('| study | code | gold sentences | sift sentences | both | percent agreement | kappa | alpha |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const study of loadStudies().filter((s) => s.split === split)) {
  const themes = study.themes.filter((t) => !t.distractor);
  const pre = predefinedAnalysis(
    documentsOf(study),
    themes.map((t) => ({ name: t.name, description: t.description })),
    { locale: study.locale, granularity: 'default', strictMode: false },
  );
  const units: string[] = [];
  const gold = new Map<string, string[]>();
  for (const t of study.transcripts)
    t.units.forEach((u, i) => {
      if (u.role !== 'participant') return;
      units.push(unitKey(t, i));
      gold.set(
        unitKey(t, i),
        u.themes.map((id) => themes.find((x) => x.id === id)?.name).filter((n): n is string => !!n),
      );
    });
  const sift = new Map<string, string[]>();
  // A predefined category's key is its name.
  for (const [key, covered] of coverage(study, pre.insights).covered) for (const unit of covered) sift.set(unit, [...(sift.get(unit) ?? []), key]);
  const report = compareCodings({ units, a: gold, b: sift });
  for (const c of report.codes)
    console.log(
      `| ${study.name} | ${c.codeA} | ${c.counts.both + c.counts.onlyA} | ${c.counts.both + c.counts.onlyB} | ${c.counts.both} | ${f(c.percentAgreement)} | ${f(c.kappa)} | ${f(c.alpha)} |`,
    );
  console.log(
    `| ${study.name} | mean over codes | | | | ${f(report.overall.mean.percentAgreement)} | ${f(report.overall.mean.kappa)} | ${f(report.overall.mean.alpha)} |`,
  );
}
