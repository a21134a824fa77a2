/**
 * The search cache's ceiling from configuration, kept apart from search itself so that setting it
 * at start does not load search's modules (domain/search.ts loads at a process's first search or
 * the start's warm-up, and follows the setting from then on).
 */
let megabytes = 256;
let follow: ((megabytes: number) => void) | null = null;

/** `SIFT_SEARCH_CACHE_MB`, set once at start (app.ts). */
export function configureSearchCache(value: number): void {
  megabytes = value;
  follow?.(value);
}

/** Search's cache applies the setting now and whenever it is set again. */
export function followSearchCacheMegabytes(apply: (megabytes: number) => void): void {
  follow = apply;
  apply(megabytes);
}
