import type { TableJoin, TablesDocument } from '#shared/tables/layout.ts';
import { ChoiceList } from '#web/features/content/admin/choice-fields.tsx';
import { FieldCard, ListProblem, useDraft } from '#web/features/content/admin/fields.tsx';
import { DraftRowList, FoldingEntry } from '#web/features/content/admin/list-entries.tsx';
import type { RowView } from '#web/forms/row-list.tsx';
import { CoversFields, tableName } from './table-rows.tsx';
import { NameField, useNewId } from './tables-fields.tsx';

const joinName = (join: TableJoin, index: number) => join.name.trim() || `Join ${index + 1}`;

function JoinEntry({ row, index, path, added, actions }: RowView<TableJoin> & { path: string }) {
  const { draft } = useDraft<TablesDocument>();
  const listed = draft.tables.map((table, at) => ({ value: table.id, label: tableName(table, at) }));
  // A table removed since it was joined stays ticked here, so staff can see it and untick it.
  const removed = row.tables
    .filter((id) => !listed.some((table) => table.value === id))
    .map((id) => ({ value: id, label: 'A removed table' }));
  const choices = [...listed, ...removed];
  const joined = row.tables.map((id) => choices.find((table) => table.value === id)?.label).join(' + ');
  const summary = (
    <span className="text-sm text-ink-soft">
      {joined || 'no tables'} · {row.minCovers}–{row.maxCovers}
    </span>
  );
  return (
    <FoldingEntry path={path} title={joinName(row, index)} summary={summary} initiallyOpen={added}>
      <NameField list="joins" index={index} label="Name" hint="e.g. T4 + T5" fallback="join" />
      <ChoiceList
        path={`${path}.tables`}
        legend="Tables put together"
        hint="Tick two or more."
        choices={choices}
        columns="grid-cols-2 sm:grid-cols-3"
      />
      <CoversFields path={path} />
      {actions}
    </FoldingEntry>
  );
}

/** The tables staff allow to be put together: only these are ever joined for a party. */
export function JoinRows() {
  const newId = useNewId('joins', 'join');
  return (
    <FieldCard title="Joins">
      <p className="text-ink-soft">
        Tables that can be put together for a larger party. Only the joins listed here are used.
      </p>
      <ListProblem path="joins" />
      <DraftRowList<TableJoin>
        path="joins"
        label="Joins"
        className="space-y-2"
        newRow={() => ({ id: newId(), name: '', tables: [], minCovers: 2, maxCovers: 4 })}
        addLabel="Add a join"
        nameOf={joinName}
        reorderable={false}
        focusField="name"
      >
        {(view) => <JoinEntry {...view} />}
      </DraftRowList>
    </FieldCard>
  );
}
