import { readTranscript, type Reading } from './read.js';

export { readTranscript, type Reading } from './read.js';

const readings = new WeakMap<object, Reading>();

/** A document's reading, made once per document object (evidence, units and the transcript test all ask). */
export function readingOf(doc: { text: string }): Reading {
  let reading = readings.get(doc);
  if (!reading) {
    reading = readTranscript(doc.text);
    readings.set(doc, reading);
  }
  return reading;
}
