import nlp from 'compromise';
import * as chrono from 'chrono-node';
import { stopWords } from '../text/index.js';

/**
 * Named entities of a text in the project's language: people, organisations, places, dates
 * and other proper names (products, brands, institutions, as `other`).
 *
 * English: compromise's people, organisations and places, and chrono's dates. Other languages
 * (compromise reads English only): chrono's parser for the language where it has one, people
 * from transcript speaker labels and courtesy titles, and runs of capitalised words inside a
 * sentence as `other`: in German every noun is capitalised, so there only runs of two or more.
 * In every language, a candidate made only of function words, pronouns, question words or
 * contractions ("Im", "How", "den") is not an entity, nor is the first word of a sentence on its
 * own, nor a relative named by kinship alone ("Mum"), nor a date chrono cannot pin to a day,
 * weekday, month or year ("now", "morning") or pins only from the moment of reading ("for an
 * hour", "two days ago"), nor a participant's code ("P01") where a header line
 * or a speaker label uses it, nor a capitalised word inside a name or date found already ("Friday"
 * of "on Friday").
 * A German run is a guess (`recurring`): two nouns side by side are mostly syntax ("zwei Teller
 * Reis", "seit Oktober Nudel"), so `tallyEntities` keeps one only where it recurs across documents.
 */
export type EntityKind = 'person' | 'organization' | 'place' | 'date' | 'other';
export interface Entity {
  kind: EntityKind;
  text: string;
  /** A guess that names something only where more than one document uses it. */
  recurring?: true;
}

