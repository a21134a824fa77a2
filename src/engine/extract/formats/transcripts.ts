import { classify } from '../../transcript/lines.js';
import { tidy } from './text.js';

/**
 * WebVTT and SRT to speaker turns: timings, cue numbers and styling dropped, who said what kept
 * (`<v Name>` voice tags, or `Name:` prefixes), consecutive cues of one speaker merged, and a cue
 * naming no speaker read as the previous speaker's.
 */
interface Turn {
  speaker: string | null;
  text: string;
}

const TIMING = /^\s*\d{1,2}:\d{2}(?::\d{2})?[.,]\d{3}\s*-->\s*\d{1,2}:\d{2}(?::\d{2})?[.,]\d{3}/;

function cueToTurn(lines: string[]): Turn | null {
  let text = lines.join(' ').trim();
  let speaker: string | null = null;
  const voice = /^<v(?:\.[^ >]*)?\s+([^>]+)>/.exec(text);
  if (voice) speaker = voice[1]!.trim();
  text = text
    .replace(/<\/?[^>]+>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const prefix = classify(text, 0, text.length);
  if (!speaker && prefix.kind === 'turn') {
    speaker = prefix.name!;
    text = text.slice(prefix.bodyStart!);
  }
  return text ? { speaker, text } : null;
}

function turnsToText(turns: Turn[]): string {
  const merged: Turn[] = [];
  for (const t of turns) {
    const last = merged[merged.length - 1];
    // A cue that names no speaker goes on with the last one's turn (subtitle editors name a speaker in a turn's first cue only).
    if (last && last.speaker !== null && (t.speaker === null || last.speaker === t.speaker)) last.text += ` ${t.text}`;
    else merged.push({ ...t });
  }
  return tidy(merged.map((t) => (t.speaker ? `${t.speaker}: ${t.text}` : t.text)).join('\n\n'));
}

function cues(source: string): string[][] {
  const blocks = source.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  const out: string[][] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at === -1) continue;
    out.push(lines.slice(at + 1).filter((l) => l.trim() !== ''));
  }
  return out;
}

export const vttToText = (source: string) =>
  turnsToText(
    cues(source)
      .map(cueToTurn)
      .filter((t): t is Turn => t !== null),
  );
