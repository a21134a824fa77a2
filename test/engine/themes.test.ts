import { askedAbout, questionIndex } from '../../src/engine/analysis/asked.js';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bestNmf, nmf, type SparseRows } from '../../src/engine/analysis/nmf.js';
import { themeCount } from '../../src/engine/analysis/theme-count.js';
import { automaticAnalysis } from '../../src/engine/analysis/index.js';
import { chunkText } from '../../src/engine/chunk.js';
import { sectionsOf } from '../../src/engine/analysis/stages/overview.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { stem, tokenize } from '../../src/engine/text/index.js';
import { nameTheme, SurfaceForms } from '../../src/engine/analysis/naming.js';

/** `groups` groups of `size` rows; each group uses its own 6 columns (plus noise on a shared one). */
function blocks(groups: number, size: number, seed = 1): SparseRows {
  let s = seed;
  const next = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const rows = [];
  for (let g = 0; g < groups; g++) {
    for (let r = 0; r < size; r++) {
      const cols = [0, ...Array.from({ length: 6 }, (_, c) => 1 + g * 6 + c).filter(() => next() < 0.7)];
      const vals = cols.map(() => 0.2 + next());
      const norm = Math.hypot(...vals);
      rows.push({ cols: Int32Array.from(cols), vals: Float64Array.from(vals, (v) => v / norm) });
    }
  }
  return { rows, columns: 1 + groups * 6 };
}

const argmax = (a: Float64Array) => a.indexOf(Math.max(...a));

describe('the factorisation', () => {
  it('recovers block structure: each group loads on a component of its own', () => {
    const x = blocks(4, 10);
    const f = nmf(x, { k: 4, seed: 3 });
    const labels = f.w.map(argmax);
    for (let g = 0; g < 4; g++) expect(new Set(labels.slice(g * 10, g * 10 + 10)).size).toBe(1);
    expect(new Set(labels).size).toBe(4);
    // Four components explain block structure far better than one.
    expect(f.error).toBeLessThan(nmf(x, { k: 1, seed: 3 }).error / 2);
  });

  it('answers the same for the same seed, and more starts never leave more error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 1000 }), (groups, seed) => {
        const x = blocks(groups, 6, seed);
        expect(nmf(x, { k: groups, seed })).toEqual(nmf(x, { k: groups, seed }));
        expect(bestNmf(x, { k: groups, seed, starts: 3 }).error).toBeLessThanOrEqual(nmf(x, { k: groups, seed }).error + 1e-9);
      }),
      { numRuns: 20 },
    );
  });
});

describe('how many themes', () => {
  it('counts well-separated groups, and repeated rows do not change the count', () => {
    for (const groups of [2, 3, 5]) {
      const x = blocks(groups, 12);
      expect(themeCount(x, 2, 8, 42)).toBe(groups);
      const repeated = { ...x, rows: [...x.rows, ...x.rows.slice(0, 5), ...x.rows.slice(0, 5)] };
      expect(themeCount(repeated, 2, 8, 42)).toBe(groups);
    }
  });
});

type Analysis = ReturnType<typeof automaticAnalysis>;

