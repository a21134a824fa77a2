/**
 * How a study's transcripts are read (issue 42, part 5): for each transcript, the share of the
 * gold's participant sentences read as a participant's and of its interviewer sentences read as
 * the interviewer's, whether a swap of labels was found (and where the gold says the interviewer
 * speaks under another label), and the people read as participants beside the gold's (a header
 * line such as `Present: …` must not be one).
 *
 *   npx tsx eval/passages/roles.ts                       # every study (SEALED=1: and the sealed ones)
 *   STUDY=community-transport-mixed npx tsx eval/passages/roles.ts
 */
import { readingOf } from '../../src/engine/transcript/index.js';
import { loadStudies } from './load.js';

const only = process.env.STUDY;
console.log(
  '| study | transcript | participant sentences read so | interviewer sentences read so | swap found at turn | people read as participants | gold participants |',
);
console.log('|---|---|---:|---:|---:|---|---|');
for (const study of loadStudies().filter((s) => !only || s.name === only)) {
  for (const t of study.transcripts) {
    const reading = readingOf({ text: t.text });
    const roleAt = (at: number) => {
      let role: string = 'none';
      for (const turn of reading.turns) if (turn.body.some((b) => b.start <= at && at < b.end)) role = turn.role;
      return role;
    };
    const of = (role: 'participant' | 'interviewer') => {
      const units = t.units.filter((u) => u.role === role);
      const right = units.filter((u) => roleAt(u.start) === role).length;
      return `${right}/${units.length}`;
    };
    const read = [...new Set(reading.turns.filter((x) => x.role === 'participant').map((x) => x.speaker ?? '—'))];
    const gold = [...new Set(t.source.turns.filter((x) => !x.interviewer).map((x) => x.speaker))];
    console.log(
      `| ${study.name} | ${t.id} | ${of('participant')} | ${of('interviewer')} | ${reading.swappedAt ?? '—'} | ${read.join(', ')} | ${gold.join(', ')} |`,
    );
  }
}
