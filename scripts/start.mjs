#!/usr/bin/env node
// `npm start`: builds where a source changed since the last build, then serves, in this one
// process (a `prestart` script was a second Node start before the server's own, 60-70 ms).
// Arguments after `npm start --` are serve's (`npm start -- --workers 0`).
import { buildIfChanged } from './build-if-changed.mjs';

buildIfChanged();
process.argv.splice(2, 0, 'serve');
await import('../dist/cli/main.js');
