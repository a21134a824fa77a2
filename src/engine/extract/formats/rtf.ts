import iconv from 'iconv-lite';
import { tidy } from './text.js';

/**
 * RTF to text, by hand: no maintained RTF reader runs on Node 20 without native parts. Handles
 * groups, control words, `\'hh` escapes in the document's code page, `\uN` unicode with its
 * fallback characters, and skips destinations (`\*`, font and colour tables, styles, info).
 */
const SKIP = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'header',
  'footer',
  'headerl',
  'headerr',
  'footerl',
  'footerr',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'datastore',
  'object',
  'fldinst',
]);

export function rtfToText(source: string): string {
  let out = '';
  let codepage = 'windows-1252';
  const stack: { skip: boolean; uc: number }[] = [];
  let state = { skip: false, uc: 1 };
  let pendingSkipChars = 0;
  let bytes: number[] = [];
  const flushBytes = () => {
    if (bytes.length && !state.skip) out += iconv.decode(Buffer.from(bytes), iconv.encodingExists(codepage) ? codepage : 'windows-1252');
    bytes = [];
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch !== '\\' || source[i + 1] !== "'") flushBytes();
    if (ch === '{') {
      stack.push(state);
      state = { ...state };
      continue;
    }
    if (ch === '}') {
      state = stack.pop() ?? { skip: false, uc: 1 };
      continue;
    }
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (next === "'") {
        const hex = source.slice(i + 2, i + 4);
        i += 3;
        if (pendingSkipChars > 0) {
          pendingSkipChars--;
          continue;
        }
        bytes.push(parseInt(hex, 16));
        continue;
      }
      if (next === '*') {
        state.skip = true;
        i += 1;
        continue;
      }
      if (/[\\{}]/.test(next)) {
        if (!state.skip) out += next;
        i += 1;
        continue;
      }
      if (next === '~') {
        if (!state.skip) out += '\u00a0';
        i += 1;
        continue;
      }
      if (next === '\n' || next === '\r') {
        if (!state.skip) out += '\n';
        i += 1;
        continue;
      }
      const m = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(source.slice(i + 1, i + 50));
      if (!m) {
        i += 1;
        continue;
      }
      i += m[0].length;
      const word = m[1]!;
      const arg = m[2] === undefined ? null : Number(m[2]);
      if (SKIP.has(word)) state.skip = true;
      else if (word === 'ansicpg' && arg) codepage = `windows-${arg}`;
      else if (word === 'uc' && arg !== null) state.uc = arg;
      else if (word === 'u' && arg !== null) {
        if (!state.skip) out += String.fromCharCode(arg < 0 ? arg + 65536 : arg);
        pendingSkipChars = state.uc;
      } else if (!state.skip) {
        if (word === 'par' || word === 'sect' || word === 'page') out += '\n\n';
        else if (word === 'line') out += '\n';
        else if (word === 'tab' || word === 'cell') out += ' ';
        else if (word === 'row') out += '\n';
        else if (word === 'emdash') out += '—';
        else if (word === 'endash') out += '–';
        else if (word === 'lquote') out += '‘';
        else if (word === 'rquote') out += '’';
        else if (word === 'ldblquote') out += '“';
        else if (word === 'rdblquote') out += '”';
        else if (word === 'bullet') out += '•';
      }
      continue;
    }
    if (ch === '\r' || ch === '\n') continue;
    if (pendingSkipChars > 0) {
      pendingSkipChars--;
      continue;
    }
    if (!state.skip) out += ch;
  }
  flushBytes();
  return tidy(out.replace(/[ \t]+\n/g, '\n'));
}
