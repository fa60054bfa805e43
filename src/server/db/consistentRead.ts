// A page of rows and their total read in one snapshot: read apart (or in parallel on two pool
// connections), a row committed in between makes the total disagree with the items.
import type { Db, DbOrTx } from '../types';

export function consistentRead<T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
