/**
 * A retrieval set written for sift's evaluation: ten interviews about a grocery-delivery
 * service (a domain the search lexicon was not written for), and forty queries. Each query
 * names its relevant passages by a phrase they contain. Half the queries are paraphrases that
 * share no content word with their passages (test/eval/retrieval.test.ts checks that).
 */
export const DOCUMENTS: string[][] = [
  [
    'Interviewer: How did your last order go?',
    'Participant: The van showed up almost two hours after the window I picked. I had planned dinner around it, so we ended up ordering takeaway and the chicken sat in the fridge for another day.',
    'Interviewer: Anything about the items themselves?',
    'Participant: They swapped my oat milk for a soy one without asking. A replacement is fine, but I want a message first so I can say no, because my son cannot drink soy.',
    'Participant: The strawberries were bruised and mushy at the bottom of the punnet, which for fresh fruit at that price was disappointing.',
  ],
  [
    'Interviewer: What do you think of the costs?',
    'Participant: The service charge plus the delivery fee adds almost eight pounds to every basket. On a small weekly shop that is a lot, so I wait until the basket is big enough to make the fees worth it.',
    'Interviewer: And the app?',
    'Participant: Checkout keeps asking me to re-enter my card details, and twice the payment page froze so I did not know if I had been charged.',
    'Participant: I like the favourites list. Reordering my usual staples takes two minutes on a Sunday evening.',
  ],
  [
    'Interviewer: Tell me about contacting support.',
    'Participant: I reported a missing bag of shopping and the chat agent refunded it within ten minutes. Honestly that is why I stayed with them.',
    'Participant: The packaging is excessive. Every few items come in their own plastic bag and the cold items are wrapped in foam, and I have nowhere to recycle it.',
    'Interviewer: How do you choose a delivery slot?',
    'Participant: The evening slots are always gone by Tuesday. I have to book almost a week ahead, which makes it hard to shop for what I actually need.',
  ],
  [
    'Interviewer: Walk me through your first order.',
    'Participant: Signing up was quick but the app flooded me with offers and pop-ups before I could even search for bread. It felt pushy.',
    'Participant: The driver was lovely. He carried the heavy water packs up three flights of stairs without me asking.',
    'Interviewer: Would you recommend it?',
    'Participant: Only to people with a flexible schedule, because you never know exactly when the groceries will arrive.',
  ],
  [
    'Interviewer: What made you cancel your subscription?',
    'Participant: The monthly pass was supposed to save money, but I was paying for it even in weeks when I shopped at the corner market, so I stopped it.',
    'Participant: Half the discount codes from their emails did not work at checkout. It says the voucher is invalid and there is no explanation.',
    'Interviewer: Anything else?',
    'Participant: The vegetables often last only a couple of days before going limp. The ones from the farmers market keep for a week.',
  ],
  [
    'Interviewer: How does the service fit your week?',
    'Participant: I work night shifts, so being able to get a morning delivery at seven is the main reason I use it. Nobody else delivers that early.',
    'Participant: The search is poor. Typing tomatoes shows me tomato ketchup and pasta sauce before actual tomatoes.',
    'Interviewer: And the deliveries themselves?',
    'Participant: Items I paid for were simply not in the bags, and the receipt still listed them. I only noticed later when I was cooking.',
  ],
  [
    'Interviewer: Tell me about the meal kits.',
    'Participant: The recipe cards are clear and the portions are right for two, but the kits cost more than buying the ingredients separately.',
    'Participant: I worry about what they do with my data. The app wanted access to my contacts and location all the time, which seems unnecessary for groceries.',
    'Interviewer: How was the delivery?',
    'Participant: The frozen peas had thawed by the time they reached me. The cool box was not cold anymore.',
  ],
  [
    'Interviewer: Describe a recent problem.',
    'Participant: I was refunded for the missing eggs as store credit instead of money back to my card, and I had to phone twice to get real cash.',
    'Participant: The phone line has a forty minute wait, and the bot keeps sending me to articles that do not answer anything.',
    'Interviewer: What do you value most?',
    'Participant: Not carrying heavy bags home. I do not drive, so having everything brought to my door matters more than the price.',
  ],
  [
    'Interviewer: How do you plan your shopping?',
    'Participant: I build the list during the week in the app, but items go out of stock between when I add them and when the order is packed.',
    'Participant: The store brand is cheaper than the supermarket down the road, which surprised me. For basics like rice and pasta I save money.',
    'Interviewer: Any issue with timing?',
    'Participant: They text me a one hour window on the day, which is great, but then the driver arrives in the first five minutes when I am still in the shower.',
  ],
  [
    'Interviewer: What would you change?',
    'Participant: Let me choose paper bags or no bags at all. I end up with a drawer full of plastic I never asked for.',
    'Participant: The app logs me out every few days and the password reset email takes ages to come through.',
    'Interviewer: How is the quality of meat and fish?',
    'Participant: The salmon was excellent, really fresh, better than what I find in the supermarket near me.',
  ],
];