/** Contractions and fillers, with a straight or a typographic apostrophe (word processors write "I’m"). */
const CONTRACTION =
  /^(i['’]?m|i['’]?d|i['’]?ll|i['’]?ve|it['’]?s|that['’]?s|what['’]?s|there['’]?s|here['’]?s|he['’]?s|she['’]?s|we['’]?re|they['’]?re|you['’]?re|we['’]?ve|they['’]?ve|you['’]?ve|we['’]?ll|they['’]?ll|you['’]?ll|don['’]?t|can['’]?t|won['’]?t|didn['’]?t|isn['’]?t|wasn['’]?t|doesn['’]?t|ok|okay|um+|uh+|erm|ha|oh|yeah|yes|no|thanks?|thank you)$/i;
/** Labels of a transcript's header lines ("Date: 3 March"), which look like speakers but name no one. */
const HEADER_LABEL =
  /^(date|time|location|place|venue|site|duration|length|project|study|session|interview|transcript|recording|notes?|topic|subject|participants?|attendees|interviewee|respondent|code|id|datum|uhrzeit|zeit|ort|dauer|projekt|thema|lieu|heure|durée|projet|sujet|fecha|hora|lugar|duración|proyecto|tema|data|ora|luogo|durata|progetto)$/i;
const SPEAKER = /^\s*([\p{Lu}][\p{L}'’-]{1,30}(?: [\p{Lu}][\p{L}'’-]{1,30})?)\s*:\s/gmu;
const INTERVIEWER = /^(interviewer(in)?|moderator(in)?|facilitator|researcher|forscher(in)?|enquêt(eur|rice)|intervieweu(r|se)|entrevistador(a)?|host|q|a|i)$/i;
/** Courtesy titles with the name after them, by language: a person (naming.ts leaves them out of names too). */
export const TITLES: Record<string, RegExp> = {
  de: /\b(?:Frau|Herr|Herrn|Dr\.|Prof\.)\s+([\p{Lu}][\p{L}-]+)/gu,
  fr: /\b(?:Madame|Monsieur|Mme|M\.|Dr)\s+([\p{Lu}][\p{L}-]+)/gu,
  es: /\b(?:señora|señor|Sra\.|Sr\.|Dr\.)\s+([\p{Lu}][\p{L}-]+)/giu,
  it: /\b(?:signora|signor|sig\.|dott\.)\s+([\p{Lu}][\p{L}-]+)/giu,
};
const CHRONO: Record<string, { parse: typeof chrono.parse }> = {
  en: chrono,
  de: chrono.de,
  fr: chrono.fr,
  ja: chrono.ja,
  pt: chrono.pt,
  nl: chrono.nl,
  'zh-CN': chrono.zh,
  'zh-TW': chrono.zh,
  es: chrono.es,
  it: chrono.it,
  sv: chrono.sv,
  fi: chrono.fi,
};

/** A relative named by kinship alone ("Mum said"): someone, but not a name anyone looks for. */
const KINSHIP =
  /^(mum|mom|mam|mummy|mommy|dad|daddy|mama|papa|maman|mutti|vati|nan|nana|nanny|gran|granny|grandma|grandad|granddad|grandpa|grandmother|grandfather|auntie|aunty|uncle|sis|bro)$/i;

/** A code such as "P01" or "TN-3": how transcripts name their participants. */
const CODE = /\b\p{Lu}{1,3}[-_]?\d{1,4}\b/gu;
const LABELLED = /^\s*(\p{Lu}{1,3}[-_]?\d{1,4})\s*:/u;

/** The participant codes a text's header lines (lines not ending as a sentence does) and speaker labels use. */
function participantCodes(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const label = LABELLED.exec(line);
    if (label) out.push(label[1]!);
    else if (line && !/[.!?…:;"”»]$/.test(line)) out.push(...(line.match(CODE) ?? []));
  }
  return out;
}

/** "This year", which chrono does not mark as counted from the moment of reading, as it does "last year". */
const THIS_PERIOD = /^this (week|month|year|term|season)$/i;
const VAGUE = /^(now|today|tonight|tomorrow|yesterday|jetzt|heute|morgen|gestern|maintenant|aujourd'hui|demain|hier|hoy|mañana|ayer|oggi|domani|ieri)$/i;

/** True when every word of the candidate is a function word, pronoun, question word or contraction. */
function isFunctionWords(text: string, locale: string): boolean {
  const stops = stopWords(locale);
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return words.length === 0 || words.every((w) => stops.has(w) || stops.has(w.replace(/['’]/g, '')) || CONTRACTION.test(w));
}

/** Runs of capitalised words that do not open a sentence or a line (`min` words at least). */
function capitalisedRuns(text: string, min: number, stops: Set<string>): string[] {
  const out: string[] = [];
  const run = /[\p{Lu}][\p{L}\p{N}&'’-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'’-]*)*/gu;
  for (let m = run.exec(text); m; m = run.exec(text)) {
    // What stands just before the run (a few characters, never the whole text before it).
    const before = text.slice(Math.max(0, m.index - 16), m.index);
    const opens = m.index === 0 || /(^|[.!?:;"“„«(\n])\s*$/.test(before);
    const words = m[0].split(/\s+/);
    // A run that opens a sentence keeps its later words only, and none starts or ends with a function word ("Ihren Kindern").
    const kept = opens ? words.slice(1) : words;
    while (kept.length > 0 && stops.has(kept[0]!.toLowerCase())) kept.shift();
    while (kept.length > 0 && stops.has(kept[kept.length - 1]!.toLowerCase())) kept.pop();
    if (kept.length >= min) out.push(kept.join(' '));
  }
  return out;
}

const clean = (raw: string) =>
  raw
    .split(/[.!?]["'”’»)]*\s/)[0]!
    .replace(/[^\p{L}\p{N}&.'’ -]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(the|a|an) /i, '')
    .replace(/[.,;'’]+$/, '')
    .replace(/['’]s$/, '');

export function entitiesOf(text: string, locale: string): Entity[] {
  const out: Entity[] = [];
  const seen = new Set<string>();
  const stops = stopWords(locale);
  const minor = (w: string) => stops.has(w.toLowerCase()) || CONTRACTION.test(w);
  // A capitalised word inside a name or date found already ("Friday" of "on Friday") is that one again.
  const inside = (t: string) => [...seen].some((f) => ` ${f} `.includes(` ${t} `));
  const push = (kind: EntityKind, raw: string, guess = false) => {
    const words = clean(raw).split(' ');
    while (words.length > 1 && minor(words[words.length - 1]!)) words.pop();
    const t = words.join(' ');
    if (t.length < 2 || !/^[\p{Lu}\p{N}]/u.test(t) || isFunctionWords(t, locale) || KINSHIP.test(t) || seen.has(t.toLowerCase())) return;
    if ((kind === 'other' || kind === 'date') && inside(t.toLowerCase())) return;
    seen.add(t.toLowerCase());
    out.push(guess ? { kind, text: t, recurring: true } : { kind, text: t });
  };
  for (const code of participantCodes(text)) seen.add(code.toLowerCase());
  for (const m of text.matchAll(SPEAKER)) if (!INTERVIEWER.test(m[1]!) && !HEADER_LABEL.test(m[1]!)) push('person', m[1]!);
  for (const m of text.matchAll(SPEAKER)) if (HEADER_LABEL.test(m[1]!)) seen.add(m[1]!.toLowerCase());
  for (const d of CHRONO[locale]?.parse(text) ?? []) {
    const t = clean(d.text);
    // A moment counted from when the text is read ("for an hour", "two days ago", "tomorrow morning") names no date in it.
    const relative = [...d.tags()].some((tag) => tag.startsWith('result/relative') || tag.startsWith('casualReference/')) || THIS_PERIOD.test(d.text.trim());
    const pinned = !relative && ['day', 'weekday', 'month', 'year'].some((c) => d.start.isCertain(c as 'day'));
    // A lone short or common word ("now", "so", "heute") is a moment of speech, not a date anyone looks for.
    const vague = !/\s/.test(t) && (t.length <= 3 || isFunctionWords(t, locale) || VAGUE.test(t));
    if (pinned && !vague && !seen.has(t.toLowerCase())) out.push({ kind: 'date', text: t });
    seen.add(t.toLowerCase());
  }
  // Line by line: a name never runs on into the next line's label ("Leeds" then "Date:").
  const lines = text.split(/\n+/).filter((l) => l.trim());
  if (locale === 'en') {
    for (const line of lines) {
      const doc = nlp(line);
      for (const p of doc.people().out('array') as string[]) push('person', p);
      for (const o of doc.organizations().out('array') as string[]) push('organization', o);
      for (const p of doc.places().out('array') as string[]) push('place', p);
      // Days and months said as a habit ("on Saturdays"), which chrono does not read as a date.
      for (const w of doc.match('(#WeekDay|#Month)').out('array') as string[]) push('date', w);
    }
    for (const line of lines) for (const run of capitalisedRuns(line, 1, stops)) push('other', run);
    return out;
  }
  for (const m of text.matchAll(TITLES[locale] ?? /$^/gu)) push('person', m[0]);
  for (const line of lines) for (const run of capitalisedRuns(line, locale === 'de' ? 2 : 1, stops)) push('other', run, locale === 'de');
  return out;
}

export { tallyEntities } from './tally.js';
