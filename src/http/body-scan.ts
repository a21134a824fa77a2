/**
 * A large JSON body checked as its bytes arrive, before it is whole (json-body.ts): what can be
 * known of a request early, cheaply and for certain, so that a body no valid request resembles is
 * refused after its first kilobytes rather than read (tens of megabytes) and parsed. It sees:
 * the `action` member (the action's largest valid body then bounds the rest, usually from its
 * first bytes since `action` comes first), how many JSON values the body holds, and each string
 * whose schema bounds its length. It builds nothing: strings are skipped with `indexOf`, and
 * only member names and the action's name are kept. Anything it cannot be sure of (a member
 * under a union, a name with an escape) it leaves to the parser and validator, which see the
 * whole body as before.
 */

type Schema = Record<string, unknown>;

/** Why a body is refused before it is whole: 413 (over a limit), or 400 naming its first problem as the validator would. */
export type EarlyVerdict = { status: 413; message: string } | { status: 400; path: string; message: string };

export interface ScanRules {
  /** The route's path, as the messages name it. */
  route: string;
  /** The route's actions by name (a dispatcher surface), or null. */
  actions: Record<string, Schema> | null;
  /** The schema of the whole body where it is not a dispatcher's (an upload's list of URLs), or null. */
  schema: Schema | null;
  /** That schema's largest valid body in bytes, or null. */
  bytes: number | null;
  /** The most JSON values a valid body holds, before its action is known. */
  maxValues: number;
  /** Per action: its largest valid body in bytes and its most JSON values. */
  actionLimits: (action: string) => { bytes: number; values: number } | null;
}

