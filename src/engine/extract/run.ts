import { sniff } from './sniff.js';
import { ExtractionError, type DocumentFormat, type ExtractBudget } from './types.js';
import { decodeText, htmlToText, markdownToText, tidy } from './formats/text.js';
import { delimitedToText, xlsxToText } from './formats/tabular.js';
import { docxToText, odtToText, pptxToText } from './formats/office.js';
import { pdfToText } from './formats/pdf.js';
import { rtfToText } from './formats/rtf.js';
import { vttToText } from './formats/transcripts.js';

/** Extraction in this thread (the worker calls it; index.ts wraps it in the time budget). */
export async function extractInProcess(data: Uint8Array, filename: string, budget: ExtractBudget): Promise<{ text: string; format: DocumentFormat }> {
  const verdict = await sniff(data.subarray(0, 4100), filename);
  if (verdict.kind !== 'document' || !verdict.format) {
    throw new ExtractionError('unsupported', verdict.kind === 'media' ? 'media files are not accepted' : 'sift cannot read this type of file');
  }
  const format = verdict.format;
  let text: string;
  switch (format) {
    case 'text':
      text = tidy(decodeText(data));
      break;
    case 'markdown':
      text = markdownToText(decodeText(data));
      break;
    case 'html':
      text = htmlToText(decodeText(data));
      break;
    case 'csv':
      text = delimitedToText(decodeText(data), '');
      break;
    case 'tsv':
      text = delimitedToText(decodeText(data), '\t');
      break;
    case 'xlsx':
      text = await xlsxToText(data, budget);
      break;
    case 'docx':
      text = await docxToText(data, budget);
      break;
    case 'pdf':
      text = await pdfToText(data);
      break;
    case 'pptx':
      text = await pptxToText(data, budget);
      break;
    case 'odt':
      text = await odtToText(data, budget);
      break;
    case 'rtf':
      text = rtfToText(decodeText(data));
      break;
    case 'vtt':
      text = vttToText(decodeText(data));
      break;
    // One cue reader serves both: its timing pattern accepts SRT's comma decimals and skips cue numbers.
    case 'srt':
      text = vttToText(decodeText(data));
      break;
  }
  // PostgreSQL's text cannot hold NUL, and no reader wants it: dropped on both stores alike.
  text = text.replaceAll('\u0000', '');
  if (text.length > budget.maxOutputChars) throw new ExtractionError('too_large', `the extracted text is longer than ${budget.maxOutputChars} characters`);
  return { text, format };
}
