import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds the console bundle into dist/console, as `npm run build` does (esbuild: well under a second). */
export function buildConsole(): void {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../scripts/build-console.mjs')], { stdio: 'inherit' });
}
