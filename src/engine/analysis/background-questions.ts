/**
 * The questions an interview guide opens with to learn who the participant is and to put them at
 * ease, before its subjects: how they came to their work or to the service, how long they have
 * done it, what they do outside it, "tell me about yourself". What answers them is background,
 * not a theme of the study, however often it recurs. Written from how interview guides are built
 * (English, German and French; other languages match none), not from any study's wording; a
 * question that does not open a guide ("Did you get any training?") matches none of them.
 */
const PATTERNS: Record<string, RegExp> = {
  en: new RegExp(
    [
      // Past tense only: "how do you get to the library?" asks about the subject.
      String.raw`\bhow did you (?:first )?(?:get in ?to|come (?:in)?to|end up|start out|begin)\b`,
      String.raw`\bhow you (?:first )?(?:got in ?to|came (?:in)?to|ended up)\b`,
      String.raw`\bhow did (?:it all|you) (?:start|begin)\b`,
      // Not "how long have you been waiting?" or "had the pain?": those ask about the subject.
      String.raw`\bhow long have you (?:been (?:a|an|with|at|in|doing|working|coming|using|living|going)\b|worked|lived|used)`,
      String.raw`\btell me (?:a (?:bit|little) )?about yourself\b`,
      String.raw`\bwhat do you do (?:for (?:a living|work)|when you'?re not|in your (?:free|spare) time|outside(?: of)? work)`,
      String.raw`\bwhat (?:made|brought|got) you (?:go |come |get )?in ?to\b`,
    ].join('|'),
    'i',
  ),
  de: new RegExp(
    [
      String.raw`\bwie (?:sind|bist) (?:sie|du) (?:eigentlich |denn )?(?:dazu|zu|auf)\b`,
      // Not "wie lange sind Sie unterwegs?": that asks about the subject.
      String.raw`\bwie lange (?:arbeiten|wohnen|nutzen|sind) (?:sie|du) (?:schon|denn schon|eigentlich schon)\b`,
      String.raw`\berzähl(?:en sie|) (?:mir )?(?:doch )?(?:mal )?(?:etwas|ein bisschen|ein wenig|kurz) (?:über|von) (?:sich|dir)\b`,
      String.raw`\bwas machen sie (?:beruflich|in ihrer freizeit)`,
      String.raw`\bstellen sie sich (?:kurz )?vor\b`,
    ].join('|'),
    'i',
  ),
  fr: new RegExp(
    [
      String.raw`\bcomment (?:êtes|es)[- ](?:vous|tu) (?:arrivée?s?|venue?s?|devenue?s?)\b`,
      // Not "depuis combien de temps attendez-vous ?": that asks about the subject.
      String.raw`\bdepuis combien de temps (?:êtes|utilisez|travaillez|habitez|faites)[- ]vous\b`,
      String.raw`\bparlez[- ]moi (?:un peu )?de vous\b`,
      String.raw`\bprésentez[- ]vous\b`,
      String.raw`\bque faites[- ]vous (?:dans la vie|pendant votre temps libre)`,
    ].join('|'),
    'i',
  ),
};

/** Whether a question (an interviewer's turn) asks for the participant's background. */
export function asksBackground(question: string, locale: string): boolean {
  return PATTERNS[locale.slice(0, 2)]?.test(question) ?? false;
}
