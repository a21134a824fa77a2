import { expect } from 'vitest';
import { WRITE, type Fixture, type TestApp } from './app.js';
import { uploadReady } from './upload.js';
import { createRun, familyOf } from '../../src/domain/analyses.js';
import { createCategories, insertInsights, setVerdict } from '../../src/domain/analysis-results.js';

/**
 * A small project for the matrix tests (issue 43, part 4), laid down by hand so that every count
 * is worked out on paper: an interview (Ana), a focus group (Bo and Cy), field notes without
 * speakers, and an interview nobody's run coded (Di).
 */
export const MATRIX_TEXTS = {
  'one.txt': [
    'Interviewer: How do you pay?',
    '',
    'Ana: The fees went up twice this year. Nobody told us.',
    '',
    'Interviewer: And support?',
    '',
    'Ana: Support answered within an hour. The app crashed on Mondays.',
  ].join('\n'),
  'two.txt': [
    'Interviewer: What do you think of the price?',
    '',
    'Bo: Pricing is fair for what we get.',
    '',
    'Cy: The fees are too high for a small team.',
    '',
    'Interviewer: And the onboarding?',
    '',
    'Bo: The onboarding was confusing at first.',
  ].join('\n'),
  'three.txt': 'Field notes from the library visit. Staff said the fees confuse visitors. The app crashed twice during the visit.',
  'four.txt': [
    'Interviewer: Tell me about your week.',
    '',
    'Di: It was a quiet week at the shop.',
    '',
    'Interviewer: Anything else?',
    '',
    'Di: Nothing much happened, =1+1 as they say.',
  ].join('\n'),
};

/** The category made by hand: formula-like, to be defused in CSV, and with a comma. */
export const SMALL_TALK = '=SUM(1,2) small talk';

type Coded = { doc: 'D1' | 'D2' | 'D3'; quote: string; codes: string[] };

/**
 * The run's insights, I1-I9 in this order: Money holds Fees and Pricing; I1 and I2 overlap
 * ("Nobody told us."), I4 is filed in two codes.
 */
const RUN: Coded[] = [
  { doc: 'D1', quote: 'The fees went up twice this year. Nobody told us.', codes: ['Fees'] },
  { doc: 'D1', quote: 'Nobody told us.', codes: ['Support'] },
  { doc: 'D1', quote: 'Support answered within an hour.', codes: ['Support'] },
  { doc: 'D1', quote: 'The app crashed on Mondays.', codes: ['Crashes', 'Support'] },
  { doc: 'D2', quote: 'Pricing is fair for what we get.', codes: ['Pricing'] },
  { doc: 'D2', quote: 'The fees are too high for a small team.', codes: ['Fees'] },
  { doc: 'D2', quote: 'The onboarding was confusing at first.', codes: ['Onboarding'] },
  { doc: 'D3', quote: 'Staff said the fees confuse visitors.', codes: ['Fees'] },
  { doc: 'D3', quote: 'The app crashed twice during the visit.', codes: ['Crashes'] },
];

export interface MatrixProject {
  run: string;
  /** Category name → short id. */
  categories: Record<string, string>;
}

/**
 * The fixture's project with the four documents ready; a completed predefined run `Run` (verdicts
 * on D1-D3) with Money (Fees, Pricing), Support, Crashes and Onboarding and the insights I1-I9;
 * by hand, I10 on D4 filed in a new root category `SMALL_TALK`; a metadata field `Segment`:
 * D1 `SMB`, D2 `Enterprise`, D3 `smb.` (the same value, as filters compare them), D4 none.
 */
export async function matrixProject(t: TestApp, f: Fixture): Promise<MatrixProject> {
  await uploadReady(
    t,
    f,
    Object.entries(MATRIX_TEXTS).map(([filename, content]) => ({ filename, content })),
  );
  const docs: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const d of await t.app.store.db.selectFrom('documents').select(['id', 'counter', 'filename']).where('projectId', '=', f.projectId).execute()) {
    docs[`D${d.counter}`] = d.id;
    names[`D${d.counter}`] = d.filename;
  }
  expect(names).toEqual({ D1: 'one.txt', D2: 'two.txt', D3: 'three.txt', D4: 'four.txt' });
  const run = await t.app.store.transaction(async (trx) => {
    const created = await createRun(trx, f.projectId, 'predefined', { granularity: 'default', strictMode: false, name: 'Run' });
    const ids = await createCategories(
      trx,
      f.projectId,
      [
        { key: 'Money', name: 'Money', description: '', parentKey: null },
        { key: 'Fees', name: 'Fees', description: '', parentKey: 'Money' },
        { key: 'Pricing', name: 'Pricing', description: '', parentKey: 'Money' },
        { key: 'Support', name: 'Support', description: '', parentKey: null },
        { key: 'Crashes', name: 'Crashes', description: '', parentKey: null },
        { key: 'Onboarding', name: 'Onboarding', description: '', parentKey: null },
      ],
      new Map(),
      created.id,
    );
    await insertInsights(
      trx,
      f.projectId,
      RUN.map((c) => ({ documentId: docs[c.doc]!, text: c.quote, description: '', quotes: [c.quote], categoryKeys: c.codes })),
      ids,
      created.id,
    );
    for (const d of ['D1', 'D2', 'D3']) await setVerdict(trx, f.projectId, familyOf('predefined', created), docs[d]!, 'analysed', null, created.id);
    await trx.updateTable('analyses').set({ status: 'completed' }).where('id', '=', created.id).execute();
    return created.id;
  });
  const write = async (body: Record<string, unknown>) => {
    const res = await t.post(WRITE, f.editKey, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  await write({
    action: 'manage_insights',
    operation: 'create',
    categories: [SMALL_TALK],
    text: 'A quiet week',
    documentId: 'D4',
    quotes: ['It was a quiet week at the shop.'],
  });
  await write({ action: 'manage_metadata_fields', operation: 'create', text: 'Segment' });
  for (const [documentId, text] of [
    ['D1', 'SMB'],
    ['D2', 'Enterprise'],
    ['D3', 'smb.'],
  ])
    await write({ action: 'set_metadata_values', documentId, values: [{ fieldId: 'Segment', text }] });
  const categories: Record<string, string> = {};
  for (const c of await t.app.store.db.selectFrom('categories').select(['shortId', 'text']).where('projectId', '=', f.projectId).execute())
    categories[c.text] = c.shortId;
  return { run, categories };
}
