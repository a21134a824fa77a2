import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from './run-sift.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STAMP = path.join(ROOT, 'dist/.build-stamp');

describe('npm start builds only when something changed (scripts/build-if-changed.mjs)', () => {
  // A checkout never built is always built first.
  beforeAll(buildOnce, 120_000);
  it('does not build again after `npm run build`: the build leaves its stamp', () => {
    const stamp = fs.statSync(STAMP).mtimeMs;
    const newestSource = Math.max(...fs.readdirSync(path.join(ROOT, 'src')).map((f) => fs.statSync(path.join(ROOT, 'src', f)).mtimeMs));
    expect(stamp).toBeGreaterThanOrEqual(newestSource);
  });

  it('skips the build when the last one is newer than every source, and builds after a source changes', () => {
    // An `npm` that only records that it was asked to build.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-fake-npm-'));
    const calls = path.join(bin, 'calls');
    fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\necho "$@" >> ${calls}\n`, { mode: 0o755 });
    const run = () =>
      execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-if-changed.mjs')], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } });
    const before = fs.existsSync(STAMP) ? fs.readFileSync(STAMP) : null;
    const source = path.join(ROOT, 'src/app.ts');
    const sourceTime = fs.statSync(source).mtime;
    try {
      fs.mkdirSync(path.dirname(STAMP), { recursive: true });
      fs.writeFileSync(STAMP, 'test\n');
      const future = new Date(Date.now() + 60_000);
      fs.utimesSync(STAMP, future, future);
      run();
      expect(fs.existsSync(calls)).toBe(false);
      const later = new Date(Date.now() + 120_000);
      fs.utimesSync(source, later, later);
      run();
      expect(fs.readFileSync(calls, 'utf8').trim()).toBe('run build --silent');
    } finally {
      fs.utimesSync(source, sourceTime, sourceTime);
      if (before) fs.writeFileSync(STAMP, before);
      else fs.rmSync(STAMP, { force: true });
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});
