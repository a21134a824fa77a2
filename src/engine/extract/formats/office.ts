import { unzipSync, type UnzipFileInfo } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import mammoth from 'mammoth';
import { ExtractionError, type ExtractBudget } from '../types.js';
import { tidy } from './text.js';

/**
 * Zip containers are checked before any parser opens them: the central directory's declared
 * sizes must stay under the budget in total and in ratio to the compressed size.
 */
export function guardZip(data: Uint8Array, budget: ExtractBudget): void {
  let total = 0;
  try {
    unzipSync(data, {
      filter(file: UnzipFileInfo) {
        total += file.originalSize;
        if (total > budget.maxUncompressedBytes) throw new ExtractionError('bomb', 'the file expands to more than the allowed size (a decompression bomb?)');
        if (file.size > 0 && file.originalSize / file.size > budget.maxCompressionRatio && file.originalSize > 1_000_000) {
          throw new ExtractionError('bomb', `the file ${file.name} compresses suspiciously well (a decompression bomb?)`);
        }
        return false;
      },
    });
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    throw new ExtractionError('corrupt', 'the file is not a readable zip container');
  }
}

/** Reads the named entries (after guardZip), refusing entries that inflate past their declared size. */
function entries(data: Uint8Array, wanted: (name: string) => boolean): Record<string, string> {
  const files = unzipSync(data, { filter: (f) => wanted(f.name) });
  const out: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) out[name] = new TextDecoder().decode(bytes);
  return out;
}

const xml = new XMLParser({ ignoreAttributes: true, preserveOrder: true, trimValues: false, processEntities: true, htmlEntities: true });

type Node = Record<string, unknown>;
/** Collects text of `textTag` elements, one line per `paragraphTag` element, in document order. */
function paragraphsOf(source: string, paragraphTags: string[], textTags: string[]): string[] {
  const out: string[] = [];
  const walk = (nodes: Node[], into: string[] | null) => {
    for (const node of nodes) {
      for (const [tag, value] of Object.entries(node)) {
        if (tag === ':@') continue;
        if (tag === '#text') {
          if (into) into.push(String(value));
          continue;
        }
        if (!Array.isArray(value)) continue;
        if (paragraphTags.includes(tag)) {
          const buf: string[] = [];
          walk(value as Node[], buf);
          const line = buf.join('').trim();
          if (line) out.push(line);
        } else if (textTags.includes(tag) || tag === 'text:span' || tag === 'text:a' || tag === 'a:r' || tag === 'text:s') {
          walk(value as Node[], into);
        } else if (tag === 'text:tab' || tag === 'text:line-break') {
          into?.push(' ');
        } else {
          walk(value as Node[], into);
        }
      }
    }
  };
  walk(xml.parse(source) as Node[], null);
  return out;
}

export async function docxToText(data: Uint8Array, budget: ExtractBudget): Promise<string> {
  guardZip(data, budget);
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
    return tidy(value);
  } catch {
    throw new ExtractionError('corrupt', 'the DOCX file could not be read');
  }
}

export function pptxToText(data: Uint8Array, budget: ExtractBudget): string {
  guardZip(data, budget);
  const slides = entries(data, (n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  const ordered = Object.keys(slides).sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  return tidy(
    ordered
      .map((name) => paragraphsOf(slides[name]!, ['a:p'], ['a:t']).join('\n'))
      .filter(Boolean)
      .join('\n\n'),
  );
}

export function odtToText(data: Uint8Array, budget: ExtractBudget): string {
  guardZip(data, budget);
  const { 'content.xml': content } = entries(data, (n) => n === 'content.xml');
  if (!content) throw new ExtractionError('corrupt', 'the ODT file has no content');
  return tidy(paragraphsOf(content, ['text:p', 'text:h'], []).join('\n\n'));
}