interface Level {
  array: boolean;
  /** This container's schema, when known and simple enough to follow. */
  schema: Schema | null;
  /** Objects: the member whose value comes next (null when unknown); arrays: the current index. */
  key: string | null;
  index: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Member names and action names are kept up to this many bytes; longer ones are not looked up. */
const NAME_BYTES = 256;
/**
 * A character takes at most 12 bytes in JSON (a surrogate pair written as two `\u` escapes), so
 * a string of more than 12 × maxLength bytes certainly holds more than maxLength characters.
 */
const MOST_BYTES_PER_CHAR = 12;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** An object schema's members, where following them is sound: an object, its `allOf` parts only constraining it further. */
function membersOf(s: Schema | null): Record<string, Schema> | null {
  if (s?.type !== 'object' || s.anyOf || s.oneOf) return null;
  return (s.properties as Record<string, Schema> | undefined) ?? null;
}

const itemsOf = (s: Schema | null): Schema | null => (s && s.type === 'array' && !s.anyOf && !s.oneOf ? ((s.items as Schema | undefined) ?? null) : null);

const maxLengthOf = (s: Schema | null): number | null =>
  s && s.type === 'string' && !s.anyOf && !s.oneOf && typeof s.maxLength === 'number' ? s.maxLength : null;

/** The 413 of a body larger than any valid request of its action (or of its route, where `action` is null). */
export const tooManyBytes = (bytes: number, action: string | null, route: string) =>
  `the body is larger than ${bytes.toLocaleString('en')} bytes, the most any valid ${action === null ? 'request' : `${action} request`} to ${route} needs`;

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class BodyScanner {
  private readonly stack: Level[] = [];
  private values = 0;
  private maxValues: number;
  /** The body's action once read. */
  action: string | null = null;
  /** The largest valid body's size, once known (from the body's schema, or its action's). */
  mostBytes: number;
  /** After `:` or `,` or `[` (or at the start): the next token begins a value. */
  private expectValue = true;
  /** Inside a string: whether it is a member name, its bytes so far, its bound, the bytes kept of it. */
  private inString = false;
  private escaped = false;
  private stringIsKey = false;
  private stringBytes = 0;
  private stringMost = Number.POSITIVE_INFINITY;
  private stringSchemaMax: number | null = null;
  private kept: number[] | null = null;
  private keepAction = false;
  private done = false;

  /** `declared`: the body's Content-Length (NaN without one), held to its action's limit as soon as that is known. */
  constructor(
    private readonly rules: ScanRules,
    private readonly declared = Number.NaN,
  ) {
    this.maxValues = rules.maxValues;
    this.mostBytes = rules.bytes ?? Number.POSITIVE_INFINITY;
  }

  /** Reads the next bytes of the body; answers a verdict as soon as one is certain (and nothing after it). */
  push(chunk: Uint8Array): EarlyVerdict | null {
    if (this.done) return null;
    const n = chunk.length;
    let i = 0;
    let nextQuote = -2;
    let nextEscape = -2;
    while (i < n) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          this.keep(chunk, i, i + 1);
          this.stringBytes++;
          i++;
          continue;
        }
        // The next quote or backslash, each looked for once per chunk until passed.
        if (nextQuote !== -1 && nextQuote < i) nextQuote = chunk.indexOf(QUOTE, i);
        if (nextEscape !== -1 && nextEscape < i) nextEscape = chunk.indexOf(BACKSLASH, i);
        const q = nextQuote === -1 ? n : nextQuote;
        const b = nextEscape === -1 ? n : nextEscape;
        const stop = Math.min(q, b);
        this.keep(chunk, i, stop);
        this.stringBytes += stop - i;
        if (this.stringBytes > this.stringMost) return this.refuse(this.tooLong());
        if (stop === n) break;
        if (stop === b) {
          this.escaped = true;
          this.keep(chunk, b, b + 1);
          this.stringBytes++;
          i = b + 1;
          continue;
        }
        i = q + 1;
        this.inString = false;
        const verdict = this.endString();
        if (verdict) return this.refuse(verdict);
        continue;
      }
      const c = chunk[i]!;
      i++;
      if (isSpace(c)) continue;
      const top = this.stack.at(-1);
      if (c === QUOTE) {
        this.inString = true;
        this.stringBytes = 0;
        this.stringIsKey = !!top && !top.array && !this.expectValue;
        if (this.stringIsKey) {
          this.kept = [];
          this.stringMost = Number.POSITIVE_INFINITY;
          this.stringSchemaMax = null;
        } else {
          const verdict = this.valueStarts();
          if (verdict) return this.refuse(verdict);
          const max = maxLengthOf(this.childSchema());
          this.stringSchemaMax = max;
          this.stringMost = max === null ? Number.POSITIVE_INFINITY : MOST_BYTES_PER_CHAR * max;
          this.keepAction = this.stack.length === 1 && top?.key === 'action';
          this.kept = this.keepAction ? [] : null;
        }
        continue;
      }
      if (c === 0x7b || c === 0x5b) {
        const verdict = this.valueStarts();
        if (verdict) return this.refuse(verdict);
        const schema = this.stack.length === 0 ? this.rules.schema : this.childSchema();
        this.stack.push({ array: c === 0x5b, schema, key: null, index: 0 });
        this.expectValue = c === 0x5b;
        continue;
      }
      if (c === 0x7d || c === 0x5d) {
        this.stack.pop();
        this.expectValue = false;
        continue;
      }
      if (c === 0x2c) {
        if (top?.array) top.index++;
        else if (top) top.key = null;
        this.expectValue = !!top?.array;
        continue;
      }
      if (c === 0x3a) {
        this.expectValue = true;
        continue;
      }
      // A number, `true`, `false` or `null` (or something the parser will refuse): a value where one is expected.
      if (this.expectValue) {
        const verdict = this.valueStarts();
        if (verdict) return this.refuse(verdict);
      }
    }
    return null;
  }

  private refuse(v: EarlyVerdict): EarlyVerdict {
    this.done = true;
    return v;
  }

  private keep(chunk: Uint8Array, from: number, to: number) {
    const kept = this.kept;
    if (!kept) return;
    for (let j = from; j < to && kept.length <= NAME_BYTES; j++) kept.push(chunk[j]!);
  }

  private valueStarts(): EarlyVerdict | null {
    this.expectValue = false;
    return ++this.values > this.maxValues ? this.tooManyValues() : null;
  }

  private tooManyValues(): EarlyVerdict {
    const which = this.action === null ? 'of this route' : `of its action (${this.action})`;
    return { status: 413, message: `the body holds more than the ${this.maxValues} JSON values any valid request ${which} can` };
  }

  /** The schema of the value that starts now, from its container's. */
  private childSchema(): Schema | null {
    const top = this.stack.at(-1);
    if (!top) return this.rules.schema;
    if (top.array) return itemsOf(top.schema);
    return top.key === null ? null : (membersOf(top.schema)?.[top.key] ?? null);
  }

  private endString(): EarlyVerdict | null {
    const top = this.stack.at(-1);
    const name = this.kept && this.kept.length <= NAME_BYTES && !this.kept.includes(BACKSLASH) ? Buffer.from(this.kept).toString('utf8') : null;
    this.kept = null;
    if (this.stringIsKey) {
      if (top) top.key = name;
      return null;
    }
    if (this.keepAction && top) {
      this.keepAction = false;
      if (name !== null && this.action === null) return this.actionRead(top, name);
    }
    return null;
  }

  /** The action is known: its schema is followed from now on, its limits replace the route's. */
  private actionRead(top: Level, name: string): EarlyVerdict | null {
    const rules = this.rules;
    if (!rules.actions) return null;
    const schema = Object.hasOwn(rules.actions, name) ? rules.actions[name]! : null;
    if (!schema) return { status: 400, path: '/action', message: `unknown action ${JSON.stringify(name)}` };
    this.action = name;
    top.schema = schema;
    const limits = rules.actionLimits(name);
    if (limits) {
      this.mostBytes = limits.bytes;
      if (this.declared > limits.bytes) return { status: 413, message: tooManyBytes(limits.bytes, name, rules.route) };
      this.maxValues = Math.min(this.maxValues, limits.values);
      if (this.values > this.maxValues) return this.tooManyValues();
    }
    return null;
  }

  private tooLong(): EarlyVerdict {
    return { status: 400, path: this.path(), message: `must NOT have more than ${this.stringSchemaMax} characters` };
  }

  /** The JSON Pointer of the value being read: each open container's member name or index. */
  private path(): string {
    return this.stack.map((l) => `/${l.array ? String(l.index) : escapePointer(l.key ?? '')}`).join('');
  }
}
