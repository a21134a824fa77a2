import { fileTypeFromBuffer } from 'file-type';
import type { DocumentFormat } from './types.js';

export interface SniffVerdict {
  kind: 'document' | 'media' | 'unsupported';
  mime: string | null;
  ext: string | null;
  format: DocumentFormat | null;
}

const BY_EXT: Record<string, DocumentFormat> = {
  txt: 'text',
  text: 'text',
  log: 'text',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  csv: 'csv',
  tsv: 'tsv',
  tab: 'tsv',
  xlsx: 'xlsx',
  docx: 'docx',
  pdf: 'pdf',
  pptx: 'pptx',
  odt: 'odt',
  rtf: 'rtf',
  vtt: 'vtt',
  srt: 'srt',
};
const BY_MIME: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/rtf': 'rtf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
};
const TEXT_MIMES = new Set(['application/xml', 'text/xml', 'image/svg+xml']);

const extOf = (filename: string) => {
  const m = /\.([A-Za-z0-9]+)$/.exec(filename);
  return m ? m[1]!.toLowerCase() : null;
};

/** Text has no NUL bytes (UTF-16 is recognised by its byte-order mark). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return true;
  for (const b of head) if (b === 0) return false;
  return true;
}

/**
 * Decides from the bytes first: media (audio, video, images) by their magic numbers whatever
 * their name, known document containers by theirs; bytes without magic are text when they look
 * like text, and their extension names the text format.
 */
export async function sniff(head: Uint8Array, filename: string): Promise<SniffVerdict> {
  const ext = extOf(filename);
  // A byte-order mark means text (FF FE would otherwise pass for an MPEG audio frame).
  const bom = (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) || (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  const detected = head.length > 0 && !bom ? await fileTypeFromBuffer(head) : undefined;
  if (detected && !TEXT_MIMES.has(detected.mime) && !detected.mime.startsWith('text/')) {
    const mime = detected.mime;
    if (/^(audio|video|image)\//.test(mime) || mime === 'application/ogg') return { kind: 'media', mime, ext: detected.ext, format: null };
    const format = BY_MIME[mime] ?? (mime === 'application/zip' && ext && ['docx', 'xlsx', 'pptx', 'odt'].includes(ext) ? BY_EXT[ext]! : null);
    if (format) return { kind: 'document', mime, ext: detected.ext, format };
    return { kind: 'unsupported', mime, ext: detected.ext, format: null };
  }
  if (!looksLikeText(head)) return { kind: 'unsupported', mime: null, ext, format: null };
  const format = ext && BY_EXT[ext] && !['xlsx', 'docx', 'pdf', 'pptx', 'odt'].includes(BY_EXT[ext]!) ? BY_EXT[ext]! : 'text';
  return { kind: 'document', mime: 'text/plain', ext, format };
}
