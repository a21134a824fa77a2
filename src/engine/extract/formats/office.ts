import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import mammoth from 'mammoth';
import { ExtractionError, type ExtractBudget } from '../types.js';
import { guardZip } from '../zip-guard.js';
import { tidy } from './text.js';

/** Reads the named entries, after guardZip has measured them. */
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
  await guardZip(data, budget);
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
    return tidy(value);
  } catch (err) {
    throw new ExtractionError('corrupt', 'the DOCX file could not be read', { cause: err });
  }
}

export async function pptxToText(data: Uint8Array, budget: ExtractBudget): Promise<string> {
  await guardZip(data, budget);
  const slides = entries(data, (n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  const ordered = Object.keys(slides).sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  return tidy(
    ordered
      .map((name) => paragraphsOf(slides[name]!, ['a:p'], ['a:t']).join('\n'))
      .filter(Boolean)
      .join('\n\n'),
  );
}

export async function odtToText(data: Uint8Array, budget: ExtractBudget): Promise<string> {
  await guardZip(data, budget);
  const { 'content.xml': content } = entries(data, (n) => n === 'content.xml');
  if (!content) throw new ExtractionError('corrupt', 'the ODT file has no content');
  return tidy(paragraphsOf(content, ['text:p', 'text:h'], []).join('\n\n'));
}
