import { cosine, type Vec } from '../vectors.js';

/** The sentences closest to a theme's words, clearest first (`most` of them): what names it. */
export const clearest = (idx: number[], component: Vec, vecs: Vec[], most: number) =>
  idx
    .map((i) => ({ i, sim: cosine(vecs[i]!, component) }))
    .sort((a, b) => b.sim - a.sim || a.i - b.i)
    .slice(0, most)
    .map((x) => x.i);