describe('automatic analysis on transcripts of three subjects', () => {
  let result: Analysis;
  let dominant: (string | undefined)[];
  beforeAll(() => {
    const docs = TRANSCRIPTS.map((t, i) => ({ id: `d${i}`, text: t.text, chunks: chunkText(t.text) }));
    result = automaticAnalysis(docs, { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 42 });
    const topOf = new Map(result.categories.map((c) => [c.key, c.parentKey ?? c.key]));
    dominant = docs.map((d) => {
      const support = new Map<string, number>();
      for (const i of result.insights.filter((x) => x.documentId === d.id))
        for (const k of i.categoryKeys) support.set(topOf.get(k)!, (support.get(topOf.get(k)!) ?? 0) + i.support);
      return [...support].sort((a, b) => b[1] - a[1])[0]?.[0];
    });
  });

  it('gives documents on the same subject the same main theme, and different subjects different ones', () => {
    for (const [i, a] of TRANSCRIPTS.entries()) {
      for (const [j, b] of TRANSCRIPTS.entries()) if (i < j) expect(dominant[i] === dominant[j]).toBe(a.theme === b.theme);
    }
  });

  it('names themes with words the participants used, never with bare function words', () => {
    const said = new Set(TRANSCRIPTS.flatMap((t) => tokenize(t.text)));
    for (const c of result.categories) {
      const words = tokenize(c.name).filter((w) => w !== 'and');
      expect(words.length).toBeGreaterThan(0);
      for (const w of words) expect(said.has(w)).toBe(true);
      for (const w of words) expect(['no', 'so', 'when', 'not', 'just', 'almost', 'without']).not.toContain(w);
      expect(c.description.length).toBeGreaterThan(0);
    }
  });

  it("counts each insight's supporting sentences and quotes the clearest of them", () => {
    for (const i of result.insights) {
      expect(i.support).toBeGreaterThanOrEqual(i.quotes.length);
      expect(i.description).toContain(`${i.support} sentence`);
    }
  });
});

describe('tokenising long texts', () => {
  it('splits a long text into the same words as its parts', () => {
    fc.assert(
      fc.property(fc.array(fc.lorem({ maxCount: 30, mode: 'sentences' }), { minLength: 1, maxLength: 60 }), (parts) => {
        expect(tokenize(parts.join(' '))).toEqual(parts.flatMap((p) => tokenize(p)));
      }),
      { numRuns: 30 },
    );
  });
});

describe('a project in French', () => {
  const answers = [
    'La livraison est arrivée avec deux heures de retard. Le livreur ne prévient jamais quand il est en retard.',
    "Le prix de l'abonnement est trop élevé. Les frais de livraison augmentent chaque mois.",
    "Encore une livraison en retard hier soir. Le créneau horaire n'a pas été respecté du tout.",
    'Les frais et le prix me font hésiter. Je paie trop pour un petit panier.',
    'Le livreur est arrivé en retard, après le créneau choisi.',
    'Les frais de service et le prix des produits sont trop élevés pour moi.',
  ];
  let result: Analysis;
  beforeAll(() => {
    const docs = answers.map((a, i) => ({ id: `f${i}`, text: `Participant: ${a}`, chunks: chunkText(`Participant: ${a}`) }));
    result = automaticAnalysis(docs, { locale: 'fr', granularity: 'default', strictMode: false, existingCategories: [], seed: 42 });
  });

  it('separates lateness from price and names both in French', () => {
    const top = result.categories.filter((c) => !c.parentKey);
    expect(top).toHaveLength(2);
    const docsOf = top.map((c) =>
      result.insights
        .filter((i) => i.categoryKeys.includes(c.key))
        .map((i) => i.documentId)
        .sort(),
    );
    expect(docsOf.sort()).toEqual([
      ['f0', 'f2', 'f4'],
      ['f1', 'f3', 'f5'],
    ]);
    const said = new Set(answers.flatMap((a) => tokenize(a, 'fr')));
    for (const c of top) {
      for (const w of tokenize(c.name, 'fr').filter((x) => x !== 'et')) expect(said.has(w)).toBe(true);
      expect(c.description).toMatch(/^Évoqué par \d+ (participants|documents) sur \d+ : .+\.$/);
    }
  });
});

