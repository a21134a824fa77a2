import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every threshold of the analysis lives in src/engine/analysis/params.ts, where an experiment's
 * parameter file reaches it: a number fixed at the top of another module of analysis/ is one an
 * experiment cannot change. This reads each module with the TypeScript compiler and fails on a
 * module-level variable whose value is a number, an expression of numbers (`2 * 60`), or an object
 * or array holding one (`{ raw: 0.05 }`), wherever it is not inside a function. 0 and 1 are not
 * exempt: none of the modules has a structural one (an identity, a sentinel) at its top; one that
 * does would be listed in STRUCTURAL with why.
 */
const ANALYSIS = fileURLToPath(new URL('../../src/engine/analysis', import.meta.url));
const STRUCTURAL = new Map<string, string>();

/** Whether an expression is made of numeric literals alone (through parentheses, signs, arithmetic and type assertions). */
function numeric(e: ts.Expression): boolean {
  if (ts.isNumericLiteral(e)) return true;
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e)) return numeric(e.expression);
  if (ts.isPrefixUnaryExpression(e)) return numeric(e.operand);
  if (ts.isBinaryExpression(e)) return numeric(e.left) && numeric(e.right);
  return false;
}

/** Whether a value holds a number fixed in place: one, or an object or array literal with one among its members (functions aside). */
function holdsNumber(e: ts.Expression): boolean {
  if (numeric(e)) return true;
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) return holdsNumber(e.expression);
  if (ts.isArrayLiteralExpression(e)) return e.elements.some((x) => ts.isExpression(x) && holdsNumber(x));
  if (ts.isObjectLiteralExpression(e)) return e.properties.some((p) => ts.isPropertyAssignment(p) && holdsNumber(p.initializer));
  return false;
}

/** The module-level variables of a file whose value holds a number, as `file: NAME = value`. */
function numericConstants(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      const name = d.name.getText(source);
      if (d.initializer && holdsNumber(d.initializer) && !STRUCTURAL.has(`${path.basename(file)}:${name}`))
        out.push(`${path.relative(ANALYSIS, file)}: ${name} = ${d.initializer.getText(source).slice(0, 60)}`);
    }
  }
  return out;
}

const modules = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return modules(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });

describe('the analysis thresholds', () => {
  it('live in params.ts: no other module of analysis/ fixes a number at its top', () => {
    const files = modules(ANALYSIS).filter((f) => path.basename(f) !== 'params.ts');
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(numericConstants)).toEqual([]);
  });

  it('are found wherever they hide at the top of a module', () => {
    const probe = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sift-constants-')), 'probe.ts');
    try {
      fs.writeFileSync(
        probe,
        [
          'const SAMPLE = 700;',
          'export const SHARE = -0.35;',
          'const MINUTES = (2 * 60) as number;',
          'const BAR = { raw: 0.05, label: "bar" };',
          'const WEIGHTS = [2, 1];',
          'const LABEL = "x";',
          'const twice = (n: number) => n * 2;',
          'function f() { const INSIDE = 3; return INSIDE; }',
        ].join('\n'),
      );
      expect(numericConstants(probe).map((c) => c.split(': ')[1]!.split(' =')[0])).toEqual(['SAMPLE', 'SHARE', 'MINUTES', 'BAR', 'WEIGHTS']);
    } finally {
      fs.rmSync(path.dirname(probe), { recursive: true, force: true });
    }
  });
});
