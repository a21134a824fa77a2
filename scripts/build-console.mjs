#!/usr/bin/env node
// Builds the researcher's console (src/console, Preact) into dist/console: index.html, app.js and
// app.css, bundled and minified by esbuild, so that the running service needs no network and no
// CDN. `npm run build` (and so `npm start`) runs it; it takes well under a second.
import { build } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src/console');
const out = path.join(root, 'dist/console');

await fs.mkdir(out, { recursive: true });
await build({
  entryPoints: { app: path.join(src, 'main.tsx') },
  outdir: out,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
await build({
  entryPoints: { app: path.join(src, 'app.css') },
  outdir: out,
  bundle: true,
  minify: true,
  logLevel: 'warning',
});
await fs.copyFile(path.join(src, 'index.html'), path.join(out, 'index.html'));
