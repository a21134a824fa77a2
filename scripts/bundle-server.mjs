#!/usr/bin/env node
// Bundles the command line (src/cli/main.ts, and so `serve`) into dist/bundle/ after tsc has
// compiled every module into dist/ (issue 45): Node 20 loads a module file by file (resolve, read,
// lex or compile, link), and a start read over 700 ES modules before it listened (Kysely's and
// TypeBox's about 500 of them) and the CommonJS files of Fastify and Ajv, most of its time. The
// bundle still splits at dynamic imports, so what a start does not need is still not loaded.
//
// - dist/cli/main.js becomes a one-line launcher of the bundle, so every way of starting sift
//   (`npm start`, the `sift` bin, `node dist/cli/main.js …`) runs it.
// - Bundled: the packages a start loads before it listens (BUNDLED) and what they import, never
//   those in NEVER (pino starts its transports' threads from its own files, better-sqlite3 is
//   native, pg asks for an optional native module, ioredis loads only with REDIS_URL). Every other
//   package is imported from node_modules, where and when the code imports it.
// - Each source's `import.meta.url` is rewritten to its module's place in dist/, so that files
//   found beside a module (threads' entry modules, assets, word lists) are found as before: the
//   threads run the modules tsc compiled, each from its own file.
// - Files are written only where their content changed, each by a rename, so that a process
//   starting while another build runs (the CLI's tests build once per file) never reads half a
//   file; files of earlier builds are deleted only once an hour old, for a server started from
//   them may still import them lazily.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const out = path.join(root, 'dist/bundle');
const BUNDLED = new Set([
  'kysely',
  '@sinclair/typebox',
  'fastify',
  '@fastify/cookie',
  '@fastify/multipart',
  'ajv',
  'ajv-formats',
  'fast-json-stringify',
  'secure-json-parse',
  'lru-cache',
  'rate-limiter-flexible',
  'dotenv',
  'ipaddr.js',
]);
const NEVER = new Set(['pino', 'better-sqlite3', 'pg', 'ioredis']);
const STALE_MS = 60 * 60 * 1000;

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Bare imports outside BUNDLED stay imports; each source's `import.meta.url` becomes its compiled module's URL. */
const placeInDist = {
  name: 'place-in-dist',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageOf(args.path);
      if (name.startsWith('node:') || NEVER.has(name)) return { external: true };
      const fromPackage = args.importer.includes('/node_modules/');
      return BUNDLED.has(name) || fromPackage ? undefined : { external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(src + path.sep)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      const compiled = path.relative(src, args.path).replace(/\.ts$/, '.js');
      const url = `new URL(${JSON.stringify(`../${compiled.split(path.sep).join('/')}`)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: path.join(src, 'cli/main.ts') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Bundled CommonJS packages still `require` Node's modules and the packages left out.
  banner: { js: "import { createRequire as __siftRequire } from 'node:module'; const require = __siftRequire(import.meta.url);" },
  write: false,
  logLevel: 'warning',
  plugins: [placeInDist],
});

fs.mkdirSync(out, { recursive: true });
const written = new Set();
/** Writes `file` unless it holds `contents` already, by a rename. */
function writeIfChanged(file, contents) {
  written.add(file);
  try {
    if (Buffer.compare(fs.readFileSync(file), contents) === 0) return;
  } catch {}
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}
for (const file of result.outputFiles) writeIfChanged(file.path, file.contents);
writeIfChanged(path.join(root, 'dist/cli/main.js'), Buffer.from("#!/usr/bin/env node\nimport '../bundle/main.js';\n"));

const now = Date.now();
for (const name of fs.readdirSync(out)) {
  const file = path.join(out, name);
  if (!written.has(file) && now - fs.statSync(file).mtimeMs > STALE_MS) fs.rmSync(file, { force: true });
}
