import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asCategories, type CodebookCode, CodebookProblem, codeProblems, splitExamples, treeOrder, withExamples } from '../../src/engine/codebook/codebook.js';
import { readQdc, writeQdc } from '../../src/engine/codebook/qdc.js';
import { readCodebookCsv, writeCodebookCsv } from '../../src/engine/codebook/csv.js';
import { writeCodebookMarkdown } from '../../src/engine/codebook/markdown.js';

/** Words and the characters files trip over: XML's and CSV's specials, formula starts, accents, emoji, line breaks. */
const TOKENS = ['cost', 'Fees', 'Über', 'école', '😡', ' ', '  ', '\n', ',', ';', '"', '&', '<', '>', '=', '+', '-', '@', '#', '42', '\t'];
const textArb = (maxLength: number) => fc.array(fc.constantFrom(...TOKENS), { maxLength }).map((t) => t.join(''));
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A codebook whose names differ (letter case aside) and whose parents come before their children. */
const codebookArb = fc
  .array(
    fc.record({
      name: textArb(6),
      description: textArb(12),
      parent: fc.option(fc.nat(), { nil: null }),
      examples: fc.array(textArb(8), { maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((rows) =>
    rows.map(
      (r, i): CodebookCode => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        // A number keeps the names apart; the tokens give them their edges.
        name: `${oneLine(r.name)} ${i}`.trim(),
        description: r.description,
        parentId: r.parent === null || i === 0 ? null : `00000000-0000-4000-8000-${String(r.parent % i).padStart(12, '0')}`,
        examples: r.examples,
      }),
    ),
  );

/** A codebook as names: what survives every format. */
const shape = (codes: CodebookCode[]) => {
  const name = new Map(codes.map((c) => [c.id, c.name]));
  return codes.map((c) => ({ name: c.name, parent: c.parentId === null ? null : name.get(c.parentId)!, description: c.description, examples: c.examples }));
};
const inTreeOrder = (codes: CodebookCode[]) => treeOrder(codes).map((x) => x.code);

describe('codebook files', () => {
  it('a .qdc file is valid QDA-XML codebook 1.0 and reads back as written (examples in the description, one line each)', async () => {
    await fc.assert(
      fc.asyncProperty(codebookArb, async (codes) => {
        const back = await readQdc(writeQdc(codes, 'sift'));
        const expected = shape(inTreeOrder(codes)).map((c) => ({
          ...c,
          description: c.description.trim(),
          examples: c.examples.map(oneLine).filter(Boolean),
        }));
        expect(shape(back)).toEqual(expected);
        expect(back.map((c) => c.id)).toEqual(inTreeOrder(codes).map((c) => c.id));
      }),
      // Each check starts libxml2 in WebAssembly (about 0.3 s).
      { numRuns: 15 },
    );
  });

  it('a CSV reads back as written: names, descriptions, parents by name, an example per line; formulas defused and restored', () => {
    fc.assert(
      fc.property(codebookArb, (codes) => {
        const csv = writeCodebookCsv(codes);
        expect(csv.split('\r\n')[0]).toBe('name,description,parent,examples');
        for (const line of csv.split('\r\n')) expect(line).not.toMatch(/^[=+\-@]/);
        const back = readCodebookCsv(csv);
        const expected = shape(inTreeOrder(codes)).map((c) => ({
          ...c,
          description: c.description.trim(),
          examples: c.examples.map(oneLine).filter(Boolean),
        }));
        expect(shape(back)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('Markdown: a heading per code, deeper per level, the examples as quotes', () => {
    const codes: CodebookCode[] = [
      { id: 'a', name: 'Cost', description: 'Money matters.', parentId: null, examples: ['It was too dear.'] },
      { id: 'b', name: 'Fees', description: '', parentId: 'a', examples: [] },
    ];
    expect(writeCodebookMarkdown(codes, 'Codebook: Study')).toBe(
      '# Codebook: Study\n\n2 codes; the examples are quotes filed in each.\n\n## Cost\n\nMoney matters.\n\nExamples:\n\n> It was too dear.\n\n### Fees\n',
    );
  });

  it('examples close a description and split off again; a description without them stays whole', () => {
    fc.assert(
      fc.property(textArb(12), fc.array(textArb(6), { maxLength: 4 }), (description, examples) => {
        const split = splitExamples(withExamples(description, examples));
        const kept = examples.map(oneLine).filter(Boolean);
        if (kept.length === 0) expect(split).toEqual({ description, examples: [] });
        else expect(split).toEqual({ description: description.trimEnd(), examples: kept });
      }),
    );
    expect(splitExamples('Money.\n- not an example')).toEqual({ description: 'Money.\n- not an example', examples: [] });
  });

  it('codes of one name are one category; a parent that is the code itself or closes a cycle is dropped', () => {
    const codes: CodebookCode[] = [
      { id: '1', name: 'Cost', description: 'first', parentId: null, examples: ['a', 'b'] },
      { id: '2', name: ' cost ', description: 'second', parentId: '1', examples: ['B', 'c'] },
      { id: '3', name: 'Fees', description: '', parentId: '4', examples: [] },
      { id: '4', name: 'Prices', description: '', parentId: '3', examples: [] },
    ];
    expect(asCategories(codes, 3)).toEqual([
      { name: 'Cost', description: 'first', parent: null, examples: ['a', 'b', 'c'] },
      { name: 'Fees', description: '', parent: null, examples: [] },
      { name: 'Prices', description: '', parent: 'Fees', examples: [] },
    ]);
  });

  it('names where a code breaks the bounds of a predefined category', () => {
    const long = 'x'.repeat(201);
    const problems = codeProblems(
      [
        { name: ' ', description: '', examples: [] },
        { name: long, description: 'd'.repeat(2001), examples: Array<string>(21).fill('e') },
      ],
      (i, member) => `/file/rows/${i + 2}/${member}`,
    );
    expect(problems.map((p) => p.path)).toEqual(['/file/rows/2/name', '/file/rows/3/name', '/file/rows/3/description', '/file/rows/3/examples']);
  });

  it('a CSV that cannot be a codebook is a CodebookProblem naming its row and column', () => {
    const problem = (csv: string) => {
      try {
        readCodebookCsv(csv);
      } catch (err) {
        expect(err).toBeInstanceOf(CodebookProblem);
        return (err as CodebookProblem).details.map((d) => d.path);
      }
      return [];
    };
    expect(problem('title,text\nCost,Money\n')).toEqual(['/file/rows/1']);
    expect(problem('name,parent\nCost,\nFees,Charges\nPrices,prices\n')).toEqual(['/file/rows/3/parent', '/file/rows/4/parent']);
    expect(problem('name,description\n"Cost,Money\n')).toEqual(['/file/rows/2']);
    // Semicolons (spreadsheets in much of Europe), a BOM, a column order of its own, letter case in the header.
    expect(shape(readCodebookCsv('\uFEFFParent;Name\n;Cost\nCost;Fees\n'))).toEqual([
      { name: 'Cost', parent: null, description: '', examples: [] },
      { name: 'Fees', parent: 'Cost', description: '', examples: [] },
    ]);
  });

  it('any text read as CSV or .qdc answers codes or a CodebookProblem, never another error', async () => {
    const csvish = fc.array(fc.constantFrom('name', 'parent', 'examples', ',', ';', '"', '\n', '\r\n', 'Cost', ' ', "'=1"), { maxLength: 40 });
    fc.assert(
      fc.property(csvish, (parts) => {
        try {
          readCodebookCsv(parts.join(''));
        } catch (err) {
          expect(err).toBeInstanceOf(CodebookProblem);
        }
      }),
      { numRuns: 300 },
    );
    const xmlish = fc.array(
      fc.constantFrom(
        '<CodeBook xmlns="urn:QDA-XML:codebook:1.0">',
        '</CodeBook>',
        '<Codes>',
        '</Codes>',
        '<Code guid="00000000-0000-4000-8000-000000000001" name="A" isCodable="true">',
        '<Code name="B" isCodable="true">',
        '</Code>',
        '<Description>d</Description>',
        '<!DOCTYPE x>',
        '&amp;',
        '&bogus;',
        ' ',
      ),
      { maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(xmlish, async (parts) => {
        try {
          await readQdc(parts.join(''));
        } catch (err) {
          expect(err).toBeInstanceOf(CodebookProblem);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('a folder (isCodable="false") is no code: its codes take its place', async () => {
    const qdc = `<?xml version="1.0" encoding="UTF-8"?>
<CodeBook xmlns="urn:QDA-XML:codebook:1.0" origin="ATLAS.ti">
  <Codes>
    <Code guid="{5215cc69-b628-4e02-afb9-9beeaee55808}" name="Topics" isCodable="false">
      <Code guid="{d7aa29da-519b-4946-9b90-253b6db8fd0a}" name="Economy" isCodable="true" color="#ffff00">
        <Description>Anything about jobs or taxes or business</Description>
      </Code>
    </Code>
  </Codes>
</CodeBook>`;
    expect(await readQdc(qdc)).toEqual([
      { id: 'd7aa29da-519b-4946-9b90-253b6db8fd0a', name: 'Economy', description: 'Anything about jobs or taxes or business', parentId: null, examples: [] },
    ]);
  });
});
