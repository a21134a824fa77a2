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

  it('title a German interview by its subject, not by the people in it', () => {
    const text = [
      'Interview mit Sabine, Mutter von Jonas',
      '',
      'Interviewerin: Wie läuft der Morgen?',
      '',
      'Sabine: Jonas will morgens nie los, und Jonas weint an der Tür. Frau Krüger nimmt Jonas dann auf den Arm, Frau Krüger ist wunderbar.',
      '',
      'Interviewerin: Und die Eingewöhnung?',
      '',
      'Sabine: Die Eingewöhnung hat bei Jonas sechs Wochen gedauert. Herr Becker aus der Leitung hat die Eingewöhnung dann verlängert, weil Jonas geweint hat.',
      '',
      'Interviewerin: Und sonst?',
      '',
      'Sabine: Die Eingewöhnung war hart, aber jetzt geht Jonas gern hin, und die Eingewöhnung der Kleinen beginnt im Mai.',
    ].join('\n');
    const { title } = summarize(text, 'de');
    expect(title).toMatch(/^Zusammenfassung: /);
    for (const name of ['Jonas', 'Sabine', 'Frau', 'Krüger', 'Herr', 'Becker']) expect(title).not.toContain(name);
    expect(title).toContain('Eingewöhnung');
    // A development study of the passage benchmark: its first interview was titled "Frau und Jonas".
    expect(summarize(studies[1]!.transcripts[0]!.text, 'de').title).not.toContain('Jonas');
  });

  it('guess the language of a text from its function words, and keep the project language when unsure', () => {
    for (const s of studies) for (const t of s.transcripts) expect(languageOf(t.text, 'fi')).toBe(s.locale);
    expect(languageOf('Bank sync, credentials, duplicates.', 'fr')).toBe('fr');
  });
});
