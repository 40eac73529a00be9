import {
  TABLE_USE_LABELS,
  TABLE_USES,
  type Table,
  type TablesDocument,
  type TableUse,
} from '#shared/tables/layout.ts';
import { FieldCard, ListProblem, NumberInput, useDraft } from '#web/features/content/admin/fields.tsx';
import { DraftRowList, FoldingEntry } from '#web/features/content/admin/list-entries.tsx';
import type { RowView } from '#web/forms/row-list.tsx';
import { DraftSelect, NameField, useNewId } from './tables-fields.tsx';

const USE_OPTIONS = TABLE_USES.map((use) => ({ value: use, label: TABLE_USE_LABELS[use] }));

/** "Table 4", or its place in the list while it has no name. */
export const tableName = (table: Pick<Table, 'name'> | undefined, index: number) =>
  table?.name.trim() || `Table ${index + 1}`;

/** The smallest and the largest party a table or join seats, side by side. */
export function CoversFields({ path }: { path: string }) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <NumberInput path={`${path}.minCovers`} label="Smallest party" hint="Covers, e.g. 2" />
      <NumberInput path={`${path}.maxCovers`} label="Largest party" hint="Covers, e.g. 4" />
    </div>
  );
}

function TableEntry({ row, index, path, added, actions }: RowView<Table> & { path: string }) {
  const { draft, edit } = useDraft<TablesDocument>();
  const areaOptions = draft.areas.map((area, at) => ({
    value: area.id,
    label: area.name || `Area ${at + 1}`,
  }));
  const areaName = areaOptions.find((area) => area.value === row.area)?.label ?? 'no area';
  const summary = (
    <span className="text-sm text-ink-soft">
      {areaName} · {row.minCovers}–{row.maxCovers} · {TABLE_USE_LABELS[row.use]}
    </span>
  );
  const set = (change: Partial<Table>) =>
    edit((document) => {
      const table = document.tables[index];
      if (table) Object.assign(table, change);
    });
  return (
    <FoldingEntry path={path} title={tableName(row, index)} summary={summary} initiallyOpen={added}>
      <NameField list="tables" index={index} label="Name" hint="As staff call it, e.g. T4" fallback="table" />
      <DraftSelect
        path={`${path}.area`}
        label="Area"
        value={row.area}
        options={areaOptions}
        onValue={(area) => set({ area })}
      />
      <CoversFields path={path} />
      <DraftSelect
        path={`${path}.use`}
        label="Who may book it"
        value={row.use}
        options={USE_OPTIONS}
        onValue={(use) => set({ use: use as TableUse })}
      />
      {actions}
    </FoldingEntry>
  );
}

/** The tables, in the order they are given to a party when more than one fits. */
export function TableRows() {
  const { draft } = useDraft<TablesDocument>();
  const newId = useNewId('tables', 'table');
  return (
    <FieldCard title="Tables">
      <p className="text-ink-soft">
        In order of preference: when more than one table fits a party, the higher one is given first.
      </p>
      <ListProblem path="tables" />
      <DraftRowList<Table>
        path="tables"
        label="Tables"
        ordered
        className="space-y-2"
        newRow={() => ({
          id: newId(),
          name: '',
          area: draft.areas[0]?.id ?? '',
          minCovers: 1,
          maxCovers: 2,
          use: 'online',
        })}
        addLabel="Add a table"
        nameOf={tableName}
        focusField="name"
        focusFollowsMove
      >
        {(view) => <TableEntry {...view} />}
      </DraftRowList>
    </FieldCard>
  );
}
