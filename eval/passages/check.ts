/**
 * Checks a study of the passage-level benchmark against the rules it was written to:
 *   npx tsx eval/passages/check.ts eval/passages/studies/<name>
 * Prints what it counted and exits 1 on any broken rule.
 */
import { loadStudy } from './load.js';
import { terms } from '../../src/engine/text/index.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: check.ts <study folder>');
const study = loadStudy(dir);
const problems: string[] = [];
const words = (s: string) => s.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

if (study.transcripts.length < 10) problems.push(`${study.transcripts.length} transcripts; at least 10`);
for (const t of study.transcripts) {
  const n = words(t.text);
  const turns = t.units.filter((u) => u.role === 'interviewer').length;
  console.log(`${t.id}: ${n} words, ${turns} interviewer turns, ${t.units.filter((u) => u.themes.length).length} marked passages`);
  if (n < 300 || n > 1200) problems.push(`${t.id}: ${n} words; 300 to 1,200`);
  if (turns < 4) problems.push(`${t.id}: ${turns} interviewer turns; at least 4`);
}
const real = study.themes.filter((t) => !t.distractor);
if (real.length < 4 || real.length > 6) problems.push(`${real.length} themes; 4 to 6`);
if (!study.themes.some((t) => t.distractor)) problems.push('no distractor theme');
for (const theme of study.themes) {
  const passages = study.transcripts.flatMap((t) => t.units.filter((u) => u.themes.includes(theme.id)).map((u) => t.text.slice(u.start, u.end)));
  const inDocs = study.transcripts.filter((t) => t.units.some((u) => u.themes.includes(theme.id))).length;
  const own = new Set(terms(`${theme.name} ${theme.description}`, study.locale));
  const disjoint = passages.filter((p) => !terms(p, study.locale).some((w) => own.has(w))).length;
  console.log(
    `theme ${theme.id}${theme.distractor ? ' (distractor)' : ''}: ${passages.length} passages in ${inDocs} transcripts; ${disjoint} share no content word with its name and description`,
  );
  if (theme.distractor) {
    if (inDocs < 1 || inDocs > 2) problems.push(`distractor ${theme.id} in ${inDocs} transcripts; 1 or 2`);
    continue;
  }
  if (inDocs < 5) problems.push(`theme ${theme.id} in ${inDocs} transcripts; at least 5`);
  if (disjoint * 3 < passages.length)
    problems.push(`theme ${theme.id}: only ${disjoint} of ${passages.length} passages share no content word with its name and description; at least a third`);
}
if (problems.length) {
  console.log(`\nPROBLEMS:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nok');
