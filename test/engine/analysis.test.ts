import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { automaticAnalysis, predefinedAnalysis, summarizeDocument } from '../../src/engine/analysis/index.js';
import { chunkText } from '../../src/engine/chunk.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { MANUALS } from '../fixtures/manuals.js';
import { evidence, isTranscript } from '../../src/engine/analysis/evidence.js';
import { insightFrom, pointsOf, statement } from '../../src/engine/analysis/insight.js';
import path from 'node:path';
import { documentsOf, loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { terms } from '../../src/engine/text/index.js';

const docs = TRANSCRIPTS.map((t, i) => ({ id: `d${i}`, text: t.text, chunks: chunkText(t.text) }));
const opts = { locale: 'en', granularity: 'default' as const, strictMode: false, existingCategories: [], seed: 42 };

describe('analysis engine', () => {
  it('finds recurring themes with verbatim, participant-only quotes, deterministically', () => {
    const a = automaticAnalysis(docs, opts);
    expect(a).toEqual(automaticAnalysis(docs, opts));
    expect(a.categories.length).toBeGreaterThan(1);
    expect(a.categories.length).toBeLessThanOrEqual(24);
    const keys = new Set(a.categories.map((c) => c.key));
    for (const c of a.categories) if (c.parentKey) expect(keys.has(c.parentKey)).toBe(true);
    for (const i of a.insights) {
      const doc = docs.find((d) => d.id === i.documentId)!;
      expect(i.categoryKeys.length).toBeGreaterThan(0);
      for (const q of i.quotes) {
        expect(doc.text).toContain(q);
        const line = doc.text.split('\n').find((l) => l.includes(q))!;
        expect(line.startsWith('Interviewer:')).toBe(false);
      }
    }
  });

  it('keeps every quote verbatim on arbitrary documents, and a broken document fails alone', () => {
    fc.assert(
      fc.property(fc.array(fc.lorem({ maxCount: 40, mode: 'sentences' }), { minLength: 2, maxLength: 5 }), (texts) => {
        const input = texts.map((t, i) => ({ id: `r${i}`, text: `Participant: ${t}`, chunks: chunkText(`Participant: ${t}`) }));
        const result = automaticAnalysis(input, opts);
        for (const i of result.insights) for (const q of i.quotes) expect(input.find((d) => d.id === i.documentId)!.text).toContain(q);
      }),
      { numRuns: 30 },
    );
    const broken = { id: 'bad', text: 'x', chunks: null as never };
    const result = automaticAnalysis([...docs, broken], opts);
    expect(result.verdicts.find((v) => v.documentId === 'bad')).toMatchObject({ verdict: 'failed' });
    expect(result.verdicts.filter((v) => v.verdict === 'analysed').length).toBeGreaterThan(0);
  });

  it("puts passages about a predefined category's subject into it", () => {
    const { insights } = predefinedAnalysis(
      docs,
      [
        { name: 'Price', description: 'cost, fees, subscription, discounts' },
        { name: 'Getting started', description: 'onboarding, setup, tutorial' },
      ],
      opts,
    );
    const price = insights.filter((i) => i.categoryKeys.includes('Price')).map((i) => i.documentId);
    expect(price).toEqual(expect.arrayContaining(['d2', 'd3']));
    const start = insights.filter((i) => i.categoryKeys.includes('Getting started')).map((i) => i.documentId);
    expect(start).toEqual(expect.arrayContaining(['d4', 'd5']));
  });

  it('lets strict mode raise and inclusive granularity lower the bar for predefined passages', () => {
    const categories = [
      { name: 'Price', description: 'cost, fees, subscription, discounts' },
      { name: 'Bank connection', description: 'sync, bank, credentials, import' },
    ];
    const passages = (granularity: 'default' | 'inclusive', strictMode: boolean) =>
      predefinedAnalysis(docs, categories, { ...opts, granularity, strictMode }).insights.reduce((n, i) => n + i.support, 0);
    expect(passages('default', true)).toBeLessThan(passages('default', false));
    expect(passages('default', false)).toBeLessThan(passages('inclusive', false));
    const inclusive = predefinedAnalysis(docs, categories, { ...opts, granularity: 'inclusive' });
    expect(inclusive.verdicts.every((v) => v.verdict === 'analysed')).toBe(true);
    const overview = predefinedAnalysis(docs, categories, { ...opts, granularity: 'overview' });
    for (const i of overview.insights) expect(i.quotes).toHaveLength(1);
  });

  it('files a passage under every predefined category its own words speak to, and an empty one under none twice', () => {
    // A development study of the passage benchmark (never a held-out one).
    const study = loadStudy(path.join(STUDIES_DIR, 'care-workers'));
    const input = documentsOf(study);
    const categories = study.themes.filter((t) => !t.distractor).map((t) => ({ name: t.name, description: t.description }));
    const { insights } = predefinedAnalysis(input, categories, opts);
    const filed = new Map<string, string[]>();
    for (const i of insights) for (const q of i.quotes) filed.set(`${i.documentId}|${q}`, [...(filed.get(`${i.documentId}|${q}`) ?? []), ...i.categoryKeys]);
    const several = [...filed].filter(([, keys]) => keys.length > 1);
    expect(several.length).toBeGreaterThan(0);
    expect(several.length).toBeLessThan(filed.size / 5);
    // A passage filed twice carries words of its own, not only its turn's.
    for (const [key] of several) expect(terms(key.slice(key.indexOf('|') + 1), 'en').length).toBeGreaterThanOrEqual(2);
    expect((filed.get("p01|It's not rocket science.") ?? []).length).toBeLessThanOrEqual(1);
    const visits = [...filed].find(([key]) => key.includes('extra ten minutes with each of them without anybody spending a penny more'));
    expect(visits?.[1].sort()).toEqual(['Pay and mileage', 'Rushed visits']);
  });

  it("states an insight without the speaker's fillers, in the document's language, keeping the words that are not fillers there", () => {
    // A filler word goes only where a comma sets it off: the sentence is never cut at its start ("No worries" keeps its "No").
    expect(statement('No worries at all, thanks for having me.', 'en')).toBe('No worries at all, thanks for having me.');
    expect(statement('Um, so I am up at half five and out the door by quarter to seven.', 'en')).toBe(
      'So I am up at half five and out the door by quarter to seven.',
    );
    expect(statement('Er ist seit gut zwei Jahren in der Sonnenblume.', 'de')).toBe('Er ist seit gut zwei Jahren in der Sonnenblume.');
    expect(statement('Also, Ben ist fünf und seit drei Jahren dort.', 'de')).toBe('Ben ist fünf und seit drei Jahren dort.');
    expect(statement('Ähm, naja, das Essen ist eigentlich gut.', 'de')).toBe('Das Essen ist eigentlich gut.');
    expect(statement('Ben, on attend toujours la réponse de la mairie.', 'fr')).toBe('On attend toujours la réponse de la mairie.');
    // A development study of the passage benchmark (never a held-out one): every insight's text is one of its quotes, less fillers only.
    const study = loadStudy(path.join(STUDIES_DIR, 'kita-eltern-de'));
    const input = documentsOf(study);
    const { insights } = automaticAnalysis(input, { ...opts, locale: 'de' });
    expect(insights.length).toBeGreaterThan(0);
    for (const i of insights) {
      const words = (x: string) => x.toLowerCase().match(/\p{L}+/gu) ?? [];
      const quote = words(i.quotes[0]!);
      // A statement cut at 300 characters ends in a part of a word.
      const text = i.text.endsWith('…') ? words(i.text).slice(0, -1) : words(i.text);
      // The statement's words are the quote's, in order; what is left out is fillers alone.
      const dropped: string[] = [];
      let at = 0;
      for (const w of quote) {
        if (w === text[at]) at++;
        else dropped.push(w);
      }
      expect(at).toBe(text.length);
      for (const w of dropped)
        expect(['also', 'naja', 'na', 'tja', 'ja', 'genau', 'okay', 'ok', 'ach', 'ähm', 'äh', 'öhm', 'hm', 'ehrlich', 'gesagt']).toContain(w);
    }
  });

  it('leaves manuals out of a project of interviews, saying why, and finds the same themes as without them', () => {
    // Development studies of the passage benchmark (never a held-out one), with two manuals that
    // share their words (journeys, mileage, pay, rota, safety; app, hours, staff, forms).
    const manuals = MANUALS.map((m) => ({ ...m, chunks: chunkText(m.text) }));
    const isManual = (id: string) => id.startsWith('manual-');
    for (const name of ['care-workers', 'library-users']) {
      const study = loadStudy(path.join(STUDIES_DIR, name));
      const interviews = documentsOf(study);
      const categories = study.themes.filter((t) => !t.distractor).map((t) => ({ name: t.name, description: t.description }));
      for (const result of [predefinedAnalysis([...interviews, ...manuals], categories, opts), automaticAnalysis([...interviews, ...manuals], opts)]) {
        expect(result.insights.filter((i) => isManual(i.documentId))).toEqual([]);
        for (const m of manuals)
          expect(result.verdicts.find((v) => v.documentId === m.id)).toMatchObject({ verdict: 'skipped', reason: expect.stringContaining('not a transcript') });
      }
      const alone = automaticAnalysis(interviews, opts);
      expect(automaticAnalysis([...interviews, ...manuals], opts)).toEqual({ ...alone, verdicts: expect.arrayContaining(alone.verdicts) });
    }
    // Alone, the manuals are what the project is about, and are analysed.
    expect(automaticAnalysis(manuals, opts).verdicts.filter((v) => v.reason?.includes('not a transcript'))).toEqual([]);
  });

  it('tells a transcript from a manual by its speakers, not by its labelled lines', () => {
    const manual = Array.from(
      { length: 6 },
      (_, n) => `Step ${n + 1}\n\nNote: keep the lid closed.\nWarning: unplug it first.\nTip: it works best when cold.`,
    ).join('\n\n');
    expect(isTranscript({ text: manual })).toBe(false);
    // Long turns hard-wrapped over many lines are still turns.
    const wrapped = (who: string) => `${who}: ${Array.from({ length: 12 }, () => 'and then we talked about the bus times again').join('\n')}`;
    expect(isTranscript({ text: ['Interviewer: How was it?', wrapped('Ann'), 'Interviewer: And then?', wrapped('Ann')].join('\n\n') })).toBe(true);
  });

  it("makes one insight per point: a run of one participant's sentences on the theme, stated by its clearest sentence, quoting all of it", () => {
    const text = [
      'Interviewer: How do you get there?',
      'Derek: Well. The bus only comes once an hour now, which is hopeless for anyone on shifts. It used to come every twenty minutes from the market square.',
      'Interviewer: And the staff?',
      'Derek: The staff are lovely, they sorted my bus pass form for me.',
      'Interviewer: Anything else about getting there?',
      'Derek: The last bus back leaves at six, so evening events are out for me.',
      'Interviewer: What about weekends?',
      'Derek: My grandson visits on Sundays, we go fishing at the reservoir together.',
      'Interviewer: And the bus at weekends?',
      'Derek: On Sundays there is no bus at all, so I walk the two miles in.',
    ].join('\n');
    const doc = { id: 'd', text, chunks: chunkText(text) };
    const said = evidence(doc, 'en');
    const on = (words: string[]) => said.flatMap((s, i) => (words.some((w) => s.text.includes(w)) ? [i] : []));
    const bus = on(['bus only', 'twenty minutes', 'last bus', 'no bus']);
    const staff = new Set(on(['staff are lovely']));
    const points = pointsOf(bus, said, (i) => staff.has(i));
    // The staff's answer stands between the first run and the last bus; fishing between that and Sundays.
    expect(points.map((p) => p.map((i) => said[i]!.text))).toEqual([
      ['The bus only comes once an hour now, which is hopeless for anyone on shifts.', 'It used to come every twenty minutes from the market square.'],
      ['The last bus back leaves at six, so evening events are out for me.'],
      ['On Sundays there is no bus at all, so I walk the two miles in.'],
    ]);
    const insight = insightFrom(doc, [said[bus[1]!]!, said[bus[0]!]!], 'Buses', 'en', (s) => s.text.split(' ').length > 12)!;
    expect(insight.text).toBe('The bus only comes once an hour now, which is hopeless for anyone on shifts.');
    expect(insight.quotes).toEqual([
      'The bus only comes once an hour now, which is hopeless for anyone on shifts.',
      'It used to come every twenty minutes from the market square.',
    ]);
    expect(insight.description).toBe('Buses: raised when asked “How do you get there?”; 2 sentences.');
  });

  it('takes its thresholds from one parameters object, which an experiment overrides', () => {
    const tops = (r: ReturnType<typeof automaticAnalysis>) => r.categories.filter((c) => !c.parentKey).length;
    expect(tops(automaticAnalysis(docs, opts))).toBeGreaterThan(2);
    expect(tops(automaticAnalysis(docs, { ...opts, params: { automatic: { maxThemes: 2 } } }))).toBeLessThanOrEqual(2);
    const categories = [{ name: 'Price', description: 'cost, fees, subscription, discounts' }];
    const count = (r: ReturnType<typeof predefinedAnalysis>) => r.insights.reduce((n, i) => n + i.support, 0);
    expect(count(predefinedAnalysis(docs, categories, { ...opts, params: { predefined: { bar: { raw: 0.5, standardised: 3 } } } }))).toBeLessThan(
      count(predefinedAnalysis(docs, categories, opts)),
    );
  });

  it('takes no line of code or format string for evidence', () => {
    const text =
      'Participant: Start the server with app.listen(3000); then call fastify() again, as the service guide says.\n\nParticipant: The log says "%s: skipping existing file" when the file exists already, every single morning.\n\nParticipant: The morning log is long and the service guide is longer, every single morning.';
    const found = evidence({ id: 'c', text, chunks: chunkText(text) }, 'en').map((s) => s.text);
    expect(found).toEqual(['The morning log is long and the service guide is longer, every single morning.']);
  });

  it('summarises a document with its own sentences', () => {
    const s = summarizeDocument(docs[0]!, { locale: 'en', maxSentences: 3 });
    expect(s.text.length).toBeGreaterThan(0);
    const sentences = s.text.split(/(?<=[.!])\s+/);
    for (const sentence of sentences) expect(docs[0]!.text).toContain(sentence);
  });
});
