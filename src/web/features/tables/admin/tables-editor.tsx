import { SERVICES, type Service } from '#shared/booking/rules.ts';
import {
  TABLE_USE_LABELS,
  type TablesDocument,
  type TableUse,
  tablesDocumentSchema,
} from '#shared/tables/layout.ts';
import type { ChangeWords } from '#web/features/content/admin/changes.ts';
import { ContentEditor } from '#web/features/content/admin/editor-shell.tsx';
import { FieldCard, NumberInput, useDraft } from '#web/features/content/admin/fields.tsx';
import { AreaRows } from './area-rows.tsx';
import { JoinRows } from './join-rows.tsx';
import { SwitchPanel } from './switch-panel.tsx';
import { TableRows } from './table-rows.tsx';
import { DraftSelect, LimitInput } from './tables-fields.tsx';

const minutes = (value: unknown) => `${value} minutes`;
const limit = (value: unknown) => (value === null || value === undefined ? 'no limit' : String(value));

const TABLES_WORDS = {
  fields: {
    mode: 'capacity counted by',
    minCovers: 'smallest party',
    maxCovers: 'largest party',
    use: 'who may book it',
    intervalMinutes: 'counted in every',
    online: 'online limit',
    staff: 'staff limit',
    noShowAfterMinutes: 'no-show offered after',
  },
  values: {
    use: (use) => TABLE_USE_LABELS[use as TableUse] ?? 'none',
    intervalMinutes: minutes,
    noShowAfterMinutes: minutes,
    online: limit,
    staff: limit,
  },
  items: { areas: 'area', joins: 'join', closed: 'closed days' },
  names: {
    closed: (span: { from: string; to: string; reason: string }) => span.reason || span.from || undefined,
  },
} satisfies ChangeWords;

const SERVICE_TITLES: Record<Service, string> = { lunch: 'Lunch', dinner: 'Dinner' };

const INTERVAL_OPTIONS = [
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
];

/** Which way capacity is counted now: the switch itself is not made here, since it places every booking. */
function ModeNote() {
  const { mode } = useDraft<TablesDocument>().draft;
  return (
    <p className="rounded-lg border-l-4 border-brass-500 bg-cream-100 px-4 py-3 text-green-900">
      {mode === 'tables'
        ? 'Capacity is counted by these tables.'
        : 'Capacity is counted by covers (the booking settings); these tables are used once the pub switches to tables mode.'}
    </p>
  );
}

function PacingCard() {
  const { draft, edit } = useDraft<TablesDocument>();
  const interval = draft.pacing.intervalMinutes;
  return (
    <FieldCard title="Pacing">
      <p className="text-ink-soft">
        The most covers the kitchen takes starting in any {interval} minutes. Staff can pass their limit only
        with “Book anyway”. Leave a limit empty for none.
      </p>
      <DraftSelect
        path="pacing.intervalMinutes"
        label="Counted in every"
        value={String(interval)}
        options={INTERVAL_OPTIONS}
        onValue={(value) =>
          edit((document) => {
            document.pacing.intervalMinutes = value === '30' ? 30 : 15;
          })
        }
      />
      {SERVICES.map((service) => (
        <fieldset key={service} className="space-y-4">
          <legend className="mb-2 font-serif text-xl">{SERVICE_TITLES[service]}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <LimitInput
              path={`pacing.${service}.online`}
              label="Online limit"
              hint="Covers guests may book online"
            />
            <LimitInput
              path={`pacing.${service}.staff`}
              label="Staff limit"
              hint="Covers staff may book, at least the online limit"
            />
          </div>
        </fieldset>
      ))}
    </FieldCard>
  );
}

function TablesForm() {
  return (
    <>
      <ModeNote />
      <SwitchPanel mode={useDraft<TablesDocument>().draft.mode} />
      <AreaRows />
      <TableRows />
      <JoinRows />
      <PacingCard />
      <FieldCard title="No-shows">
        <NumberInput
          path="noShowAfterMinutes"
          label="Offer no-show after, minutes"
          hint="How long after its time a party that has not come can be marked a no-show, e.g. 15"
        />
      </FieldCard>
    </>
  );
}

/** The pub's areas, tables and joins, and the kitchen's pacing: what tables mode seats parties by. */
export function TablesEditor() {
  return (
    <ContentEditor
      contentKey="tables"
      schema={tablesDocumentSchema}
      description="Areas, tables in order of preference, the joins staff allow, and how many covers the kitchen takes at once."
      words={TABLES_WORDS}
    >
      <TablesForm />
    </ContentEditor>
  );
}
