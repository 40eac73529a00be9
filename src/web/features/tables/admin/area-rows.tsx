import type { Area } from '#shared/tables/layout.ts';
import { TextInput } from '#web/features/content/admin/fields.tsx';
import { DraftRowList, RowsCard } from '#web/features/content/admin/list-entries.tsx';
import { NameField, useNewId } from './tables-fields.tsx';

type ClosedSpan = Area['closed'][number];

/** The days or seasons one area takes no one: from, to and why. */
function ClosedSpans({ path, areaName }: { path: string; areaName: string }) {
  return (
    <div className="space-y-3">
      <h3 className="field-label">Closed</h3>
      <DraftRowList<ClosedSpan>
        path={`${path}.closed`}
        label={`Days ${areaName} is closed`}
        className="space-y-3"
        itemClassName="space-y-4 rounded-lg border border-cream-300 bg-white p-3"
        newRow={() => ({ from: '', to: '', reason: '' })}
        addLabel={`Close ${areaName} for some days`}
        nameOf={(span, index) => span.reason || span.from || `closed days ${index + 1}`}
        reorderable={false}
        focusField="from"
      >
        {({ path: spanPath }) => (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextInput path={`${spanPath}.from`} label="From" type="date" />
              <TextInput path={`${spanPath}.to`} label="To" type="date" />
            </div>
            <TextInput path={`${spanPath}.reason`} label="Reason" hint="e.g. Closed for the winter" />
          </>
        )}
      </DraftRowList>
    </div>
  );
}

/** The rooms and spaces of the pub, each with the days it is closed. */
export function AreaRows() {
  const newId = useNewId('areas', 'area');
  return (
    <RowsCard<Area>
      title="Areas"
      lead={<p className="text-ink-soft">The rooms and spaces tables stand in: the bar, the garden…</p>}
      path="areas"
      newRow={() => ({ id: newId(), name: '', closed: [] })}
      addLabel="Add an area"
      nameOf={(area, index) => area.name || `area ${index + 1}`}
      reorderable={false}
      focusField="name"
    >
      {({ row, index, path }) => (
        <>
          <NameField list="areas" index={index} label="Name" hint="e.g. Garden" fallback="area" />
          <ClosedSpans path={path} areaName={row.name || `area ${index + 1}`} />
        </>
      )}
    </RowsCard>
  );
}
