/**
 * Words that never name a theme, however often a theme's participants say them: days and
 * months, relatives, laughs and fillers (people and places are found by compromise's tags where it
 * reads the language). A researcher names a theme by what is said about something, and these are
 * the incidental detail of how people tell it ("my mum", "on a Friday", "haha").
 */
const DAYS: Record<string, string> = {
  en: 'monday tuesday wednesday thursday friday saturday sunday weekend january february march april june july august september october november december today tonight yesterday tomorrow morning afternoon evening',
  de: 'montag dienstag mittwoch donnerstag freitag samstag sonntag wochenende januar februar märz april mai juni juli august september oktober november dezember heute gestern morgen vormittag nachmittag abend',
  fr: 'lundi mardi mercredi jeudi vendredi samedi dimanche janvier février mars avril mai juin juillet août septembre octobre novembre décembre aujourd hier demain matin soir',
};

const RELATIVES: Record<string, string> = {
  en: 'mum mom mummy mother dad daddy father wife husband son daughter sister brother nan nana gran granny grandma grandad grandpa grandmother grandfather auntie aunt uncle cousin niece nephew partner boyfriend girlfriend fiancé fiancee grandson granddaughter',
  de: 'mama papa mutter vater oma opa sohn tochter schwester bruder ehemann ehefrau mann frau freund freundin tante onkel cousin cousine enkel enkelin schwiegermutter',
  fr: 'maman papa mère père fils fille mari femme sœur frère mamie papi grand-mère grand-père tante oncle cousin cousine copain copine',
};

const FILLERS: Record<string, string> = {
  en: 'um umm uh uhm er erm hmm mm yeah yes yep no nope okay ok well right sorry thanks thank cheers actually basically literally anyway sure oh ah wow gosh blimey love mate',
  de: 'ja nein genau halt also naja äh ähm hm danke bitte okay tschüss hallo',
  fr: 'ouais euh bah bon voilà merci oui non ben hein',
};

const LAUGH = /^(?:laugh\w*|haha\w*|hehe\w*|lol|giggl\w*|chuckl\w*|lach\w*|rire\w*|rigol\w*)$/i;

const lists = new Map<string, Set<string>>();
function listOf(locale: string): Set<string> {
  const lang = locale.slice(0, 2);
  let out = lists.get(lang);
  if (!out) {
    out = new Set([DAYS, RELATIVES, FILLERS].flatMap((table) => `${table.en} ${table[lang] ?? ''}`.split(/\s+/).filter(Boolean)));
    lists.set(lang, out);
  }
  return out;
}

/** Whether a word (as written) is a day, a month, a relative, a laugh or a filler in `locale` (or in English, which interviews borrow). */
export function isIncidentalWord(word: string, locale: string): boolean {
  const w = word.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return w.length > 0 && (LAUGH.test(w) || listOf(locale).has(w));
}

/** compromise's tags for people, places, dates and exclamations: a phrase with one names no theme. */
export const INCIDENTAL_TAGS = ['Person', 'FirstName', 'LastName', 'Honorific', 'Place', 'City', 'Country', 'Region', 'WeekDay', 'Month', 'Date', 'Expression'];
