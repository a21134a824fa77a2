#!/usr/bin/env node
// `npm start` builds first (scripts/start.mjs); a second start with nothing changed skips the build,
// which costs seconds even when TypeScript finds nothing to compile. The build runs when any source,
// configuration or dependency is newer than the stamp the last full build left in dist/.
// `npm run build` ends with `--stamp`, which only writes the stamp: a start after a build does not build again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist/.build-stamp');
const inputs = [
  'src',
  'packages/client/src',
  'assets',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'packages/client/tsconfig.json',
];

/** The newest modification time under `p` (a file or a folder), in ms. */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** Builds (`npm run build`) where the last build is missing or older than a source. */
export function buildIfChanged() {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...inputs.map((p) => newest(path.join(root, p))));
  if (built === 0 || changed > built || !fs.existsSync(path.join(root, 'dist/bundle/main.js'))) {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--stamp')) fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  else buildIfChanged();
}
