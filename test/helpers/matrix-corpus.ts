import type { Store } from '../../src/store/store.js';
import { createRun, familyOf } from '../../src/domain/analyses.js';
import { createCategories, insertInsights, setVerdict } from '../../src/domain/analysis-results.js';
import { newHashedRow, newId } from '../../src/domain/ids.js';
import { nowIso } from '../../src/domain/clock.js';
import { insertDocument } from './documents.js';

/**
 * A large coded project laid straight into the store, for the matrix's scale test and benchmark
 * (issue 43, part 4): `documents` focus groups of `speakers` participants and an interviewer,
 * each participant answering `turns` questions in `sentences` sentences; a completed run whose six
 * root codes hold two child codes each; an insight per answer (its first two sentences, filed in a
 * child code, every fifth in a second root), and one more per answer quoting its second sentence
 * alone (so overlapping the first); a metadata field `Site` with five values.
 */
export interface CorpusOptions {
  documents: number;
  speakers: number;
  turns: number;
  sentences: number;
}

const NAMES = ['Ada', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];
const TOPICS = ['the fees', 'the app', 'support', 'the onboarding', 'the timetable', 'the staff'];

function transcript(n: number, o: CorpusOptions): { text: string; answers: { speaker: number; sentences: string[] }[] } {
  const lines: string[] = [`Focus group ${n}`];
  const answers: { speaker: number; sentences: string[] }[] = [];
  for (let k = 0; k < o.turns; k++) {
    lines.push(`Interviewer: What do you think about ${TOPICS[k % TOPICS.length]} this time?`);
    for (let s = 0; s < o.speakers; s++) {
      const sentences = Array.from(
        { length: o.sentences },
        (_, i) => `${NAMES[s % NAMES.length]} finds point ${n}.${k}.${i} about ${TOPICS[(k + s + i) % TOPICS.length]} worth saying.`,
      );
      answers.push({ speaker: s, sentences });
      lines.push(`${NAMES[s % NAMES.length]}: ${sentences.join(' ')}`);
    }
  }
  return { text: lines.join('\n\n'), answers };
}

export async function matrixCorpus(store: Store, projectId: string, o: CorpusOptions): Promise<{ run: string }> {
  const documents: { id: string; answers: ReturnType<typeof transcript>['answers'] }[] = [];
  for (let n = 1; n <= o.documents; n++) {
    const { text, answers } = transcript(n, o);
    documents.push({ id: (await insertDocument(store, projectId, { filename: `group-${n}.txt`, text })).id, answers });
  }
  const run = await store.transaction(async (trx) => {
    const created = await createRun(trx, projectId, 'predefined', { granularity: 'default', strictMode: false, name: 'Large run' });
    const drafts = Array.from({ length: 6 }, (_, r) => [
      { key: `R${r}`, name: `Theme ${r}`, description: '', parentKey: null },
      { key: `R${r}a`, name: `Theme ${r} a`, description: '', parentKey: `R${r}` },
      { key: `R${r}b`, name: `Theme ${r} b`, description: '', parentKey: `R${r}` },
    ]).flat();
    const ids = await createCategories(trx, projectId, drafts, new Map(), created.id);
    const insights = documents.flatMap((d, n) =>
      d.answers.flatMap((a, k) => {
        const code = `R${(n + k) % 6}${(n + a.speaker) % 2 ? 'a' : 'b'}`;
        const codes = (n + k) % 5 === 0 ? [code, `R${(n + k + 1) % 6}`] : [code];
        return [
          { documentId: d.id, text: a.sentences[0]!, description: '', quotes: [a.sentences.slice(0, 2).join(' ')], categoryKeys: codes },
          { documentId: d.id, text: a.sentences[1]!, description: '', quotes: [a.sentences[1]!], categoryKeys: [`R${(n + k + 3) % 6}a`] },
        ];
      }),
    );
    await insertInsights(trx, projectId, insights, ids, created.id);
    for (const d of documents) await setVerdict(trx, projectId, familyOf('predefined', created), d.id, 'analysed', null, created.id);
    await trx.updateTable('analyses').set({ status: 'completed' }).where('id', '=', created.id).execute();
    const field = newHashedRow('F');
    await trx
      .insertInto('metadataFields')
      .values({
        ...field,
        projectId,
        text: 'Site',
        shortName: 'site',
        description: '',
        parentId: null,
        valueType: null,
        allowedValues: null,
        answerSetOpen: 1,
      })
      .execute();
    const now = nowIso();
    for (const [n, d] of documents.entries())
      await trx
        .insertInto('metadataValues')
        .values({
          id: newId(),
          projectId,
          documentId: d.id,
          fieldId: field.id,
          text: `Site ${(n % 5) + 1}`,
          shortName: null,
          value: null,
          refusedText: null,
          refusedShortName: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    return created.id;
  });
  return { run };
}
