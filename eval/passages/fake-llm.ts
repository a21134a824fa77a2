import { startChatServer } from './chat-server.js';

/**
 * A local fake of an OpenAI-compatible chat endpoint (`POST /v1/chat/completions`) for the
 * passage-level benchmark (`LLM=fake`). It answers the two prompts of `reworkWithModel` like a
 * plausible but imperfect model, deterministically (every choice is a hash of the request):
 * - a theme gets a name built from its quotes' most frequent words and a one-sentence description;
 * - an insight gets a short statement and the passage's sentences back, altered the way models
 *   alter them: straight and curly quote marks swapped, the trailing period dropped, spacing
 *   changed (all of which `verbatimQuote` repairs), and one sentence paraphrased (which it cannot);
 * - about one request in seven fails: half of those answer content that is not JSON (an answer cut
 *   off at its token limit), the other half HTTP 500 on every attempt, so the provider's retries
 *   give up and the offline draft is kept; a few others answer 429 once (the retry succeeds), and
 *   some wrap their JSON in a Markdown code fence.
 */
export interface FakeLlm {
  baseUrl: string;
  apiKey: string;
  model: string;
  stats: FakeStats;
  close(): Promise<void>;
}
interface FakeStats {
  requests: number;
  themes: number;
  insights: number;
  malformed: number;
  http500: number;
  http429: number;
  quotesProposed: number;
  quotesParaphrased: number;
}

/** FNV-1a, 32 bits: the fake's only source of variation. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const STOP = new Set(
  (
    'about above after again also always another because been before being both could does doing down during each from further have having here into itself just like made make many more most much must never only other over really same should since some such than that their them then there these they thing things think this those through very want well were what when where which while with would your yeah okay actually maybe quite something anything everything ' +
    'aber alle allem allen aller alles also andere anderen auch auf aus bei beim bin bis bisschen dann darum dass dem den denn der des dich die dies diese diesem diesen dieser doch dort durch eben eigentlich ein eine einem einen einer eines einfach etwas fast für gar ganz gibt habe haben halt hatte hier ich ihr ihre immer jetzt kann kein keine mal man mehr mein meine mich mir mit muss nach nicht noch nur oder ohne schon sehr sein seine sich sie sind so über um und uns unser viel vom von vor war waren was weil wenn wie wieder wir wird wirklich zu zum zur zwei'
  ).split(' '),
);

function topWords(texts: string[], n: number): string[] {
  const count = new Map<string, { n: number; first: number }>();
  let at = 0;
  for (const t of texts)
    for (const w of t.toLowerCase().match(/\p{L}+/gu) ?? []) {
      at++;
      if (w.length < 4 || STOP.has(w)) continue;
      const c = count.get(w) ?? { n: 0, first: at };
      c.n++;
      count.set(w, c);
    }
  return [...count.entries()]
    .sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first)
    .slice(0, n)
    .map(([w]) => w);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const list = (ws: string[], and: string) => (ws.length <= 1 ? (ws[0] ?? '') : `${ws.slice(0, -1).join(', ')} ${and} ${ws.at(-1)}`);

function themeAnswer(user: string, de: boolean) {
  const lines = user.split('\n');
  const current = (lines[0] ?? '').replace(/^Current name:\s*/, '');
  const quotes = lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2));
  const words = topWords(quotes.length > 0 ? quotes : [current], 3);
  const and = de ? 'und' : 'and';
  const name = words.length > 0 ? capital(list(words.slice(0, 2), and)).slice(0, 60) : current;
  const description =
    words.length > 0
      ? de
        ? `Die Befragten sprechen über ${list(words, and)}.`
        : `Participants talk about ${list(words, and)}.`
      : de
        ? 'Verschiedene Bemerkungen der Befragten.'
        : 'Assorted remarks by participants.';
  return { name, description };
}

/** Straight quote marks become curly ones and curly (or German low) ones straight. */
function swapQuoteMarks(s: string): string {
  let open = true;
  return s.replace(/["'“”„‘’‚]/g, (ch) => {
    if (ch === "'") return '’';
    if (ch === '"') {
      open = !open;
      return open ? '”' : '“';
    }
    return /[‘’‚]/.test(ch) ? "'" : '"';
  });
}

function paraphrase(s: string, de: boolean): string {
  const words = s.replace(/[.!?…]+$/, '').split(/\s+/);
  if (words.length >= 4) [words[1], words[2]] = [words[2]!, words[1]!];
  const first = words[0] ?? '';
  words[0] = first.charAt(0).toLowerCase() + first.slice(1);
  return `${de ? 'Kurz gesagt:' : 'In short,'} ${words.join(' ')}.`;
}

function insightAnswer(user: string, de: boolean, h: number) {
  const sentences = user
    .split('\n')
    .slice(1)
    .filter((l) => l.trim());
  const words = topWords(sentences, 2);
  const text =
    words.length === 0
      ? de
        ? 'Die Person äußert sich dazu.'
        : 'The participant comments on this.'
      : de
        ? `Die Person spricht über ${list(words, 'und')}.`
        : `The participant talks about ${list(words, 'and')}.`;
  const reworded = sentences.length > 0 ? h % sentences.length : -1;
  const quotes = sentences.map((s, i) => {
    if (i === reworded) return paraphrase(s, de);
    switch ((i + (h >>> 4)) % 4) {
      case 0:
        return swapQuoteMarks(s);
      case 1:
        return s.replace(/\.$/, '');
      case 2:
        return ` ${s.replace(/ /g, (_, at: number) => (at % 3 === 0 ? '\n' : '  '))} `;
      default:
        return s;
    }
  });
  return { text, quotes };
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const apiKey = 'fake-key';
  const model = 'fake-model';
  const stats: FakeStats = { requests: 0, themes: 0, insights: 0, malformed: 0, http500: 0, http429: 0, quotesProposed: 0, quotesParaphrased: 0 };
  const attempts = new Map<number, number>();
  const answered = new Set<number>();
  const server = await startChatServer(
    apiKey,
    (body) => {
      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      const user = body.messages?.at(-1)?.content ?? '';
      const h = hash(`${system}\n${user}`);
      const attempt = attempts.get(h) ?? 0;
      attempts.set(h, attempt + 1);
      const de = /language "de/.test(system);
      const isTheme = user.startsWith('Current name:');
      if (attempt === 0) stats[isTheme ? 'themes' : 'insights']++;
      if (h % 7 === 0 && (h >>> 3) % 2 === 0) {
        if (attempt === 0) stats.http500++;
        return { status: 500 };
      }
      if (h % 7 === 3 && (h >>> 3) % 3 === 0 && attempt === 0) {
        stats.http429++;
        return { status: 429 };
      }
      const malformed = h % 7 === 0;
      const answer = isTheme ? themeAnswer(user, de) : insightAnswer(user, de, h);
      let content = JSON.stringify(answer);
      if (malformed) {
        if (attempt === 0) stats.malformed++;
        content = content.slice(0, Math.floor(content.length * 0.6));
      } else {
        if (!isTheme && !answered.has(h) && 'quotes' in answer) {
          stats.quotesProposed += answer.quotes.length;
          stats.quotesParaphrased += answer.quotes.length > 0 ? 1 : 0;
        }
        if (h % 5 === 1) content = `\`\`\`json\n${content}\n\`\`\``;
      }
      answered.add(h);
      return { status: 200, id: h.toString(16), content, cutOff: malformed };
    },
    () => stats.requests++,
  );
  return { baseUrl: server.baseUrl, apiKey, model, stats, close: server.close };
}
