/**
 * A small lexicon of paraphrases common in product and user research that WordNet does not
 * connect (software usage: "sync" ~ "connect", "crash" ~ "fail"). Each group's words expand to
 * one another. Kept short on purpose; test/eval measures whether it helps.
 */
export const PARAPHRASE_GROUPS: string[][] = [
  ['sync', 'synchronise', 'synchronize', 'connect', 'connection', 'link', 'import', 'integration'],
  ['fail', 'failure', 'error', 'broken', 'break', 'crash', 'bug', 'glitch', 'disconnect', 'stop working'],
  ['price', 'cost', 'expensive', 'pricing', 'fee', 'subscription', 'pay', 'afford', 'cheap', 'money', 'dollar'],
  ['bank', 'account', 'credit union', 'institution', 'card'],
  ['confusing', 'confused', 'unclear', 'lost', 'hard', 'difficult', 'complicated', 'overwhelming'],
  ['onboarding', 'setup', 'set up', 'getting started', 'tutorial', 'first day', 'welcome', 'sign up'],
  ['slow', 'lag', 'laggy', 'loading', 'wait', 'performance', 'speed'],
  ['support', 'help', 'customer service', 'agent', 'contact', 'ticket'],
  ['privacy', 'data', 'security', 'trust', 'safe', 'share', 'tracking'],
  ['cancel', 'quit', 'leave', 'churn', 'unsubscribe', 'switch'],
  ['phone', 'mobile', 'app', 'ios', 'android'],
  ['happy', 'love', 'like', 'great', 'satisfied', 'enjoy'],
  ['frustrated', 'annoyed', 'angry', 'upset', 'disappointed'],
];

const byWord = new Map<string, string[]>();
for (const group of PARAPHRASE_GROUPS) for (const w of group) byWord.set(w, [...(byWord.get(w) ?? []), ...group.filter((x) => x !== w)]);

export const paraphrasesOf = (word: string): string[] => byWord.get(word) ?? [];
