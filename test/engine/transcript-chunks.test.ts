import { describe, expect, it } from 'vitest';
import { chunkText } from '../../src/engine/chunk.js';
import { readTranscript } from '../../src/engine/transcript/index.js';
import { LAYOUTS, render } from '../../eval/passages/layouts.js';
import { loadStudies } from '../../eval/passages/load.js';

/**
 * Issue 44, part 1: a transcript's search unit is a turn. On every layout of every development
 * study of the passage benchmark (eval/passages/layouts.ts: text exports, WebVTT, SRT, Word, PDF,
 * read through sift's extractors), every chunk of a transcript is one speaker's words: an exact
 * slice of the text, found within a single turn of the source as spoken (so no label, time stamp
 * or second speaker in it), with the speaker and role the transcript reader gives that turn. The
 * only chunk without a speaker is the header before the first turn.
 */
const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
/** A PDF in the Windows code page holds letters beyond it as plain ones (eval/passages/files.ts): compared without accents, 'ı' as 'i'. */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ıłŁđĐħ]/g, (c) => ({ ı: 'i', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h' })[c]!);
/** A time stamp as the layouts write them (`0:04`, `10:02:15`, `00:00:04,000`). */
const STAMP = /\b\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{3})?\b/;

describe('chunks of a transcript, on every layout of the development studies', () => {
  const studies = loadStudies().filter((s) => s.split === 'development');

  it.each(LAYOUTS.map((l) => [l]))(
    'layout %s: each chunk one speaker’s words, with speaker and role, no label or time stamp',
    async (layout) => {
      let checked = 0;
      for (const study of studies) {
        for (const [n, t] of study.transcripts.entries()) {
          const text = await render(t.source, layout, study.locale, n, study.name);
          const reading = readTranscript(text);
          expect(reading.transcript, `${study.name}/${t.id}`).toBe(true);
          // A PDF's running title stands inside a turn where a page breaks it (page furniture the reader keeps as words).
          const title = `${study.name} – interview transcript`;
          const asRead = (s: string) => (layout === 'pdf' ? plain(fold(s)) : fold(s));
          const bodies = t.source.turns.map((turn) => asRead(turn.body));
          const labels = new Set(reading.turns.map((turn) => turn.speaker!));
          const firstTurn = reading.turns[0]!.start;
          const chunks = chunkText(text, { locale: study.locale });
          let turnAt = 0;
          for (const c of chunks) {
            const where = `${study.name}/${t.id} chunk ${c.idx}: ${c.text.slice(0, 80)}`;
            expect(text.slice(c.start, c.end), where).toBe(c.text);
            if (c.speaker === null) {
              // The header: before the first turn, without a role.
              expect(c.end, where).toBeLessThanOrEqual(firstTurn);
              expect(c.role, where).toBeNull();
              continue;
            }
            expect(labels.has(c.speaker), where).toBe(true);
            expect(['interviewer', 'participant'], where).toContain(c.role);
            // The turn of the reading the chunk lies in gives its speaker and role.
            const turn = reading.turns.findLast((x) => x.start <= c.start)!;
            expect([turn.speaker, turn.role], where).toEqual([c.speaker, c.role]);
            expect(turn.body.some((b) => b.start <= c.start && c.end <= b.end) || c.end <= turn.body.at(-1)!.end, where).toBe(true);
            // Words of one turn as spoken: never a label, a time stamp or a second speaker's words.
            const words = asRead(layout === 'pdf' ? c.text.replaceAll(title, ' ') : c.text);
            while (turnAt < bodies.length && !bodies[turnAt]!.includes(words)) turnAt++;
            expect(turnAt < bodies.length, `${where} is not within one turn as spoken`).toBe(true);
            expect(STAMP.test(c.text), where).toBe(false);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
    },
    60_000,
  );

  it('keeps prose chunks as they were: paragraphs joined up to the target, without a speaker or role', () => {
    const text = ['A first paragraph of field notes.', 'Note: a second one, with a label of a kind.', 'A third.'].join('\n\n');
    expect(chunkText(text).map((c) => [c.text, c.speaker, c.role])).toEqual([[text, null, null]]);
  });

  it('splits a long turn between sentences, keeps a turn’s paragraphs together and never joins two turns', () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is about the rota.`).join(' ');
    const text = `Interviewer: How was it?\n\nPriya: ${long}\n\nInterviewer: And then?\n\nPriya: It got better.\n\nMore in a second paragraph.\n\nInterviewer: Thanks.\n\nPriya: Thank you.`;
    const chunks = chunkText(text, { targetWords: 100, maxWords: 150 });
    // The long turn (480 words) in five chunks of twelve sentences.
    expect(chunks.map((c) => [c.speaker, c.role])).toEqual([
      ['Interviewer', 'interviewer'],
      ...Array.from({ length: 5 }, () => ['Priya', 'participant']),
      ['Interviewer', 'interviewer'],
      ['Priya', 'participant'],
      ['Interviewer', 'interviewer'],
      ['Priya', 'participant'],
    ]);
    expect(chunks[1]!.text.startsWith('Sentence number 0')).toBe(true);
    expect(
      chunks
        .slice(1, 6)
        .map((c) => c.text)
        .join(' '),
    ).toBe(long);
    expect(chunks[7]!.text).toBe('It got better.\n\nMore in a second paragraph.');
    for (const c of chunks) expect(c.text).not.toMatch(/^(Interviewer|Priya):/);
  });
});
