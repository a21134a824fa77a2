import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedProject, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';

/**
 * Issue 44, parts 1 and 5, over HTTP on both stores: a transcript's passages are its speakers'
 * turns, read (`read_document`) and found (`search`) with `speaker` and `role` beside words that
 * hold no label or time stamp; `participantsOnly` leaves the interviewer out; a quoted phrase
 * keeps its "no".
 */
const ZOOM = `Pay and conditions interview, P4 (Ruth Evans, warehouse picker)
[Dana Whitfield] 10:00:04
Thanks for coming in. How has the pay been since the new contract started in the warehouse?
[Ruth Evans] 10:00:11
There was no pay rise at all this year, even though the rent went up again and the bus fares too.
[Dana Whitfield] 10:00:25
Did the warehouse managers explain why the pay stayed the same?
[Ruth Evans] 10:00:31
They said the pay rise would come with the new contract, but a pay rise never came for any of us on the floor.
[Dana Whitfield] 10:00:44
What about the night shifts?
[Ruth Evans] 10:00:49
Night shifts pay a bit more, but my knees cannot take the cold floor of the freezer section any more.
`;
const NOTES = `Field notes from the site visit.

The warehouse had new signs about the pay rise negotiations on every wall, and the canteen was closed for repairs.`;

const LABEL_OR_STAMP = /\[(?:Dana Whitfield|Ruth Evans)\]|\b\d{1,2}:\d{2}(?::\d{2})?\b/;

describe.each(STORE_KINDS)('passages of transcripts: speakers, roles, participants only, phrases, on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    const search = async (body: Record<string, unknown>) => {
      const res = await t.post(READ, f.readKey, { action: 'search', topK: 50, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        results: { type: string; id: string; text: string; speaker?: string | null; role?: string | null; snippet: { text: string } }[];
        total: number;
      };
    };

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(t, f, [
        { filename: 'ruth.txt', content: ZOOM },
        { filename: 'notes.txt', content: NOTES },
      ]);
    }, 60_000);
    afterAll(() => t?.close());

    it('reads a transcript as turns: each chunk one speaker’s words with speaker and role, the header apart, prose without either', async () => {
      const read = (await t.post(READ, f.readKey, { action: 'read_document', documentId: 'D1', limit: 30 })).json();
      expect(read.chunks.map((c: { speaker: string | null; role: string | null }) => [c.speaker, c.role])).toEqual([
        [null, null],
        ['Dana Whitfield', 'interviewer'],
        ['Ruth Evans', 'participant'],
        ['Dana Whitfield', 'interviewer'],
        ['Ruth Evans', 'participant'],
        ['Dana Whitfield', 'interviewer'],
        ['Ruth Evans', 'participant'],
      ]);
      expect(read.chunks[0].text).toBe('Pay and conditions interview, P4 (Ruth Evans, warehouse picker)');
      expect(read.chunks[2].text).toBe('There was no pay rise at all this year, even though the rent went up again and the bus fares too.');
      for (const c of read.chunks.slice(1)) {
        expect(c.text).not.toMatch(LABEL_OR_STAMP);
        expect(ZOOM.includes(c.text)).toBe(true);
      }
      const notes = (await t.post(READ, f.readKey, { action: 'read_document', documentId: 'D2' })).json();
      expect(notes.chunks).toEqual([{ index: 0, text: NOTES, speaker: null, role: null }]);
    });

    it('answers passages with speaker and role beside words and snippets free of labels and time stamps', async () => {
      const found = await search({ query: 'pay rise' });
      const passages = found.results.filter((r) => r.type === 'chunk');
      expect(passages.length).toBeGreaterThanOrEqual(4);
      for (const r of passages) {
        expect(r.text).not.toMatch(LABEL_OR_STAMP);
        expect(r.snippet.text).not.toMatch(LABEL_OR_STAMP);
        expect(r).toHaveProperty('speaker');
        expect(r).toHaveProperty('role');
      }
      const roles = new Set(passages.map((r) => `${r.speaker}|${r.role}`));
      expect(roles).toEqual(new Set(['Ruth Evans|participant', 'Dana Whitfield|interviewer', 'null|null']));
    });

    it('keeps interviewer turns searchable, and participants’ passages alone with participantsOnly (total counted alike)', async () => {
      const all = await search({ query: 'pay' });
      expect(all.results.filter((r) => r.role === 'interviewer')).toHaveLength(2);
      const only = await search({ query: 'pay', participantsOnly: true });
      expect(only.results).toHaveLength(3);
      for (const r of only.results.filter((x) => x.type === 'chunk')) expect([r.speaker, r.role]).toEqual(['Ruth Evans', 'participant']);
      expect(only.total).toBe(only.results.length);
      const shifts = await search({ query: 'night shifts', participantsOnly: true });
      expect(shifts.results.map((r) => r.text)).toEqual([
        'Night shifts pay a bit more, but my knees cannot take the cold floor of the freezer section any more.',
      ]);
      expect((await search({ query: 'night shifts' })).results.map((r) => r.role)).toEqual(expect.arrayContaining(['interviewer', 'participant']));
    });

    it('reads entities in sections of turns after their speakers, as chunks held them before: a speaker once, not once a turn', async () => {
      const res = await t.post(READ, f.readKey, { action: 'find_entities' });
      expect(res.statusCode).toBe(200);
      const people = (res.json().entities as { text: string; type: string; count: number }[]).filter((e) => /Ruth|Dana/.test(e.text));
      // Dana Whitfield is named by her labels alone; read turn by turn after them, each would count once per turn (3).
      expect(people.map((p) => [p.text, p.type, p.count]).sort()).toEqual([
        ['Dana Whitfield', 'person', 1],
        ['Ruth Evans', 'person', 1],
      ]);
    });

    it('keeps "no" in a quoted phrase, where it is a stop word for matching', async () => {
      const words = await search({ query: 'no pay rise' });
      expect(words.results.length).toBeGreaterThanOrEqual(3);
      const phrase = await search({ query: '"no pay rise"' });
      expect(phrase.results.map((r) => r.text)).toEqual(['There was no pay rise at all this year, even though the rent went up again and the bus fares too.']);
      expect(phrase.total).toBe(1);
      expect((await search({ query: '"a pay rise"' })).results.map((r) => r.speaker)).toEqual(['Ruth Evans']);
      expect((await search({ query: '“no pay rise”', participantsOnly: true })).total).toBe(1);
      expect((await search({ query: '"no pay cut"' })).total).toBe(0);
    });
  });
});
