import { expect } from 'vitest';
import { WRITE, type Fixture, type TestApp } from './app.js';
import { uploadReady } from './upload.js';

/** Two interviews, one with an emoji before a quote (code points and UTF-16 units part there) and XML's special characters. */
export const CODED_TEXTS = {
  ana: [
    'Interviewer: How do you pay?',
    '',
    'Ana: The fees went up twice this year 😡 and nobody told us.',
    '',
    'Ana: I switched to the yearly plan because "monthly" felt like a trap & a half.',
  ].join('\n'),
  bo: 'Interviewer: And support?\n\nBo: Support answered within an hour, which surprised me.',
};

/**
 * The fixture's project coded by hand as a researcher would: a category tree, two insights (one
 * with two quotes and two categories), notes on an insight, a document and a category, a tag on
 * a document, an insight and a category, and two metadata fields with values.
 */
export async function codeProject(t: TestApp, f: Fixture): Promise<void> {
  const write = async (body: Record<string, unknown>) => {
    const res = await t.post(WRITE, f.editKey, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  await uploadReady(t, f, [
    { filename: 'ana.txt', content: CODED_TEXTS.ana },
    { filename: 'bo.txt', content: CODED_TEXTS.bo },
  ]);
  const parent = (await write({ action: 'manage_categories', operation: 'create', text: 'Money <& "fees">', description: 'What people pay.' })).category;
  await write({ action: 'manage_categories', operation: 'create', text: 'Price rises', parentId: parent.id });
  const { insight } = await write({
    action: 'manage_insights',
    operation: 'create',
    categories: ['Price rises', 'Plans'],
    text: 'Fees rise without notice',
    description: 'Two rises in a year.',
    documentId: 'D1',
    quotes: ['The fees went up twice this year 😡 and nobody told us.', 'I switched to the yearly plan because "monthly" felt like a trap & a half.'],
  });
  await write({
    action: 'manage_insights',
    operation: 'create',
    categories: ['Support'],
    text: 'Support is quick',
    documentId: 'D2',
    quotes: ['Support answered within an hour'],
  });
  await write({ action: 'create_note', targetType: 'documentInsight', targetId: insight.id, text: 'Check the pricing page history.' });
  await write({ action: 'create_note', targetType: 'document', targetId: 'D2', text: 'Short interview.' });
  await write({ action: 'create_note', targetType: 'insightCategory', targetId: parent.id, text: 'Merge with billing?' });
  const { tag } = await write({ action: 'manage_tags', operation: 'create', text: 'Churn risk', color: '#FF0000' });
  await write({ action: 'manage_tags', operation: 'add_targets', id: tag.id, documentIds: ['D1'], insightIds: [insight.id], categoryIds: ['Plans'] });
  await write({ action: 'manage_metadata_fields', operation: 'create', text: 'Age', valueType: 'number' });
  await write({ action: 'manage_metadata_fields', operation: 'create', text: 'Segment' });
  await write({
    action: 'set_metadata_values',
    documentId: 'D1',
    values: [
      { fieldId: 'Age', text: '34' },
      { fieldId: 'Segment', text: 'SMB' },
    ],
  });
}
