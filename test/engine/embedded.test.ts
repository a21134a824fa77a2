import { describe, expect, it } from 'vitest';
import { embedded, readsLanguage, recording } from '../../src/engine/meaning/embedded.js';
import { automaticAnalysis, predefinedAnalysis } from '../../src/engine/analysis/index.js';
import { chunkText } from '../../src/engine/chunk.js';
import { offTheme } from '../../src/engine/analysis/embedded-fit.js';

describe("a provider's embeddings as the engine's meaning", () => {
  it('records the texts asked for, then answers them unit length by their words, and nothing where one is missing', () => {
    const r = recording();
    expect(r.embedder(['a  text', 'another\ntext'])).toBeNull();
    expect(r.texts()).toEqual(['a text', 'another text']);
    const e = embedded(new Map([['a text', Float32Array.from([3, 4])]]));
    expect(e(['a\ttext'])).toEqual([Float32Array.from([0.6, 0.8])]);
    expect(e(['a text', 'unknown'])).toBeNull();
  });

  it('is used for a language the model reads', () => {
    expect(readsLanguage(null, 'de')).toBe(true);
    expect(readsLanguage(['en'], 'en-GB')).toBe(true);
    expect(readsLanguage(['en', 'fr'], 'de')).toBe(false);
  });

  it('files by the meaning it gives where words are not shared', () => {
    const text = `Interviewer: How was it?\n\nPetra: Das Wetter war schön und wir sind gewandert.\n\nInterviewer: And the money?\n\nPetra: Die Miete frisst mein ganzes Gehalt auf.\n`;
    const docs = [0, 1, 2].map((i) => ({ id: `d${i}`, text, chunks: chunkText(text) }));
    const categories = [{ name: 'Housing costs' }, { name: 'Leisure' }];
    const r = recording();
    predefinedAnalysis(docs, categories, { locale: 'de', granularity: 'default', strictMode: false, embedded: r.embedder });
    // Rent and pay sit with housing costs, weather and walking with leisure: the vectors say so, not the words.
    const vectors = new Map(
      r
        .texts()
        .map((t) => [
          t,
          /Miete|Gehalt|Housing/.test(t)
            ? Float32Array.from([1, 0.05])
            : /Wetter|gewandert|Leisure/.test(t)
              ? Float32Array.from([0.05, 1])
              : Float32Array.from([0.5, 0.5]),
        ]),
    );
    const out = predefinedAnalysis(docs, categories, { locale: 'de', granularity: 'default', strictMode: false, embedded: embedded(vectors) });
    const under = (name: string) => out.insights.filter((i) => i.categoryKeys.includes(name)).flatMap((i) => i.quotes);
    expect(under('Housing costs').some((q) => q.includes('Miete'))).toBe(true);
    expect(under('Housing costs').some((q) => q.includes('Wetter'))).toBe(false);
    const without = predefinedAnalysis(docs, categories, { locale: 'de', granularity: 'default', strictMode: false });
    expect(without.insights.some((i) => i.categoryKeys.includes('Housing costs') && i.quotes.some((q) => q.includes('Miete')))).toBe(false);
  });
});

describe("a turn's fit to its theme by a provider's embeddings", () => {
  it('leaves unfiled a turn closer to the whole project than to its theme, and keeps those that say what the theme says', () => {
    // Two themes (pay, rota) of three turns each; one turn of the pay group is an aside that says what everyone says.
    const v: Record<string, number[]> = {
      pay1: [1, 0, 0.2],
      pay2: [0.9, 0.1, 0.2],
      pay3: [1, 0.1, 0.1],
      aside: [0.4, 0.4, 1],
      rota1: [0, 1, 0.2],
      rota2: [0.1, 0.9, 0.2],
      rota3: [0, 1, 0.1],
    };
    const texts = Object.keys(v);
    const themeOf = [0, 0, 0, 0, 1, 1, 1];
    const vectors = embedded(new Map(texts.map((t) => [t, Float32Array.from(v[t]!)])))(texts);
    expect([...offTheme(vectors, themeOf, 0)]).toEqual([3]);
    // A margin asks more of a turn; an unthemed turn (-1) is never judged.
    expect(offTheme(vectors, themeOf, 0.5).size).toBeGreaterThan(1);
    expect(offTheme(vectors, [-1, -1, -1, -1, -1, -1, -1], 0).size).toBe(0);
    // Without vectors, nothing is judged.
    expect(offTheme(null, themeOf, 0).size).toBe(0);
  });
});

describe("themes grouped with a provider's embeddings", () => {
  const turns = [
    ['The rent went up again and it takes most of my wages.', 'The bus to work is late every morning, so I miss the start.'],
    ['Our landlord raised the rent, which eats my salary.', 'The buses are unreliable; the early one never comes on time.'],
    ['Paying the rent leaves little for food at the end of the month.', 'I wait half an hour for the bus most mornings.'],
    ['The rent is the biggest bill we have, far above the council tax.', 'Bus timetables change without warning and I am late.'],
    ['Rent rises every year while my pay stays the same.', 'When the bus is cancelled I have to walk to the station.'],
    ['I moved flats because the rent was more than I earn in two weeks.', 'The night bus stopped running so I take taxis home.'],
  ];
  const docs = turns.map((t, d) => {
    const text = `Interviewer: Tell me about your costs.\n\nAlex: ${t[0]}\n\nInterviewer: And getting to work?\n\nAlex: ${t[1]}\n`;
    return { id: `d${d}`, text, chunks: chunkText(text) };
  });
  const run = (embedder: ReturnType<typeof embedded> | undefined, embeddedTogether?: number) =>
    automaticAnalysis(docs, {
      locale: 'en',
      granularity: 'default',
      strictMode: false,
      existingCategories: [],
      seed: 42,
      embedded: embedder,
      params: embeddedTogether === undefined ? undefined : { automatic: { embeddedTogether } },
    });
  const r = recording();
  run(r.embedder);
  const vectors = embedded(new Map(r.texts().map((t) => [t, Float32Array.from(/rent/i.test(t) ? [1, 0.1] : [0.1, 1])])));

  it('has its own bar for how often turns must be grouped together, used only with them', () => {
    const themes = (out: ReturnType<typeof run>) => out.categories.filter((c) => !c.parentKey).map((c) => c.name);
    expect(themes(run(vectors)).length).toBeGreaterThan(1);
    // At a bar near 0 any two turns ever grouped together merge: rent and buses become one group.
    expect(themes(run(vectors, 0.01)).length).toBeLessThan(themes(run(vectors)).length);
    // Without the provider's vectors the bar is the engine's own, whatever this one says.
    expect(run(undefined, 0.01).categories).toEqual(run(undefined).categories);
  });
});
