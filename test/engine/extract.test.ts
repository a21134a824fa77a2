import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { extractText, sniff, ExtractionError } from '../../src/engine/extract/index.js';
import { docx, MP3_HEAD, MP4_HEAD, odt, pdf, PNG_HEAD, pptx, WAV_HEAD, xlsx, zipBomb } from '../helpers/fixtures.js';

const text = (s: string) => new TextEncoder().encode(s);
const extract = async (data: Uint8Array, name: string) => (await extractText(data, name)).text;

describe('text extraction of every listed format', () => {
  it('plain text in UTF-8, UTF-16 and Latin-1', async () => {
    expect(await extract(text('Héllo wörld\r\n\r\n\r\nSecond'), 'a.txt')).toBe('Héllo wörld\n\nSecond');
    expect(await extract(new Uint8Array([0xff, 0xfe, ...iconv.encode('Grüße aus Köln', 'utf16le')]), 'a.txt')).toBe('Grüße aus Köln');
    expect(await extract(iconv.encode('Café crème, très français et élégant à côté', 'latin1'), 'b.txt')).toBe('Café crème, très français et élégant à côté');
  });

  it('Markdown, HTML, CSV and TSV', async () => {
    expect(await extract(text('# Title\n\nSome **bold** and a [link](http://x).'), 'n.md')).toBe('Title\n\nSome bold and a link.');
    const html = await extract(
      text('<html><head><style>p{}</style><script>alert(1)</script></head><body><h1>Heading</h1><p>Para one.</p></body></html>'),
      'p.html',
    );
    expect(html).toContain('Heading');
    expect(html).toContain('Para one.');
    expect(html).not.toContain('alert');
    expect(await extract(text('Name,Answer\nAna,"It is, honestly, fine"\nBo,Too slow\n'), 's.csv')).toBe(
      'Name: Ana\nAnswer: It is, honestly, fine\n\nName: Bo\nAnswer: Too slow',
    );
    expect(await extract(text('Q\tA\nWhy\tBecause\n'), 's.tsv')).toBe('Q: Why\nA: Because');
  });

  it('XLSX: every sheet; an empty workbook has no text', async () => {
    const out = await extract(
      await xlsx({
        Survey: [
          ['Question', 'Answer'],
          ['Price?', 'Too high'],
        ],
        Notes: [['Note'], ['Call back']],
      }),
      'w.xlsx',
    );
    expect(out).toContain('Survey');
    expect(out).toContain('Answer: Too high');
    expect(out).toContain('Notes');
    expect(out).toContain('Call back');
    expect(await extract(await xlsx({ Empty: [] }), 'e.xlsx')).toBe('');
  });

  it('DOCX, PDF, PPTX, ODT', async () => {
    expect(await extract(docx(['First paragraph.', 'Second paragraph.']), 'd.docx')).toBe('First paragraph.\n\nSecond paragraph.');
    const p = await extract(pdf(['Page one text', 'Page two text']), 'r.pdf');
    expect(p).toContain('Page one text');
    expect(p).toContain('Page two text');
    expect(await extract(pptx([['Slide one', 'Point'], ['Slide two']]), 's.pptx')).toBe('Slide one\nPoint\n\nSlide two');
    expect(await extract(odt(['Open one.', 'Open two.']), 'o.odt')).toBe('Open one.\n\nOpen two.');
  });

  it('RTF', async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl{\f0 Arial;}}{\*\generator Test;}\f0 Caf\'e9 is \b great\b0.\par Second line \u8364? price.\par}`;
    expect(await extract(text(rtf), 'x.rtf')).toBe('Café is great.\n\nSecond line € price.');
  });

  it('WebVTT and SRT keep who said what and drop timings', async () => {
    const vtt =
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.000\n<v Interviewer>How do you budget?\n\n2\n00:00:04.500 --> 00:00:09.000\n<v Maria>With the app.\n\n3\n00:00:09.000 --> 00:00:12.000\n<v Maria>Every <b>week</b>.\n';
    expect(await extract(text(vtt), 'i.vtt')).toBe('Interviewer: How do you budget?\n\nMaria: With the app. Every week.');
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nInterviewer: Why?\n\n2\n00:00:02,500 --> 00:00:05,000\nParticipant: Because it is cheap.\n';
    expect(await extract(text(srt), 'i.srt')).toBe('Interviewer: Why?\n\nParticipant: Because it is cheap.');
  });

  it('an empty file has no text', async () => {
    expect(await extract(new Uint8Array(), 'empty.txt')).toBe('');
  });
});

describe('what sift refuses', () => {
  it('sniffs media by their bytes, whatever their name', async () => {
    for (const [bytes, name] of [
      [MP4_HEAD, 'notes.txt'],
      [PNG_HEAD, 'a.png'],
      [MP3_HEAD, 'song.docx'],
      [WAV_HEAD, 'x.csv'],
    ] as const) {
      expect([name, (await sniff(bytes, name)).kind]).toEqual([name, 'media']);
    }
    expect((await sniff(text('just words'), 'notes.txt')).kind).toBe('document');
    expect((await sniff(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]), 'prog.txt')).kind).not.toBe('document');
  });

  it('refuses a decompression bomb before parsing it', async () => {
    await expect(extractText(zipBomb(), 'bomb.docx')).rejects.toMatchObject({ reason: 'bomb' });
  });

  it('stops a parser past its time budget, and the next file still works', async () => {
    const big = pdf(Array.from({ length: 400 }, (_, i) => `Page ${i} of a long report`));
    const err = await extractText(big, 'slow.pdf', { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).reason).toBe('timeout');
    expect((await extractText(text('still fine'), 'ok.txt')).text).toBe('still fine');
  });
});

describe('PDF transcripts', () => {
  it('join lines wrapped at the page width and across pages, without running headers or page numbers', async () => {
    const header = 'Library study - interview 4 - transcript';
    const pages = [
      [
        header,
        'Interview 4, Derek, retired postman',
        'Interviewer: How does the library fit into your week?',
        'Derek: I go in most Tuesdays and Fridays to read the papers and look at the new crime',
        'novels, and it gets me out of the house. The only thing is, they do not unlock until ten',
        'now and I have been up since six.',
        'Page 1 of 2',
      ],
      [
        header,
        'Interviewer: What do you do while you wait?',
        'Derek: I wander over to the shop for a paper, or I pop up to the allotment on a Friday',
        'if the weather is kind to me.',
        'Page 2 of 2',
      ],
    ];
    const got = await extract(pdf(pages), 'interview.pdf');
    expect(got).toBe(
      [
        'Interview 4, Derek, retired postman',
        'Interviewer: How does the library fit into your week?',
        'Derek: I go in most Tuesdays and Fridays to read the papers and look at the new crime novels, and it gets me out of the house. The only thing is, they do not unlock until ten now and I have been up since six.',
        'Interviewer: What do you do while you wait?',
        'Derek: I wander over to the shop for a paper, or I pop up to the allotment on a Friday if the weather is kind to me.',
      ].join('\n\n'),
    );
  });
});
