import { type ReactNode, useEffect, useState } from 'react';
import { plural } from '#shared/text/plural.ts';
import { RowList, type RowListProps, type RowView } from '#web/forms/row-list.tsx';
import { FieldCard, fieldId, ListProblem, useDraftValue, useProblemCount } from './fields.tsx';

/** The look of a row whose fields show at once (an opening-hours row, a paragraph). */
const ROW_CARD = 'space-y-4 rounded-xl border border-cream-300 bg-cream-50 p-4';

type DraftRowListProps<Row> = Omit<RowListProps<Row>, 'rows' | 'onRows' | 'focusOnAdd' | 'children'> & {
  /** Where the list sits in the document: `openingHours`, `sections.Main: Starters`. */
  path: string;
  /** The field of a row that takes the focus once the row is added; "" for a row that is one field. */
  focusField?: string;
  /** The focus follows a moved row to that field too. */
  focusFollowsMove?: boolean;
  /** Draws one row; `path` is the row's own ("openingHours.2"). */
  children: (view: RowView<Row> & { path: string }) => ReactNode;
};

/** The list at `path` of the draft, as rows staff add, change, reorder and remove. */
export function DraftRowList<Row>({
  path,
  focusField,
  focusFollowsMove = false,
  focusOnMove,
  children,
  ...list
}: DraftRowListProps<Row>) {
  const [rows, setRows] = useDraftValue<Row[]>(path);
  const fieldOf = (index: number) =>
    fieldId(focusField ? `${path}.${index}.${focusField}` : `${path}.${index}`);
  return (
    <RowList<Row>
      rows={rows}
      onRows={setRows}
      focusOnAdd={focusField === undefined ? undefined : fieldOf}
      focusOnMove={focusOnMove ?? (focusFollowsMove ? fieldOf : undefined)}
      {...list}
    >
      {(view) => children({ ...view, path: `${path}.${view.index}` })}
    </RowList>
  );
}

/** A card holding one list of the draft: its title, a word on it, the list's own problem, then its rows. */
export function RowsCard<Row>({
  title,
  lead,
  ...list
}: { title: string; lead?: ReactNode } & Omit<DraftRowListProps<Row>, 'label'> & { label?: string }) {
  return (
    <FieldCard title={title}>
      {lead}
      <ListProblem path={list.path} />
      <DraftRowList<Row> itemClassName={ROW_CARD} label={title} {...list} />
    </FieldCard>
  );
}

/**
 * An entry of a list folded to one line (a dish: its name and price) until staff open it. An entry with a
 * problem opens by itself, and stays open while staff correct it; one staff have just added starts open.
 */
export function FoldingEntry({
  path,
  title,
  summary,
  initiallyOpen = false,
  children,
}: {
  path: string;
  title: string;
  summary?: ReactNode;
  initiallyOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const problems = useProblemCount(path);
  useEffect(() => {
    if (problems > 0 && !open) setOpen(true);
  }, [problems, open]);
  const id = fieldId(path);
  return (
    <li className="rounded-xl border border-cream-300 bg-cream-50">
      <button
        id={`${id}-toggle`}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
        className="flex min-h-12 w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-2 text-left"
      >
        <span className="min-w-32 flex-1 font-serif text-lg font-semibold break-words text-green-900">
          {title}
        </span>
        {summary}
        {problems > 0 ? (
          <span className="text-sm font-semibold text-burgundy-800">
            {plural(problems, 'problem', 'problems')}
          </span>
        ) : null}
        <span aria-hidden="true" className="text-brass-600">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open ? (
        <div id={`${id}-panel`} className="space-y-5 border-t border-cream-300 px-4 pt-4 pb-5">
          {children}
        </div>
      ) : null}
    </li>
  );
}
