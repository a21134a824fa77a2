import { describe, expect, it } from 'vitest';
import { forgetPhrases, questionPhrases, SurfaceForms, tagsOfWords } from '../../src/engine/analysis/naming.js';
import { stem } from '../../src/engine/text/index.js';
import { loadStudies } from '../../eval/passages/load.js';
import { inLayout } from '../../eval/passages/layouts.js';
import { sentences } from '../../src/engine/text/index.js';

/**
 * A run's phrases are read with one call of the tagger for many texts (naming.ts): each text must
 * get the phrases it gets read alone, on transcripts as they arrive (fillers, no full stops,
 * speaker labels and time stamps), in English and German.
 */
describe('phrases of texts read together', () => {
  const studies = loadStudies().filter((s) => s.split === 'development');
  const texts = async (locale: string, layout: 'house' | 'otter' | 'srt') =>
    (await Promise.all(studies.filter((s) => s.locale === locale).map((s) => inLayout(s, layout))))
      .flatMap((s) => s.transcripts.slice(0, 2))
      .flatMap((t) => [...sentences(t.text, locale)].map((s) => s.segment))
      .filter((s) => s.trim().length > 0)
      .slice(0, 300);

  it.each([
    ['en', 'house'],
    ['en', 'otter'],
    ['en', 'srt'],
    ['de', 'house'],
  ] as const)(
    'are those read alone (%s, %s layout)',
    async (locale, layout) => {
      const all = await texts(locale, layout);
      expect(all.length).toBeGreaterThan(50);
      forgetPhrases();
      const together = questionPhrases(all, locale);
      forgetPhrases();
      const alone = all.map((t) => {
        forgetPhrases();
        return questionPhrases([t], locale)[0];
      });
      expect(together).toEqual(alone);
      expect(together.flat().length).toBeGreaterThan(all.length / 4);
    },
    60_000,
  );

  it('tags each word read with others as it tags it alone', async () => {
    const words = [
      ...new Set(
        [...(await texts('en', 'otter')), ...(await texts('en', 'house'))].flatMap((t) => t.toLowerCase().match(/[\p{L}'’-]+/gu) ?? []).slice(0, 1500),
      ),
      'youngest',
      'well-being',
      'e-mail',
      "nurse's",
    ];
    expect(words.length).toBeGreaterThan(300);
    forgetPhrases();
    const together = tagsOfWords(words).map((t) => [...t].sort());
    const alone = words.map((w) => {
      forgetPhrases();
      return [...tagsOfWords([w])[0]!].sort();
    });
    expect(together).toEqual(alone);
  }, 60_000);
});

describe('the words names are made of', () => {
  it('shows a stem only the interviewer’s question holds as the question’s word, and prefers the participants’ own form', () => {
    const forms = new SurfaceForms('fr');
    forms.add('Je ne trouve jamais de vélo à la station le matin.');
    forms.addQuestion("Et l'application, vous l'utilisez comment ? Et les stations ?");
    expect(forms.of(stem('application', 'fr'))).toBe('application');
    expect(forms.of(stem('station', 'fr'))).toBe('station');
  });
});
