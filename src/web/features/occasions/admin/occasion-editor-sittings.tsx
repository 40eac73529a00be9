import type { OccasionSitting, OccasionsDocument } from '#shared/occasions/schema.ts';
import { formatTimeRange, TIME_PATTERN } from '#shared/time/london-time.ts';
import {
  FieldCard,
  ListProblem,
  NumberInput,
  TextInput,
  useDraft,
} from '#web/features/content/admin/fields.tsx';
import { DraftRowList } from '#web/features/content/admin/list-entries.tsx';
import { idFromName } from '#web/features/tables/admin/row-ids.ts';
import { followingId, useSavedOccasion } from './occasion-editor-ids.ts';

/** "Lunch, 12:30pm–3pm", or its place in the list while it has no label. */
export function sittingName(sitting: OccasionSitting, index: number): string {
  const label = sitting.label.trim() || `Sitting ${index + 1}`;
  const timed = TIME_PATTERN.test(sitting.start) && TIME_PATTERN.test(sitting.end);
  return timed ? `${label}, ${formatTimeRange(sitting.start, sitting.end)}` : label;
}

function SittingFields({
  occasionIndex,
  index,
  savedIds,
}: {
  occasionIndex: number;
  index: number;
  savedIds: ReadonlySet<string>;
}) {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const sitting = draft.occasions[occasionIndex]?.sittings[index];
  if (!sitting) return null;
  const path = `occasions.${occasionIndex}.sittings.${index}`;
  const saved = savedIds.has(sitting.id);
  const relabel = (label: string) =>
    edit((document) => {
      const sittings = document.occasions[occasionIndex]?.sittings ?? [];
      const target = sittings[index];
      if (!target) return;
      if (!savedIds.has(target.id)) {
        const taken = new Set([
          ...savedIds,
          ...sittings.filter((_, at) => at !== index).map((each) => each.id),
        ]);
        target.id = followingId(target.id, target.label, label, (from) => idFromName(from, 'sitting', taken));
      }
      target.label = label;
    });
  return (
    <>
      {saved ? (
        <TextInput
          path={`${path}.label`}
          label="Label"
          hint={`Id ${sitting.id}, fixed once saved: bookings point at it.`}
          value={sitting.label}
          onValue={relabel}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            path={`${path}.label`}
            label="Label"
            hint="e.g. Lunch"
            value={sitting.label}
            onValue={relabel}
          />
          <TextInput path={`${path}.id`} label="Id" hint="Suggested from the label; fixed once saved" />
        </div>
      )}
      <div className="grid grid-cols-2 gap-4">
        <TextInput path={`${path}.start`} label="Starts" type="time" />
        <TextInput path={`${path}.end`} label="Ends" type="time" />
      </div>
      <NumberInput
        path={`${path}.seats`}
        label="Seats"
        hint="How many guests this sitting takes on each date"
      />
    </>
  );
}

/** The sittings of every date the occasion runs on, each with its times and seats. */
export function OccasionSittingsSection({ index }: { index: number }) {
  const { draft } = useDraft<OccasionsDocument>();
  const occasion = draft.occasions[index];
  const saved = useSavedOccasion(occasion?.slug ?? '');
  if (!occasion) return null;
  const savedIds = new Set((saved?.sittings ?? []).map((sitting) => sitting.id));
  const newSitting = (): OccasionSitting => {
    const last = occasion.sittings.at(-1);
    const taken = new Set([...savedIds, ...occasion.sittings.map((sitting) => sitting.id)]);
    return {
      id: idFromName('', 'sitting', taken),
      label: '',
      start: '12:00',
      end: '15:00',
      seats: last?.seats ?? 40,
    };
  };
  const path = `occasions.${index}.sittings`;
  return (
    <FieldCard title="Sittings" headingLevel={3}>
      <p className="text-ink-soft">Every date has these sittings, each with its own seats.</p>
      <ListProblem path={path} />
      <DraftRowList<OccasionSitting>
        path={path}
        label="Sittings"
        className="space-y-3"
        itemClassName="space-y-4 rounded-xl border border-cream-300 bg-cream-50 p-4"
        nameOf={sittingName}
        newRow={newSitting}
        addLabel="Add a sitting"
        focusField="label"
        focusFollowsMove
      >
        {({ index: at }) => <SittingFields occasionIndex={index} index={at} savedIds={savedIds} />}
      </DraftRowList>
    </FieldCard>
  );
}
