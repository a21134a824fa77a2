import { strToU8, zipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { docxFile, pdfFile } from '../../eval/passages/files.js';

/** Builders of small files of every format sift reads, made in the tests rather than shipped. */
export function docx(paragraphs: string[]): Uint8Array {
  return docxFile(paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join(''));
}

export function pptx(slides: string[][]): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    ),
    'ppt/presentation.xml': strToU8('<?xml version="1.0"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>'),
  };
  slides.forEach((lines, i) => {
    const ps = lines.map((l) => `<a:p><a:r><a:t>${l}</a:t></a:r></a:p>`).join('');
    files[`ppt/slides/slide${i + 1}.xml`] = strToU8(
      `<?xml version="1.0"?><p:sld xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>${ps}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    );
  });
  return zipSync(files);
}

export function odt(paragraphs: string[]): Uint8Array {
  const body = paragraphs.map((p) => `<text:p>${p}</text:p>`).join('');
  return zipSync({
    mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
    'content.xml': strToU8(
      `<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text>${body}</office:text></office:body></office:document-content>`,
    ),
  });
}

export async function xlsx(sheets: Record<string, string[][]>): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A valid PDF: a page is one text line, or several lines set one under another. */
export const pdf = pdfFile;

/** A DOCX whose text part inflates far beyond its compressed size. */
/** The archive with every entry larger than `size` declaring `size` in its local and central headers, as a hostile tool writes it. */
export function understating(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 30 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    const at = signature === 0x04034b50 ? i + 22 : signature === 0x02014b50 ? i + 24 : -1;
    if (at >= 0 && view.getUint32(at, true) > size) view.setUint32(at, size, true);
  }
  return out;
}

export function zipBomb(): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'word/document.xml': [new Uint8Array(30 * 1024 * 1024).fill(32), { level: 9 }],
  });
}

export const MP4_HEAD = new Uint8Array([
  0,
  0,
  0,
  0x18,
  0x66,
  0x74,
  0x79,
  0x70,
  0x6d,
  0x70,
  0x34,
  0x32,
  0,
  0,
  0,
  0,
  0x6d,
  0x70,
  0x34,
  0x32,
  0x69,
  0x73,
  0x6f,
  0x6d,
  ...new Array(64).fill(0),
]);
export const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, ...new Array(64).fill(0)]);
export const MP3_HEAD = new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...new Array(64).fill(0)]);
export const WAV_HEAD = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 0x66, 0x6d, 0x74, 0x20, ...new Array(64).fill(0)]);
