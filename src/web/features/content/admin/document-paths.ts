/** A value of a document by its path, as issue paths name it: "sections.Main: Starters.0.pricePence". */

function segmentsOf(path: string): string[] {
  return path.split('.');
}

function childOf(node: unknown, segment: string): unknown {
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
}

/** The value at `path`, or undefined when the document has none there. */
export function valueAt(document: unknown, path: string): unknown {
  return segmentsOf(path).reduce(childOf, document);
}

/**
 * Writes `value` at `path` of a document staff edit, in place; undefined leaves an optional field out, as the
 * schemas keep it.
 */
export function writeAt(document: object, path: string, value: unknown): void {
  const segments = segmentsOf(path);
  const last = segments.pop() as string;
  const parent = segments.reduce(childOf, document) as Record<string, unknown> | undefined;
  if (typeof parent !== 'object' || parent === null) return;
  if (value === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = value;
}
