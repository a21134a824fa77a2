let last = 0;

/**
 * ISO-8601 UTC now, strictly increasing within a process, so that rows created in the same
 * millisecond keep their creation order when sorted by `createdAt` (lists are in creation order).
 */
export const nowIso = (): string => {
  const now = Date.now();
  last = now > last ? now : last + 1;
  return new Date(last).toISOString();
};
