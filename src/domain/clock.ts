/** ISO-8601 UTC now; one place so tests and stores agree on the format. */
export const nowIso = (): string => new Date().toISOString();
