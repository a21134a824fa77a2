import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe("docs/sdk.md's example", () => {
  it('type-checks against the SDK, strictly, as a reader would paste it', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/sdk.md'), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(doc)![1]!;
    // The example's one free name is the key a reader has; the package resolves to its sources.
    const code = `declare const accountKey: string;\n${example.replace("from '@sift/client'", "from './src/index.js'")}\nexport {};\n`;
    const file = path.join(ROOT, 'packages/client', `.sdk-example-${process.pid}.ts`);
    fs.writeFileSync(file, code);
    try {
      const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file?.fileName === file)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }, 60_000);
});
