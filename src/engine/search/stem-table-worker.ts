import { parentPort } from 'node:worker_threads';
import { stemRanks } from '../meaning/stem-vectors.js';

/** Builds a locale's table of stem → rank and answers it as two lists (a Map is slower to send). */
parentPort!.on('message', (msg: { locale: string }) => {
  const table = stemRanks(msg.locale);
  parentPort!.postMessage({ stems: [...table.keys()].join('\n'), ranks: Int32Array.from(table.values()) });
});
