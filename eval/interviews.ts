import { DOCUMENTS } from '../test/eval/corpus.js';

/**
 * A labelled interview set: each participant answer of the grocery-delivery interviews in
 * test/eval/corpus.ts as a short transcript of its own, with the theme it is about.
 */
const THEME_OF: Record<string, string> = {
  'two hours after the window': 'delivery timing',
  'swapped my oat milk': 'substitutions and stock',
  'strawberries were bruised': 'freshness',
  'service charge plus the delivery fee': 'price and fees',
  're-enter my card details': 'app and payment',
  'favourites list': 'app and payment',
  'chat agent refunded': 'support and refunds',
  'packaging is excessive': 'packaging',
  'evening slots are always gone': 'delivery timing',
  'flooded me with offers': 'app and payment',
  'carried the heavy water packs': 'support and refunds',
  'flexible schedule': 'delivery timing',
  'monthly pass was supposed to save money': 'price and fees',
  'discount codes from their emails': 'price and fees',
  'vegetables often last only': 'freshness',
  'morning delivery at seven': 'delivery timing',
  'Typing tomatoes': 'app and payment',
  'not in the bags': 'substitutions and stock',
  'kits cost more': 'price and fees',
  'access to my contacts': 'app and payment',
  'frozen peas had thawed': 'freshness',
  'missing eggs': 'support and refunds',
  'forty minute wait': 'support and refunds',
  'Not carrying heavy bags': 'delivery timing',
  'go out of stock': 'substitutions and stock',
  'store brand is cheaper': 'price and fees',
  'one hour window': 'delivery timing',
  'drawer full of plastic': 'packaging',
  'logs me out every few days': 'app and payment',
  'salmon was excellent': 'freshness',
};

export const INTERVIEWS: { id: string; text: string; label: string }[] = DOCUMENTS.flatMap((paragraphs, d) =>
  paragraphs.flatMap((p, i) => {
    const entry = Object.entries(THEME_OF).find(([phrase]) => p.includes(phrase));
    if (!entry || !p.startsWith('Participant:')) return [];
    const question =
      paragraphs
        .slice(0, i)
        .reverse()
        .find((x) => x.startsWith('Interviewer:')) ?? 'Interviewer: Tell me more.';
    return [{ id: `i${d}-${i}`, text: `${question}\n\n${p}`, label: entry[1] }];
  }),
);
