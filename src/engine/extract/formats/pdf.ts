import { extractText, getDocumentProxy } from 'unpdf';
import { ExtractionError } from '../types.js';
import { tidy } from './text.js';

/** Text of every page (unpdf; one PDF library per process, see notes/stack.md), pages as paragraphs. */
export async function pdfToText(data: Uint8Array): Promise<string> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(data));
    const { text } = await extractText(pdf, { mergePages: false });
    const pages = Array.isArray(text) ? text : [text];
    return tidy(
      pages
        .map((p) => p.trim())
        .filter(Boolean)
        .join('\n\n'),
    );
  } catch {
    throw new ExtractionError('corrupt', 'the PDF file could not be read');
  }
}
