import { extractText, getDocumentProxy } from 'unpdf';
import { ExtractionError } from '../types.js';
import { pagesToText } from './pdf-text.js';

/** Text of every page (unpdf; one PDF library per process, see notes/stack.md), wrapped lines joined (pdf-text.ts). */
export async function pdfToText(data: Uint8Array): Promise<string> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(data));
    const { text } = await extractText(pdf, { mergePages: false });
    const pages = Array.isArray(text) ? text : [text];
    return pagesToText(pages.map((p) => p.trim()).filter(Boolean));
  } catch (err) {
    throw new ExtractionError('corrupt', 'the PDF file could not be read', { cause: err });
  }
}
