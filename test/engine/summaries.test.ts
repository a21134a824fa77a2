import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarizeDocument } from '../../src/engine/analysis/index.js';
import { chunkText } from '../../src/engine/chunk.js';
import { languageOf } from '../../src/engine/text/language.js';
import { stopWords, tokenize } from '../../src/engine/text/index.js';
import { loadStudy, STUDIES_DIR } from '../../eval/passages/load.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

const summarize = (text: string, locale: string) => summarizeDocument({ id: 'd', text, chunks: chunkText(text, { locale }) }, { locale, maxSentences: 5 });
const studies = ['care-workers', 'kita-eltern-de'].map((name) => loadStudy(path.join(STUDIES_DIR, name)));

describe('document summaries', () => {
  it('are titled by subject words the document uses, never by function words or contractions', () => {
    for (const t of TRANSCRIPTS) {
      const { title } = summarize(t.text, 'en');
      const words = tokenize(title.replace(/^Summary: /, ''), 'en').filter((w) => w !== 'and');
      expect(words.length).toBeGreaterThan(0);
      for (const w of words) {
        expect(stopWords('en').has(w)).toBe(false);
        expect(t.text.toLowerCase()).toContain(w);
      }
    }
  });

  it('read a German interview in an English project as German, titled in German with no German function word', () => {
    const german = studies[1]!;
    for (const t of german.transcripts) {
      const { title } = summarize(t.text, 'en');
      expect(title).toMatch(/^Zusammenfassung: /);
      const words = tokenize(title.replace(/^Zusammenfassung: /, ''), 'de');
      expect(words.filter((w) => w !== 'und').some((w) => stopWords('de').has(w))).toBe(false);
    }
  });

  it('guess the language of a text from its function words, and keep the project language when unsure', () => {
    for (const s of studies) for (const t of s.transcripts) expect(languageOf(t.text, 'fi')).toBe(s.locale);
    expect(languageOf('Bank sync, credentials, duplicates.', 'fr')).toBe('fr');
  });
});
