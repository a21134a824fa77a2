import iconv from 'iconv-lite';
import { strToU8, zipSync } from 'fflate';

/**
 * Word and PDF files written by hand, small and exact, for the benchmark's layouts and the tests:
 * what a researcher's word processor would save, without shipping binary fixtures.
 */

/** A Word document whose body is `bodyXml` (WordprocessingML paragraphs and tables). */
export function docxFile(bodyXml: string): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${bodyXml}</w:body></w:document>`,
    ),
  });
}

/** Characters the Windows code page lacks, and the plain letter a PDF in it shows instead ('ı' as 'i', 'ł' as 'l'). */
export const BEYOND_WINDOWS_PAGE = /[^\t\n\r\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu;
const PLAIN: Record<string, string> = { ı: 'i', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ħ: 'h' };
const near = (c: string) => PLAIN[c] ?? (c.normalize('NFD').replace(/\p{M}/gu, '').replace(BEYOND_WINDOWS_PAGE, '') || '-');

/** A PDF (offsets computed): a page is one text line, or several set one under another, in Helvetica with the Windows code page (accents, dashes and curly quotes). */
export function pdfFile(pages: (string | string[])[]): Uint8Array {
  const objects: string[] = [];
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bytes = (s: string) => iconv.encode(s.replace(BEYOND_WINDOWS_PAGE, near), 'win1252').toString('latin1');
  pages.forEach((text, i) => {
    const lines = [text].flat().map((line) => `(${bytes(line).replace(/[()\\]/g, '\\$&')}) Tj`);
    const stream = `BT /F1 10 Tf 14 TL 50 760 Td ${lines.join(' T* ')} ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
