#!/usr/bin/env node
// `npm run build` writes English's table of stem → word rank (engine/meaning/stem-vectors.ts
// `stemRanks`) beside the search module that reads it, so that a start reads it (30 ms) instead
// of stemming 100,000 words in a thread (1-2 s of a core). Layout: the count n (uint32), n ranks
// (int32), then the n stems (UTF-8, one a line); all little-endian.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const { stemRanks } = await import(path.join(dist, 'engine/meaning/stem-vectors.js'));
const table = stemRanks('en');
const head = Buffer.alloc(4 + 4 * table.size);
head.writeUInt32LE(table.size, 0);
let at = 4;
for (const rank of table.values()) at = head.writeInt32LE(rank, at);
fs.writeFileSync(path.join(dist, 'engine/search/stem-table-en.bin'), Buffer.concat([head, Buffer.from([...table.keys()].join('\n'), 'utf8')]));
