/** A label and its value, shown as a row of a details table in HTML and as an aligned line in plain text. */
export type Row = readonly [label: string, value: string];

/** The narrowest label column: short tables keep the alignment they have always had. */
const MIN_LABEL_WIDTH = 22;

/**
 * The rows as plain text, values in one column at least one space clear of the longest label; a value's
 * own line breaks are indented to that column.
 */
export function textRows(rows: readonly Row[]): string {
  const width = Math.max(MIN_LABEL_WIDTH, ...rows.map(([label]) => `${label}: `.length));
  const indent = `\n${' '.repeat(width)}`;
  return rows
    .map(([label, value]) => `${`${label}:`.padEnd(width)}${value.replace(/\r?\n/g, indent)}`)
    .join('\n');
}
