import type { TableChanges, WatchedTable } from './table-changes.ts';

/** Enough for every bookable date with a few variants each; past it the cache starts again empty. */
const MAX_ENTRIES = 1_000;

/**
 * `load` answered from memory while none of `tables` has changed (issue 20). A value is kept with the stamp
 * its load started at, so a change that overtakes the load leaves it stale at once; loads of one key at one
 * stamp share one query; a failed load is forgotten; while changes cannot be heard (the listening
 * connection is down) every read goes to the database. Values are shared: never mutate one.
 */
export function cachedRead<Key, Value>(
  changes: TableChanges,
  tables: readonly WatchedTable[],
  load: (key: Key) => Promise<Value>,
  keyOf: (key: Key) => string = String,
): (key: Key) => Promise<Value> {
  const entries = new Map<string, { stamp: number; value: Promise<Value> }>();
  return (key) => {
    if (!changes.live) return load(key);
    const id = keyOf(key);
    const stamp = changes.stamp(tables);
    const entry = entries.get(id);
    if (entry?.stamp === stamp) return entry.value;
    if (entries.size >= MAX_ENTRIES) entries.clear();
    const value = load(key);
    entries.set(id, { stamp, value });
    value.catch(() => {
      if (entries.get(id)?.value === value) entries.delete(id);
    });
    return value;
  };
}
