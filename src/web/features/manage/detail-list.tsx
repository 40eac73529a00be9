/** A line of a guest's booking as their confirmation showed it: a term and its value. */
export type DetailRow = readonly [term: string, value: string];

/** The guest's own words on their booking, as their page shows them; an occasion's party has no special notes. */
export interface GuestNotes {
  allergies: string;
  occasionNotes?: string;
  specialNotes?: string;
}

/** The guest's own words on their booking, a row each that they gave. */
export function noteRows(notes: GuestNotes): DetailRow[] {
  const rows: [string, string | undefined][] = [
    ['Allergies', notes.allergies],
    ['Occasion', notes.occasionNotes],
    ['Your notes', notes.specialNotes],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/**
 * The booking's rows, a term beside its value; `stacked` on a phone (a long pre-order), the term above.
 */
export function DetailList({ rows, stacked }: { rows: readonly DetailRow[]; stacked: boolean }) {
  return (
    <dl
      className={
        stacked
          ? 'grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]'
          : 'grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-lg'
      }
    >
      {rows.map(([term, value]) => (
        <div key={term} className={stacked ? 'sm:contents' : 'contents'}>
          <dt className="font-semibold text-green-900">{term}</dt>
          <dd className="break-words whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
