import { expect } from 'vitest';
import { ACCOUNT, WRITE, type Fixture, type TestApp } from './app.js';
import { multipart } from './multipart.js';
import { createRun, familyOf } from '../../src/domain/analyses.js';
import { createCategories, insertInsights, setVerdict } from '../../src/domain/analysis-results.js';

/**
 * A project coded three times for the agreement tests (issue 43, part 3): two runs and a coding
 * made by hand, laid down by hand so that every count and figure is worked out on paper from
 * the sentences, not by the engine under test.
 */
export const ONE = [
  'Interviewer: How was it?',
  '',
  'Ana: The fees went up twice this year. Nobody told us about it. I switched to the yearly plan.',
  '',
  'Ana: Support answered within an hour. The app crashed on Mondays.',
].join('\n');
export const TWO = 'Bo: Pricing is fair. The onboarding was confusing. I would recommend it.';

/** Sentences, numbered D1 1-6, D2 7-9; those that disagree. */
export const S = {
  2: 'Ana: The fees went up twice this year.',
  6: 'The app crashed on Mondays.',
  7: 'Bo: Pricing is fair.',
  8: 'The onboarding was confusing.',
};

type Coded = { doc: 'D1' | 'D2'; quote: string; codes: string[] };
/** Run a: Fees 2 3, Support 5, Onboarding 8. */
const RUN_A: Coded[] = [
  { doc: 'D1', quote: 'The fees went up twice this year. Nobody told us', codes: ['Fees'] },
  { doc: 'D1', quote: 'Support answered within an hour', codes: ['Support'] },
  { doc: 'D2', quote: 'onboarding was confusing', codes: ['Onboarding'] },
];
/** Run b: Fees 3 7, Support 5 6, Crashes 6. */
const RUN_B: Coded[] = [
  { doc: 'D1', quote: 'Nobody told us about it.', codes: ['Fees'] },
  { doc: 'D2', quote: 'Pricing is fair.', codes: ['Fees'] },
  { doc: 'D1', quote: 'Support answered within an hour.', codes: ['Support'] },
  { doc: 'D1', quote: 'The app crashed on Mondays.', codes: ['Support', 'Crashes'] },
];

/**
 * Uploads, confirms at the price shown and waits until the documents are ready, whether the test
 * drives the workers (`drain`) or a live server's worker works beside it (and may still be
 * pricing when the test looks).
 */
async function uploadAndWait(t: TestApp, f: Fixture, files: { filename: string; content: string }[]): Promise<void> {
  const body = multipart(files);
  const up = await t.app.server.inject({
    method: 'POST',
    url: `/api/sift-account/upload?projectId=${f.projectId}`,
    headers: { authorization: `Bearer ${f.accountKey}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(up.statusCode, up.body).toBe(200);
  const until = async (done: (s: { documents: { status: string }[]; confirmableCreditCost: number }) => boolean) => {
    for (let i = 0; i < 300; i++) {
      await t.app.workers.drain();
      const status = (await t.post(ACCOUNT, f.accountKey, { action: 'get_project_status', projectId: f.projectId })).json();
      if (done(status)) return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the documents did not get there within 30 s');
  };
  const priced = await until((s) => s.documents.length === files.length && s.documents.every((d) => d.status === 'awaiting_confirmation'));
  const confirm = await t.post(ACCOUNT, f.accountKey, {
    action: 'confirm_documents',
    projectId: f.projectId,
    expectedCreditCost: priced.confirmableCreditCost,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  await until((s) => s.documents.every((d) => d.status === 'ready'));
}

export interface AgreementProject {
  runA: string;
  runB: string;
  /** `D1`, `D2` → UUID. */
  docs: Record<string, string>;
}

/**
 * The fixture's project with ONE and TWO ready, runs `Run a` and `Run b` (completed predefined
 * runs with verdicts on both documents), and by hand, on D1 only: Fees 2, Support 5, and a quote
 * that is not in the text.
 */
export async function agreementProject(t: TestApp, f: Fixture): Promise<AgreementProject> {
  await uploadAndWait(t, f, [
    { filename: 'one.txt', content: ONE },
    { filename: 'two.txt', content: TWO },
  ]);
  const docs: Record<string, string> = {};
  for (const d of await t.app.store.db.selectFrom('documents').select(['id', 'counter']).where('projectId', '=', f.projectId).execute())
    docs[`D${d.counter}`] = d.id;
  const codedRun = (name: string, coded: Coded[]) =>
    t.app.store.transaction(async (trx) => {
      const run = await createRun(trx, f.projectId, 'predefined', { granularity: 'default', strictMode: false, name });
      const names = [...new Set(coded.flatMap((c) => c.codes))];
      const ids = await createCategories(
        trx,
        f.projectId,
        names.map((n) => ({ key: n, name: n, description: '', parentKey: null })),
        new Map(),
        run.id,
      );
      await insertInsights(
        trx,
        f.projectId,
        coded.map((c) => ({ documentId: docs[c.doc]!, text: c.quote, description: '', quotes: [c.quote], categoryKeys: c.codes })),
        ids,
        run.id,
      );
      for (const d of Object.values(docs)) await setVerdict(trx, f.projectId, familyOf('predefined', run), d, 'analysed', null, run.id);
      await trx.updateTable('analyses').set({ status: 'completed' }).where('id', '=', run.id).execute();
      return run.id;
    });
  const runA = await codedRun('Run a', RUN_A);
  const runB = await codedRun('Run b', RUN_B);
  const write = async (body: Record<string, unknown>) => expect((await t.post(WRITE, f.editKey, body)).statusCode).toBe(200);
  await write({ action: 'manage_insights', operation: 'create', categories: ['Fees'], text: 'Fees rose', documentId: 'D1', quotes: ['went up twice'] });
  await write({
    action: 'manage_insights',
    operation: 'create',
    categories: ['Support'],
    text: 'Quick support',
    documentId: 'D1',
    quotes: ['Support answered', 'a sentence nobody said'],
  });
  return { runA, runB, docs };
}