describe('a later run on a project that has categories', () => {
  const bySubject = (theme: string) =>
    TRANSCRIPTS.map((t, i) => ({ t, i }))
      .filter(({ t }) => t.theme === theme)
      .map(({ t, i }) => ({ id: `d${i}`, text: t.text, chunks: chunkText(t.text) }));
  const opts = { locale: 'en', granularity: 'default' as const, strictMode: false, seed: 42 };
  let syncKeys: Set<string>;
  let second: Analysis;
  const late = `Interviewer: What happened this week?

Participant: The bank connection dropped again on Tuesday, so none of my card transactions imported. I had to reconnect my checking account and type two purchases in by hand.

Interviewer: Anything else?

Participant: My credit union still shows as unavailable. Until the sync works, the balances in the app are wrong.`;
  beforeAll(() => {
    const first = automaticAnalysis([...bySubject('sync'), ...bySubject('pricing')], { ...opts, existingCategories: [] });
    const existing = first.categories.map((c) => ({ ...c, examples: first.insights.filter((i) => i.categoryKeys.includes(c.key)).flatMap((i) => i.quotes) }));
    syncKeys = new Set(first.insights.filter((i) => i.documentId === 'd0').flatMap((i) => i.categoryKeys));
    second = automaticAnalysis([{ id: 'late', text: late, chunks: chunkText(late) }, ...bySubject('onboarding')], { ...opts, existingCategories: existing });
  });

  it('files a new document on a known subject in the category already there', () => {
    const keys = new Set(second.insights.filter((i) => i.documentId === 'late').flatMap((i) => i.categoryKeys));
    expect(keys.size).toBeGreaterThan(0);
    for (const k of keys) expect(syncKeys.has(k)).toBe(true);
  });

  it('gives a new subject a category of its own', () => {
    const onboarding = second.insights.filter((i) => i.documentId !== 'late');
    expect(onboarding.length).toBeGreaterThan(0);
    const created = new Set(second.categories.map((c) => c.key));
    for (const i of onboarding) for (const k of i.categoryKeys) expect(created.has(k)).toBe(true);
  });
});

