/**
 * One line of extracted text, read for what it is in a transcript: a turn opening with its
 * speaker (`Name: text`, `[00:01:23] Name: text`, `Name (00:01:23): text`), a line naming the
 * speaker whose words follow below (Otter's `Speaker 1  0:04`, Zoom's `[Dana Whitfield] 10:02:15`,
 * Rev's `Name (00:00:04):`, a bold label or a table's speaker cell alone on its line), a time
 * stamp or page furniture alone (never words anyone said), a blank, or text. Written by hand:
 * the layouts are the exports of transcription tools, which no parsing library knows.
 */
export type LineKind = 'turn' | 'speaker' | 'bare-name' | 'noise' | 'blank' | 'text';

export interface Line {
  kind: LineKind;
  /** Offsets of the whole line in the document's text. */
  start: number;
  end: number;
  /** The speaker as written, on `turn`, `speaker` and `bare-name` lines. */
  name?: string;
  /** Where the spoken words start on a `turn` line. */
  bodyStart?: number;
}

const TIME = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?`;
const STAMP = String.raw`(?:\[${TIME}\]|\(${TIME}\)|${TIME})`;
/** A speaker's name: `Speaker 1`, or a capital and then letters or digits (`P3`), at most five words. */
const NAME = String.raw`(?:[Ss]peaker\s*\d{1,2}|[\p{Lu}][\p{L}\p{M}\d.'’-]*(?:[ \t]+[\p{L}\p{M}][\p{L}\p{M}\d.'’-]*){0,4})`;

const TURN = new RegExp(String.raw`^[ \t]*(?:(${STAMP})[ \t]*[-–]?[ \t]*)?(?:-[ \t]*)?(${NAME})[ \t]*(${STAMP})?[ \t]*:[ \t]+(?=\S)`, 'u');
const SPEAKER_COLON = new RegExp(String.raw`^[ \t]*(?:(${STAMP})[ \t]*)?(${NAME})[ \t]*(${STAMP})?[ \t]*:[ \t]*$`, 'u');
const SPEAKER_TIME = new RegExp(String.raw`^[ \t]*(${NAME})[ \t]+(${STAMP})[ \t]*$`, 'u');
const SPEAKER_BRACKETED = new RegExp(String.raw`^[ \t]*\[(${NAME})\][ \t]*(${STAMP})?[ \t]*$`, 'u');
const BARE_NAME = new RegExp(String.raw`^[ \t]*(${NAME})[ \t]*$`, 'u');
const TIME_ALONE = new RegExp(String.raw`^[ \t]*${STAMP}(?:[ \t]*-->[ \t]*${STAMP})?[ \t]*$`, 'u');
/** A page's number alone: "Page 3 of 12", "Seite 3", "3", "- 3 -", "3/12". */
export const PAGE_NUMBER = /^\s*(?:(?:page|seite|p\.)\s*\d+(?:\s*(?:of|von|sur|\/)\s*\d+)?|\d{1,4}|-\s*\d{1,4}\s*-|\d{1,4}\s*(?:of|\/)\s*\d{1,4})\s*$/i;

export function classify(text: string, start: number, end: number): Line {
  const line = text.slice(start, end);
  if (line.trim() === '') return { kind: 'blank', start, end };
  if (TIME_ALONE.test(line) || PAGE_NUMBER.test(line)) return { kind: 'noise', start, end };
  const turn = TURN.exec(line);
  if (turn) return { kind: 'turn', start, end, name: fold(turn[2]!), bodyStart: start + turn[0].length };
  const speaker = SPEAKER_COLON.exec(line);
  if (speaker) return { kind: 'speaker', start, end, name: fold(speaker[2]!) };
  const timed = SPEAKER_TIME.exec(line) ?? SPEAKER_BRACKETED.exec(line);
  if (timed) return { kind: 'speaker', start, end, name: fold(timed[1]!) };
  const bare = BARE_NAME.exec(line);
  if (bare && bare[1]!.split(/\s+/).length <= 3) return { kind: 'bare-name', start, end, name: fold(bare[1]!) };
  return { kind: 'text', start, end };
}

const fold = (name: string) => name.replace(/\s+/g, ' ').trim();

/** Every line of the text with its offsets (a trailing `\r` is left outside the line). */
export function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let from = 0;
  while (from <= text.length) {
    const nl = text.indexOf('\n', from);
    const stop = nl === -1 ? text.length : nl;
    const end = stop > from && text[stop - 1] === '\r' ? stop - 1 : stop;
    out.push(classify(text, from, end));
    if (nl === -1) break;
    from = nl + 1;
  }
  return out;
}
