import { stopWords, tokenize } from './index.js';

/** Locales whose words are separated by spaces and whose stop-word lists tell them apart. */
const SPACED = ['en', 'de', 'fr', 'es', 'it', 'pt', 'da', 'no', 'sv', 'fi', 'lt'];
const SAMPLE_WORDS = 400;

/**
 * The language a text is written in, among the project's languages with stop-word lists: the
 * one whose function words make up most of its first few hundred words, when that share is
 * clear (twice the runner-up's, and a tenth of the words at least); otherwise `fallback`. A
 * German interview in an English project is then summarised and named with German function
 * words set aside. Written here because function words alone decide this for texts of a few
 * hundred words, and the language-guessing libraries (franc and the like) need more of the
 * alphabet's statistics than a short answer gives.
 */
export function languageOf(text: string, fallback: string): string {
  const words = tokenize(text.slice(0, SAMPLE_WORDS * 8), 'en').slice(0, SAMPLE_WORDS);
  if (words.length < 20) return fallback;
  const shares = SPACED.map((locale) => {
    const stops = stopWords(locale);
    return { locale, share: words.filter((w) => stops.has(w)).length / words.length };
  }).sort((a, b) => b.share - a.share);
  const [best, next] = [shares[0]!, shares[1]!];
  return best.share >= 0.1 && best.share >= 2 * next.share ? best.locale : fallback;
}
