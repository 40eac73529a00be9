import { Fragment, type ReactNode, useCallback, useEffect, useId, useRef } from 'react';

const toolButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-3 text-sm font-semibold text-green-900 transition-colors hover:border-green-700 hover:bg-cream-100 disabled:cursor-not-allowed disabled:opacity-40';

/** An array with one entry moved to another place. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry !== undefined) next.splice(to, 0, entry);
  return next;
}

/** Focus moves to an element once the render that makes it is done: a new row's first field, a moved row. */
export function useFocusAfterRender(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    document.getElementById(pending.current)?.focus();
    pending.current = null;
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
}

/** Move up, move down and remove, for one row of a list staff can reorder. */
export function RowActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  /** What the row is called, for the buttons' accessible names: "Move Soup of the Day up". */
  name: string;
  index: number;
  count: number;
  onMove?: (to: number) => void;
  onRemove?: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {onMove ? (
        <>
          <button
            type="button"
            className={toolButton}
            disabled={index === 0}
            aria-label={`Move ${name} up`}
            onClick={() => onMove(index - 1)}
          >
            ↑ Up
          </button>
          <button
            type="button"
            className={toolButton}
            disabled={index === count - 1}
            aria-label={`Move ${name} down`}
            onClick={() => onMove(index + 1)}
          >
            ↓ Down
          </button>
        </>
      ) : null}
      {onRemove ? (
        <button
          type="button"
          className={`${toolButton} text-burgundy-800 hover:border-burgundy-700`}
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      ) : null}
    </div>
  );
}

/** The dashed "+ Add …" button under a list. */
export function AddRowButton({
  id,
  children,
  onClick,
}: {
  id?: string;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button
      id={id}
      type="button"
      className={`${toolButton} w-full border-dashed sm:w-auto`}
      onClick={onClick}
    >
      <span aria-hidden="true">+</span> {children}
    </button>
  );
}

/**
 * Keys for rows that have no id of their own: each row keeps its key through the list's moves, additions and
 * removals, so what a row holds (an unfolded panel, a half-typed price) moves with it. A list replaced from
 * outside with another length (a version restored) gets new keys.
 */
function useRowKeys(count: number) {
  const keys = useRef<number[]>([]);
  const lastKey = useRef(0);
  const nextKey = () => {
    lastKey.current += 1;
    return lastKey.current;
  };
  if (keys.current.length !== count) keys.current = Array.from({ length: count }, nextKey);
  return {
    keys: keys.current,
    move: (from: number, to: number) => {
      keys.current = moved(keys.current, from, to);
    },
    remove: (index: number) => {
      keys.current = keys.current.filter((_, at) => at !== index);
    },
    add: () => {
      const key = nextKey();
      keys.current = [...keys.current, key];
      return key;
    },
  };
}

export interface RowView<Row> {
  row: Row;
  index: number;
  /** True for the row staff have just added, until the list is drawn anew from outside. */
  added: boolean;
  /** The row's move and remove buttons, for a row that draws its own `li` to place. */
  actions: ReactNode;
}

export interface RowListProps<Row> {
  rows: readonly Row[];
  onRows: (rows: Row[]) => void;
  /** The list's accessible name. */
  label: string;
  ordered?: boolean;
  className?: string;
  /** Each row in an `li` of this look, its buttons last; without it, `children` draws the `li` and places them. */
  itemClassName?: string;
  /** What a row is called on its buttons: "Move Soup of the Day up". */
  nameOf?: (row: Row, index: number) => string;
  reorderable?: boolean;
  removable?: boolean;
  /** A row staff add; no add button without it. */
  newRow?: () => Row;
  addLabel?: ReactNode;
  /** The id of the element that takes the focus once a row is added at `index`. */
  focusOnAdd?: (index: number) => string;
  /** The id of the element that takes the focus once a row is moved to `index`. */
  focusOnMove?: (index: number) => string;
  children: (view: RowView<Row>) => ReactNode;
}

/**
 * A list of rows staff add, change, reorder and remove (opening hours, dishes, paragraphs): each row drawn by
 * `children`, with its move and remove buttons, and an add button under the list. Focus follows the change:
 * to a new row's first field, to a moved row, to the add button when a row goes.
 */
export function RowList<Row>({
  rows,
  onRows,
  label,
  ordered = false,
  className = 'space-y-4',
  itemClassName,
  nameOf = (_, index) => `row ${index + 1}`,
  reorderable = true,
  removable = true,
  newRow,
  addLabel,
  focusOnAdd,
  focusOnMove,
  children,
}: RowListProps<Row>) {
  const rowKeys = useRowKeys(rows.length);
  const addedKey = useRef<number | null>(null);
  const focusAfterRender = useFocusAfterRender();
  const addId = useId();
  const List = ordered ? 'ol' : 'ul';

  function move(from: number, to: number) {
    rowKeys.move(from, to);
    onRows(moved(rows, from, to));
    if (focusOnMove) focusAfterRender(focusOnMove(to));
  }

  function remove(index: number) {
    rowKeys.remove(index);
    onRows(rows.filter((_, at) => at !== index));
    if (newRow) focusAfterRender(addId);
  }

  function add(make: () => Row) {
    addedKey.current = rowKeys.add();
    onRows([...rows, make()]);
    if (focusOnAdd) focusAfterRender(focusOnAdd(rows.length));
  }

  function actionsOf(row: Row, index: number) {
    if (!reorderable && !removable) return null;
    return (
      <RowActions
        name={nameOf(row, index)}
        index={index}
        count={rows.length}
        onMove={reorderable ? (to) => move(index, to) : undefined}
        onRemove={removable ? () => remove(index) : undefined}
      />
    );
  }

  return (
    <>
      <List aria-label={label} className={className}>
        {rows.map((row, index) => {
          const key = rowKeys.keys[index];
          const view = { row, index, added: key === addedKey.current, actions: actionsOf(row, index) };
          return itemClassName ? (
            <li key={key} className={itemClassName}>
              {children(view)}
              {view.actions}
            </li>
          ) : (
            <Fragment key={key}>{children(view)}</Fragment>
          );
        })}
      </List>
      {newRow ? (
        <AddRowButton id={addId} onClick={() => add(newRow)}>
          {addLabel}
        </AddRowButton>
      ) : null}
    </>
  );
}
