import { parentPort } from 'node:worker_threads';
import { builtinEmbed } from './builtin-encoder.js';

/** Encodes texts with the built-in encoder off the thread that answers HTTP (search's queries: domain/search-encoder.ts). */
parentPort!.on('message', (msg: { texts: string[] }) => {
  builtinEmbed(msg.texts).then(
    (vectors) => parentPort!.postMessage({ vectors: vectors.map((v) => Float32Array.from(v)) }),
    (err: unknown) => parentPort!.postMessage({ error: String(err) }),
  );
});
