import { parentPort } from 'node:worker_threads';
import { entitiesOf } from './index.js';

/** Reads the entities of each text of a message; the parent terminates this thread past its budget. */
parentPort!.on('message', (msg: { texts: string[]; locale: string }) => {
  parentPort!.postMessage(msg.texts.map((text) => entitiesOf(text, msg.locale)));
});
