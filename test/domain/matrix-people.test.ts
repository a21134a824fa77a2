import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { insertDocument } from '../helpers/documents.js';
import { peopleOf } from '../../src/domain/matrix-people.js';

/** Who said what, for the matrices: a quote's turn, the one participant, or the document; and texts read once. */
describe('peopleOf', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
    f = await seedProject(t);
  });
  afterAll(() => t?.close());

  const GROUP = ['Moderator: What do you think?', '', 'Bo: It is fine.', '', 'Cy: It is slow.', '', 'Moderator: Why?', '', 'Bo: The queue.'].join('\n');
  const INTERVIEW = ['Interviewer: Why?', '', 'Ana: Because of the fees.', '', 'Interviewer: And then?', '', 'Ana: I left.'].join('\n');
  const insight = (id: string, quotes: string[], updatedAt = 't1') => ({ id, updatedAt, quotes: JSON.stringify(quotes) });

  it('a quote’s speaker where it stands in a participant’s turn; else the one participant, or the document itself', async () => {
    const group = await insertDocument(t.app.store, f.projectId, { text: GROUP });
    const interview = await insertDocument(t.app.store, f.projectId, { text: INTERVIEW });
    const notes = await insertDocument(t.app.store, f.projectId, { text: 'Field notes. The queue was long.' });
    const people = await peopleOf(t.app.store.db, f.projectId, [
      { id: group.id, stamp: group.updatedAt, insights: [insight('a', ['nowhere', 'It is slow.']), insight('b', ['What do you think?']), insight('c', [])] },
      { id: interview.id, stamp: interview.updatedAt, insights: [insight('d', ['And then?'])] },
      { id: notes.id, stamp: notes.updatedAt, insights: [insight('e', ['The queue was long.'])] },
    ]);
    const g = people.get(group.id)!;
    expect(g.speakers).toEqual(['Bo', 'Cy']);
    expect(g.placed.get('a')).toEqual({ speaker: 'Cy', spans: [{ start: GROUP.indexOf('It is slow.'), end: GROUP.indexOf('It is slow.') + 11 }] });
    // The moderator's words, and no quote at all: among two participants, nobody in particular.
    expect(g.placed.get('b')!.speaker).toBeNull();
    expect(g.placed.get('c')).toEqual({ speaker: null, spans: [] });
    expect(people.get(interview.id)!.placed.get('d')!.speaker).toBe('Ana');
    expect(people.get(notes.id)).toMatchObject({ speakers: [], placed: new Map([['e', { speaker: null, spans: [{ start: 13, end: 32 }] }]]) });
  });

  it('reads a text once while the document and its insights stay as they were', async () => {
    const doc = await insertDocument(t.app.store, f.projectId, { text: INTERVIEW });
    const ask = (stamp: string, updatedAt = 't1') =>
      peopleOf(t.app.store.db, f.projectId, [{ id: doc.id, stamp, insights: [insight('x', ['I left.'], updatedAt)] }]);
    expect((await ask(doc.updatedAt)).get(doc.id)!.speakers).toEqual(['Ana']);
    // The text changed behind the document's back: what was read stands until the document or the insight changes.
    await t.app.store.db
      .updateTable('documents')
      .set({ text: INTERVIEW.replaceAll('Ana', 'Eve') })
      .where('id', '=', doc.id)
      .execute();
    expect((await ask(doc.updatedAt)).get(doc.id)!.placed.get('x')!.speaker).toBe('Ana');
    expect((await ask(doc.updatedAt, 't2')).get(doc.id)).toMatchObject({
      speakers: ['Ana'],
      placed: new Map([['x', expect.objectContaining({ speaker: 'Ana' })]]),
    });
    expect((await ask('later')).get(doc.id)).toMatchObject({ speakers: ['Eve'], placed: new Map([['x', expect.objectContaining({ speaker: 'Eve' })]]) });
  });
});