export interface Query {
  q: string;
  /** Phrases of the relevant passages. */
  relevant: string[];
  /** True when the query shares no content word with its relevant passages. */
  paraphrase: boolean;
}

export const QUERIES: Query[] = [
  // Queries that share words with what they look for.
  { q: 'delivery arrived two hours late', relevant: ['two hours after the window'], paraphrase: false },
  { q: 'oat milk swapped for soy', relevant: ['swapped my oat milk'], paraphrase: false },
  { q: 'bruised strawberries', relevant: ['strawberries were bruised'], paraphrase: false },
  { q: 'service charge and delivery fee', relevant: ['service charge plus the delivery fee'], paraphrase: false },
  { q: 'checkout asks for card details again', relevant: ['re-enter my card details'], paraphrase: false },
  { q: 'favourites list reorder', relevant: ['favourites list'], paraphrase: false },
  { q: 'chat agent refunded missing bag', relevant: ['chat agent refunded'], paraphrase: false },
  { q: 'too much plastic packaging', relevant: ['packaging is excessive', 'drawer full of plastic'], paraphrase: false },
  { q: 'evening delivery slots gone', relevant: ['evening slots are always gone'], paraphrase: false },
  { q: 'pop-ups and offers in the app', relevant: ['flooded me with offers'], paraphrase: false },
  { q: 'driver carried water up the stairs', relevant: ['carried the heavy water packs'], paraphrase: false },
  { q: 'discount codes invalid at checkout', relevant: ['discount codes from their emails'], paraphrase: false },
  { q: 'morning delivery at seven', relevant: ['morning delivery at seven'], paraphrase: false },
  { q: 'search shows ketchup instead of tomatoes', relevant: ['Typing tomatoes'], paraphrase: false },
  { q: 'meal kits cost more than ingredients', relevant: ['kits cost more'], paraphrase: false },
  { q: 'app wants access to contacts and location', relevant: ['access to my contacts'], paraphrase: false },
  { q: 'refund as store credit', relevant: ['store credit instead of money'], paraphrase: false },
  { q: 'items out of stock after adding them', relevant: ['go out of stock'], paraphrase: false },
  { q: 'logged out and password reset email', relevant: ['logs me out every few days'], paraphrase: false },
  { q: 'fresh salmon', relevant: ['salmon was excellent'], paraphrase: false },
  // Paraphrases: none of the relevant passage's content words.
  { q: 'shopping turned up very tardy', relevant: ['two hours after the window', 'never know exactly when'], paraphrase: true },
  { q: 'unapproved substitution of a product', relevant: ['swapped my oat milk'], paraphrase: true },
  { q: 'damaged berries', relevant: ['strawberries were bruised'], paraphrase: true },
  { q: 'surcharges make modest orders costly', relevant: ['service charge plus the delivery fee'], paraphrase: true },
  { q: 'purchase screen hung during paying', relevant: ['re-enter my card details'], paraphrase: true },
  { q: 'customer service was fast and generous', relevant: ['chat agent refunded'], paraphrase: true },
  { q: 'environmental waste from the containers', relevant: ['packaging is excessive', 'drawer full of plastic'], paraphrase: true },
  { q: 'no free reservation times after work', relevant: ['evening slots are always gone'], paraphrase: true },
  { q: 'aggressive promotions when joining', relevant: ['flooded me with offers'], paraphrase: true },
  { q: 'courier was helpful and kind', relevant: ['carried the heavy water packs'], paraphrase: true },
  { q: 'membership fee not worthwhile', relevant: ['monthly pass was supposed to save money'], paraphrase: true },
  { q: 'promotional coupons rejected', relevant: ['discount codes from their emails'], paraphrase: true },
  { q: 'produce spoils quickly', relevant: ['vegetables often last only a couple of days', 'strawberries were bruised'], paraphrase: true },
  { q: 'finding products by name is unreliable', relevant: ['Typing tomatoes'], paraphrase: true },
  { q: 'privacy concerns about permissions', relevant: ['access to my contacts'], paraphrase: true },
  { q: 'chilled food warmed up in transit', relevant: ['frozen peas had thawed'], paraphrase: true },
  { q: 'long hold time when calling', relevant: ['forty minute wait'], paraphrase: true },
  { q: 'ordered goods never showed up', relevant: ['not in the bags', 'chat agent refunded', 'missing eggs'], paraphrase: true },
  { q: 'own label goods are affordable', relevant: ['store brand is cheaper'], paraphrase: true },
  { q: 'authentication keeps expiring', relevant: ['logs me out every few days'], paraphrase: true },
];
