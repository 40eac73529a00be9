/** A column of a staff table: its heading, and the classes that place it and show or hide it by width. */
export type Column = readonly [heading: string, className: string];

/** The heading row of a staff bookings table, one `th` a column. */
export function ColumnHeadings({
  columns,
  className = '',
}: {
  columns: readonly Column[];
  className?: string;
}) {
  return (
    <thead
      className={`border-b border-cream-200 bg-cream-100/50 text-xs tracking-wide text-ink-soft uppercase ${className}`}
    >
      <tr>
        {columns.map(([heading, place]) => (
          <th key={heading} scope="col" className={`${place} font-semibold`}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