describe('granularity and strict mode in automatic analysis', () => {
  const opts = { locale: 'en', existingCategories: [], seed: 42 };
  const support = (r: ReturnType<typeof automaticAnalysis>) => r.insights.reduce((n, i) => n + i.support, 0);

  it('strict mode keeps fewer passages; inclusive keeps at least as many as default', () => {
    // Each participant strays once from the subject, within a turn on it: passages strict mode has reason to leave out.
    const asides = [
      "My neighbour's dog barked all night long, so I barely slept.",
      'The weather was lovely for gardening on Sunday afternoon.',
      'My cousin is getting married in Lisbon next spring.',
      'I have been learning to bake sourdough bread lately.',
      'Our football team finally won a match last weekend.',
      'The train to work was delayed by a broken signal again.',
    ];
    const docs = TRANSCRIPTS.map((t, i) => {
      const text = t.text.replace(/(\n\nParticipant: [^\n]*)/, `$1 ${asides[i % asides.length]}`);
      return { id: `d${i}`, text, chunks: chunkText(text) };
    });
    const inclusive = support(automaticAnalysis(docs, { ...opts, granularity: 'inclusive', strictMode: false }));
    const normal = support(automaticAnalysis(docs, { ...opts, granularity: 'default', strictMode: false }));
    const strict = support(automaticAnalysis(docs, { ...opts, granularity: 'default', strictMode: true }));
    expect(strict).toBeLessThan(normal);
    expect(normal).toBeLessThanOrEqual(inclusive);
  });

  it('overview reads at most three sections of each document (runs of its chunks, a transcript’s turns, of up to overviewWords)', () => {
    // Long interviews: each covers the three subjects, in many turns; sections of up to 40 words.
    const params = { automatic: { overviewWords: 40 } };
    const long = [0, 1].map((n) => {
      const text = ['sync', 'pricing', 'onboarding'].map((s) => TRANSCRIPTS.filter((t) => t.theme === s)[n]!.text).join('\n\n');
      return { id: `long${n}`, text, chunks: chunkText(text, { targetWords: 40, maxWords: 60 }) };
    });
    const sections = sectionsOf(long, 40);
    expect(long.every((d) => new Set(d.chunks.map((c) => sections.get(`${d.id}:${c.idx}`))).size > 3)).toBe(true);
    const overview = automaticAnalysis(long, { ...opts, granularity: 'overview', strictMode: false, params });
    const normal = automaticAnalysis(long, { ...opts, granularity: 'default', strictMode: false, params });
    expect(support(overview)).toBeLessThan(support(normal));
    for (const d of long) {
      const sectionsQuoted = new Set(
        overview.insights
          .filter((i) => i.documentId === d.id)
          .flatMap((i) => i.quotes)
          .map((q) => sections.get(`${d.id}:${d.chunks.find((c) => c.text.includes(q))!.idx}`)),
      );
      expect(sectionsQuoted.size).toBeGreaterThan(0);
      expect(sectionsQuoted.size).toBeLessThanOrEqual(3);
    }
  });

  it('reads overview’s sections as chunks read before turns: a prose chunk alone, a transcript’s turns in runs of up to 250 words', () => {
    const prose = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of the field notes, ${'with words about the visit '.repeat(8)}`).join('\n\n');
    const transcript = TRANSCRIPTS.slice(0, 4)
      .map((t) => t.text)
      .join('\n\n');
    const docs = [
      { id: 'p', text: prose, chunks: chunkText(prose) },
      { id: 't', text: transcript, chunks: chunkText(transcript) },
    ];
    const sections = sectionsOf(docs, 250);
    expect(docs[0]!.chunks.length).toBeGreaterThan(1);
    expect(docs[0]!.chunks.map((c) => sections.get(`p:${c.idx}`))).toEqual(docs[0]!.chunks.map((_, i) => `p:${i}`));
    const runs = new Map<string, number>();
    for (const c of docs[1]!.chunks) runs.set(sections.get(`t:${c.idx}`)!, (runs.get(sections.get(`t:${c.idx}`)!) ?? 0) + c.text.split(/\s+/).length);
    expect(runs.size).toBeGreaterThan(1);
    expect(runs.size).toBeLessThan(docs[1]!.chunks.length / 3);
    for (const w of runs.values()) expect(w).toBeLessThanOrEqual(250);
  });
});

/** A theme's name and keywords from four documents' sentences, its component made of these words' stems. */
function nameFrom(sentences: string[], words: string[]) {
  const forms = new SurfaceForms('en');
  for (const s of sentences) forms.add(s);
  const component = new Map(words.map((w) => [stem(w, 'en'), 1]));
  return nameTheme(component, sentences, forms, 'en', undefined, ['a', 'b', 'c', 'd']);
}

describe('theme names', () => {
  it("end on a word, not on a clitic ('s, 're) the phrase was spoken with", () => {
    const { name, keywords } = nameFrom(
      [
        "The stairwell light's broken again and nobody fixes it.",
        "On the estate the stairwell light's been out for weeks.",
        "That stairwell light's the worst thing about the late visits.",
        "I use my phone torch because the stairwell light's gone.",
      ],
      ['stairwell', 'light'],
    );
    expect(name.toLowerCase()).toContain('stairwell light');
    for (const text of [name, ...keywords]) expect(text).not.toMatch(/['’](s|re)\b/i);
  });

  it('keep the capitals of words like "CVs", and are never a day, a noun of amount ("loads") or a relative', () => {
    const { name, keywords } = nameFrom(
      [
        'On Saturday I print my CVs there, loads of them, and my mum comes too.',
        'They shut on Saturday afternoons now, which is loads of hassle when I need CVs printed for my mum.',
        'Saturday is the only day I can print CVs, and there are loads of people queuing.',
        'I went on Saturday to update my CVs and the printer had loads of jams, my mum said.',
      ],
      ['saturday', 'cvs', 'loads', 'mum'],
    );
    const all = [name, ...keywords].join(' | ');
    expect(all).toContain('CVs');
    expect(all.toLowerCase()).not.toMatch(/saturday|loads|mum/);
  });

  it('are a phrase the documents share, or else the three key phrases, never a lone word', () => {
    const shared = nameFrom(
      [
        'The night shift rota changes every week.',
        'Nobody tells you when the night shift rota is out.',
        'I check the night shift rota on my phone.',
        'The night shift rota never has my name on it.',
      ],
      ['night', 'shift', 'rota'],
    );
    expect(shared.name.toLowerCase()).toContain('shift rota');
    const apart = nameFrom(
      ['The kettle in the staff room is broken.', 'We swap shifts by text.', 'Cover at short notice is the worst.', 'My locker jams every day.'],
      ['kettle', 'swap', 'cover', 'locker'],
    );
    expect(apart.name.split(' · ').length).toBeGreaterThanOrEqual(2);
  });

  it("are never the project's subject (a stem left out as such)", () => {
    const forms = new SurfaceForms('en');
    const sentences = ['The app crashed at the gate.', 'The app logs me out.', 'The app would not open the gate.', 'I use the app for the gate code.'];
    for (const s of sentences) forms.add(s);
    const component = new Map(['app', 'gate', 'code'].map((w) => [stem(w, 'en'), 1]));
    const { name, keywords } = nameTheme(component, sentences, forms, 'en', new Set([stem('app', 'en')]), ['a', 'b', 'c', 'd']);
    expect([name, ...keywords].join(' | ').toLowerCase()).not.toMatch(/\bapp\b/);
  });

  it('end on a noun: never an apology, an adjective or a verb the tagger took for one ("Sorry", "youngest went")', () => {
    const { name, keywords } = nameFrom(
      [
        'Sorry, my youngest went to the nursery and the bus fare doubled.',
        'Sorry, when my youngest went off I paid the bus fare twice.',
        'Sorry about that, my youngest went early so the bus fare was mine.',
        'Oh sorry, my youngest went and lost his bus fare again.',
      ],
      ['sorry', 'youngest', 'went', 'bus', 'fare'],
    );
    const all = [name, ...keywords].join(' | ');
    expect(all.toLowerCase()).toContain('bus fare');
    expect(all.toLowerCase()).not.toMatch(/sorry|went/);
  });
});

describe('naming by what was asked', () => {
  it('names a theme by the phrase its interviews ask about in two or more of them, and only there', () => {
    const asked = (documentId: string, prompt: string) => ({ documentId, prompt });
    const project = [
      asked('a', 'How do you find the app?'),
      asked('b', 'And the app, how is it?'),
      asked('c', 'What do you make of the app?'),
      asked('a', 'What about the price?'),
      asked('b', 'And the price, how is it?'),
      asked('c', 'How is the weather?'),
      asked('d', 'How do you find the app?'),
      asked('e', 'Any problems?'),
      asked('f', 'Any problems at all?'),
    ];
    const index = questionIndex(project, 'en');
    // Answers to the app questions of three interviews, where three of the four that ask about it do.
    expect(askedAbout(project.slice(0, 3), index, 'en')).toBe('App');
    // A word alone is written as the participants say it most.
    expect(askedAbout(project.slice(0, 3), index, 'en', (stem) => (stem === 'app' ? 'apps' : stem))).toBe('Apps');
    // The price is asked in two interviews, and nowhere else: that names the theme too.
    expect(askedAbout(project.slice(3, 5), index, 'en')).toBe('Price');
    // The weather, in one interview only: the participants' words name that theme.
    expect(askedAbout([project[5]!], index, 'en')).toBeNull();
    // "Problems" names nothing, however often it is asked.
    expect(askedAbout(project.slice(7, 9), index, 'en')).toBeNull();
    // Two of four interviews that ask about the app: not this theme's phrase.
    expect(askedAbout([project[0]!, project[6]!], index, 'en')).toBeNull();
  });
});
