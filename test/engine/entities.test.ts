import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entitiesOf, tallyEntities } from '../../src/engine/entities/index.js';
import { stopWords } from '../../src/engine/text/index.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';

const study = (name: string) => loadStudy(path.join(STUDIES_DIR, name));

describe('named entities', () => {
  for (const [name, locale] of [
    ['care-workers', 'en'],
    ['kita-eltern-de', 'de'],
  ] as const) {
    it(`${name}: no pronoun, question word, contraction or function word is an entity`, () => {
      const stops = stopWords(locale);
      for (const t of study(name).transcripts) {
        // Dates may be made of common words ("in zwei Jahren"); names may not.
        for (const e of entitiesOf(t.text, locale).filter((x) => x.kind !== 'date')) {
          expect(e.text.split(' ').every((w) => stops.has(w.toLowerCase()))).toBe(false);
          expect(e.text).not.toMatch(/^(How|What|Im|Id|Ive|Ill|Thats|Whats|Honestly|Thank|Um|Wie|Was|Das|Sie|Ja|Nein|den|ist|nur)$/);
          // Nor does a name end on one ("Sunday I'm", from "by Sunday I'm fit for nothing").
          expect(e.text).not.toMatch(/\s(I['’]m|I['’]d|I['’]ve|I['’]ll|it['’]s)$/i);
          // Nor is a relative named by kinship alone ("Mum said …"); "Auntie Grace" is a person.
          expect(e.text).not.toMatch(/^(Mum|Dad|Mama|Nan|Gran)$/);
        }
      }
    });
  }

  it('reads a header as a header: its labels name no one, a place ends at its line, contractions with a typographic apostrophe are no names', () => {
    const text =
      'Interview 4 with Maria\nLocation: Leeds\nDate: 3 March 2025\nTime: 10:00\n\nInterviewer: How was the commute?\n\nMaria: I’d say I’m tired of it. I’ve waited at Leeds station for Northern Rail every Monday, and I’ll keep complaining.';
    const found = entitiesOf(text, 'en');
    for (const wrong of ['Date', 'Location', 'Time', 'Leeds Date', 'Maria Location', 'I’d', 'I’m', 'I’ve', 'I’ll'])
      expect(found.map((e) => e.text)).not.toContain(wrong);
    expect(found).toEqual(
      expect.arrayContaining([
        { kind: 'person', text: 'Maria' },
        { kind: 'place', text: 'Leeds' },
        { kind: 'date', text: '3 March 2025' },
      ]),
    );
  });

  it("finds an English interview's participant, weekdays as dates, and places", () => {
    const all = study('care-workers').transcripts.flatMap((t) => entitiesOf(t.text, 'en'));
    const participant = /—\s*P\d+\s*\((\p{L}+)/u.exec(study('care-workers').transcripts[0]!.text)![1]!;
    expect(all).toContainEqual({ kind: 'person', text: participant });
    expect(all.filter((e) => e.kind === 'date').map((e) => e.text)).toContain('Friday');
    expect(all.some((e) => e.kind === 'place')).toBe(true);
    expect(all.some((e) => e.kind === 'date' && /^(now|morning|night)$/i.test(e.text))).toBe(false);
    // The header's participant code ("— P01 (Janet, …)") is how the transcript files a person, not a name.
    expect(all.filter((e) => /^P\d+$/.test(e.text))).toEqual([]);
    // Nor is a weekday found as a date ("on Friday") found again as a name of its own.
    expect(all.filter((e) => e.kind === 'other' && /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/.test(e.text))).toEqual([]);
  });

  it('takes days said as a habit for dates, and no length of time or moment counted from today for one', () => {
    const found = entitiesOf(
      'Maria: I do Saturdays and Tuesdays at the food bank, for an hour or two. In two weeks it moves, and two days ago they told us, so this year is the last. We opened on 3 March 2024.',
      'en',
    );
    const dates = found.filter((e) => e.kind === 'date').map((e) => e.text);
    expect(dates).toEqual(expect.arrayContaining(['Saturdays', 'Tuesdays', 'on 3 March 2024']));
    expect(dates.filter((t) => /hour|week|days ago|year/i.test(t))).toEqual([]);
    // A month inside a date already found is not a second date.
    expect(dates).not.toContain('March');
    expect(found.filter((e) => e.kind === 'other')).toEqual([]);
  });

  it('files a name under the closest kind any text of the project gives it', () => {
    const tally = tallyEntities([
      { document: 1, entities: [{ kind: 'other', text: 'Friday' }] },
      { document: 2, entities: [{ kind: 'date', text: 'Friday' }] },
    ]);
    expect(tally.map(({ kind, text, count }) => ({ kind, text, count }))).toEqual([{ kind: 'date', text: 'Friday', count: 2 }]);
  });

  it('reads a German project in German: its names, its people and its dates, and no common noun as a place', () => {
    const all = study('kita-eltern-de').transcripts.flatMap((t) => entitiesOf(t.text, 'de'));
    expect(all).toContainEqual({ kind: 'other', text: 'Kita Sonnenblume', recurring: true });
    expect(all.filter((e) => e.kind === 'person').some((e) => /^Frau \p{Lu}/u.test(e.text))).toBe(true);
    expect(all.filter((e) => e.kind === 'date').some((e) => /Freitag|Donnerstag/.test(e.text))).toBe(true);
    expect(all.filter((e) => e.kind === 'place')).toEqual([]);
    // German capitalises every noun: a single capitalised word is not taken for a name.
    expect(all.some((e) => e.kind === 'other' && !e.text.includes(' '))).toBe(false);
  });

  it('keeps two German nouns side by side only where they recur across documents, as a name does', () => {
    const kita = study('kita-eltern-de');
    const found = kita.transcripts.map((t) => ({ document: t.id, entities: entitiesOf(t.text, 'de') }));
    const guessed = found.flatMap((f) => f.entities.filter((e) => e.recurring).map((e) => e.text));
    expect(guessed).toEqual(expect.arrayContaining(['Glas Wasser', 'Teller Reis']));
    const others = tallyEntities(found).filter((e) => e.kind === 'other');
    expect(others.map((e) => e.text)).toContain('Kita Sonnenblume');
    expect(others.map((e) => e.text)).not.toContain('Glas Wasser');
    for (const e of others) expect(e.documents.size).toBeGreaterThanOrEqual(2);
    // A project of one document has nothing to compare with: its guesses stand.
    expect(tallyEntities(found.slice(0, 1)).filter((e) => e.kind === 'other').length).toBeGreaterThan(0);
    // English names are not guesses: one participant's "Universal Credit" stays.
    const care = study('care-workers').transcripts.map((t) => ({ document: t.id, entities: entitiesOf(t.text, 'en') }));
    expect(tallyEntities(care).map((e) => e.text)).toContain('Universal Credit');
  });
});
