import nlp from 'compromise';

/**
 * Replaces personal data with stable per-document placeholders (decisions §5): the same value
 * gets the same `[KIND n]` throughout the document. People come from compromise's name
 * recognition (and speaker labels that are names); e-mails, phones, addresses, IBANs and card
 * numbers from patterns with checksums where the format has one. Everything else is unchanged.
 */
export type PiiKind = 'PERSON' | 'EMAIL' | 'PHONE' | 'ADDRESS' | 'IBAN' | 'CARD';

export interface Anonymized {
  text: string;
  replacements: { placeholder: string; kind: PiiKind; count: number }[];
}

interface Hit {
  start: number;
  end: number;
  kind: PiiKind;
  key: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const IBAN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?\b/g;
const CARD = /\b(?:\d[ -]?){12,18}\d\b/g;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\b\d{2,4}[\s.-])\d{3,4}[\s.-]?\d{3,4}\b/g;
const STREET_TYPES = 'Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Square|Sq|Terrace|Close|Crescent';
const ADDRESS_EN = new RegExp(`\\b\\d{1,5}[A-Za-z]?\\s+(?:[A-Z][a-z]+\\s+){1,3}(?:${STREET_TYPES})\\b`, 'g');
const ADDRESS_DE = /\b[A-ZÄÖÜ][a-zäöüß]+(?:straße|strasse|weg|gasse|platz|allee)\s+\d{1,4}[a-z]?\b/g;
const ADDRESS_FR =
  /\b\d{1,4}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|boulevard|place|chemin|allée|impasse)\s+(?:d[eu']\s?|de la\s|des\s)?[A-ZÉ][\p{L}'-]+(?:\s[A-ZÉ][\p{L}'-]+)*/gu;
const GENERIC_SPEAKERS = new Set([
  'interviewer',
  'participant',
  'moderator',
  'respondent',
  'facilitator',
  'speaker',
  'q',
  'a',
  'user',
  'customer',
  'researcher',
  'host',
  'guest',
]);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ibanValid(raw: string): boolean {
  const s = raw.replace(/\s+/g, '');
  if (s.length < 15 || s.length > 34) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of v) rem = (rem * 10 + Number(digit)) % 97;
  }
  return rem === 1;
}

function regexHits(
  text: string,
  re: RegExp,
  kind: PiiKind,
  accept: (m: string) => boolean = () => true,
  key = (m: string) => m.toLowerCase().replace(/\s+/g, ' '),
): Hit[] {
  const hits: Hit[] = [];
  for (const m of text.matchAll(re)) {
    if (accept(m[0])) hits.push({ start: m.index!, end: m.index! + m[0].length, kind, key: `${kind}:${key(m[0])}` });
  }
  return hits;
}

/** Names of people: compromise's recognition plus speaker labels that look like names. */
function peopleHits(text: string): Hit[] {
  const names = new Set<string>();
  const doc = nlp(text);
  for (const p of doc.people().out('array') as string[]) {
    const clean = p
      .replace(/[^\p{L}'’ -]/gu, '')
      .replace(/^(thanks|thank you|hi|hello|hey|dear|dr|mr|mrs|ms)\s+/i, '')
      .replace(/['’]s$/, '')
      .trim();
    if (clean.length > 1 && !GENERIC_SPEAKERS.has(clean.toLowerCase())) names.add(clean);
  }
  for (const m of text.matchAll(/^\s*([A-Z][a-z]+(?: [A-Z][a-z]+)?)\s*:/gm)) {
    if (!GENERIC_SPEAKERS.has(m[1]!.toLowerCase())) names.add(m[1]!);
  }
  // A full name and later its parts alone map to the same person when only one full name has that part.
  const full = [...names].filter((n) => n.includes(' '));
  const personOf = new Map<string, string>();
  for (const n of names) personOf.set(n, n);
  for (const f of full) {
    for (const part of f.split(' ')) {
      const owners = full.filter((g) => g.split(' ').includes(part));
      if (owners.length === 1 && part.length > 1) personOf.set(part, f);
    }
  }
  const hits: Hit[] = [];
  const sorted = [...personOf.keys()].sort((a, b) => b.length - a.length);
  for (const name of sorted) {
    const re = new RegExp(`(?<![\\p{L}\\[])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'gu');
    for (const m of text.matchAll(re))
      hits.push({ start: m.index!, end: m.index! + m[0].length, kind: 'PERSON', key: `PERSON:${personOf.get(name)!.toLowerCase()}` });
  }
  return hits;
}

export function anonymize(text: string, _opts: { locale?: string } = {}): Anonymized {
  const hits: Hit[] = [
    ...regexHits(text, EMAIL, 'EMAIL'),
    ...regexHits(text, IBAN, 'IBAN', ibanValid, (m) => m.replace(/\s+/g, '')),
    ...regexHits(
      text,
      CARD,
      'CARD',
      (m) => luhn(m.replace(/\D/g, '')),
      (m) => m.replace(/\D/g, ''),
    ),
    ...regexHits(
      text,
      PHONE,
      'PHONE',
      (m) => m.replace(/\D/g, '').length >= 7 && !/^(19|20)\d{2}[\s.-]\d{2}[\s.-]\d{2}$/.test(m.trim()),
      (m) => m.replace(/\D/g, ''),
    ),
    ...regexHits(text, ADDRESS_EN, 'ADDRESS'),
    ...regexHits(text, ADDRESS_DE, 'ADDRESS'),
    ...regexHits(text, ADDRESS_FR, 'ADDRESS'),
    ...peopleHits(text),
  ];
  // Earlier kinds in the list win overlaps (an e-mail's local part is not also a name).
  const order: PiiKind[] = ['EMAIL', 'IBAN', 'CARD', 'ADDRESS', 'PHONE', 'PERSON'];
  hits.sort((a, b) => a.start - b.start || order.indexOf(a.kind) - order.indexOf(b.kind) || b.end - a.end);
  const chosen: Hit[] = [];
  for (const h of hits) {
    const last = chosen[chosen.length - 1];
    if (last && h.start < last.end) {
      if (order.indexOf(h.kind) < order.indexOf(last.kind) || (h.kind === last.kind && h.end - h.start > last.end - last.start)) chosen[chosen.length - 1] = h;
      continue;
    }
    chosen.push(h);
  }
  const numbers = new Map<string, string>();
  const counters = new Map<PiiKind, number>();
  const counts = new Map<string, number>();
  let out = '';
  let at = 0;
  for (const h of chosen) {
    let placeholder = numbers.get(h.key);
    if (!placeholder) {
      const n = (counters.get(h.kind) ?? 0) + 1;
      counters.set(h.kind, n);
      placeholder = `[${h.kind} ${n}]`;
      numbers.set(h.key, placeholder);
    }
    counts.set(placeholder, (counts.get(placeholder) ?? 0) + 1);
    out += text.slice(at, h.start) + placeholder;
    at = h.end;
  }
  out += text.slice(at);
  return {
    text: out,
    replacements: [...counts.entries()].map(([placeholder, count]) => ({ placeholder, kind: placeholder.slice(1).split(' ')[0] as PiiKind, count })),
  };
}
