import { describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../src/store/store.js';
import { chargeCredits, grantCredits } from '../../src/domain/credits.js';
import { createPendingDocuments, deleteDocuments } from '../../src/domain/documents.js';
import { createCategories, insertInsights } from '../../src/domain/analysis-results.js';
import { nextCounter } from '../../src/domain/projects.js';

// These assertions are checked by `tsc` (the test command's first step): each call below must
// not compile, because a function that writes more than once takes a transaction, never the
// plain handle, so that a half-done write cannot be committed on its own.
describe('functions that must run in a transaction', () => {
  it('refuse the plain store handle at compile time and accept a transaction', () => {
    const misuse = (db: Db) => [
      // @ts-expect-error the plain handle is not a transaction
      () => grantCredits(db, { accountId: 'a' }, 1, 'grant'),
      // @ts-expect-error the plain handle is not a transaction
      () => chargeCredits(db, { accountId: 'a' }, 1, 'charge', { projectId: 'p', documentIds: [] }),
      // @ts-expect-error the plain handle is not a transaction
      () => createPendingDocuments(db, {} as never, []),
      // @ts-expect-error the plain handle is not a transaction
      () => deleteDocuments(db, {} as never, []),
      // @ts-expect-error the plain handle is not a transaction
      () => createCategories(db, 'p', [], new Map(), 'a'),
      // @ts-expect-error the plain handle is not a transaction
      () => insertInsights(db, 'p', [], new Map(), 'a'),
      // @ts-expect-error the plain handle is not a transaction
      () => nextCounter(db, 'p', 'documentCounter'),
    ];
    const proper = (trx: Tx) => [() => grantCredits(trx, { accountId: 'a' }, 1, 'grant')];
    expect(misuse.length + proper.length).toBe(2);
  });
});
