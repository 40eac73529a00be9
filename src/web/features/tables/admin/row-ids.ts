import type { TablesDocument } from '#shared/tables/layout.ts';

/** The lists of the tables document whose entries carry an id: the other lists point at them by it. */
export type ListKey = 'areas' | 'tables' | 'joins';

const LONGEST_SLUG = 36;

/** "Dining room" → "dining-room": lower-case letters, digits and dashes, as the document's ids are. */
function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, LONGEST_SLUG)
    .replace(/^-+|-+$/g, '');
}

/** An id for an entry called `name` that none of `taken` has: "garden", else "garden-2", "garden-3"… */
export function idFromName(name: string, fallback: string, taken: ReadonlySet<string>): string {
  const slug = slugOf(name) || fallback;
  if (!taken.has(slug)) return slug;
  let count = 2;
  while (taken.has(`${slug}-${count}`)) count += 1;
  return `${slug}-${count}`;
}

/** Every id a list of the document holds. */
export function idsOf(document: TablesDocument | undefined, list: ListKey): string[] {
  return (document?.[list] ?? []).map((entry) => entry.id);
}

/** The tables and joins that point at an area or a table follow it to its new id. */
export function renameReferences(document: TablesDocument, list: ListKey, from: string, to: string) {
  if (list === 'areas') {
    for (const table of document.tables) if (table.area === from) table.area = to;
  }
  if (list === 'tables') {
    for (const join of document.joins)
      join.tables = join.tables.map((table) => (table === from ? to : table));
  }
}
