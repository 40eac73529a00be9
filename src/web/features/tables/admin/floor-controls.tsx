import { SERVICES, type Service, serviceLabel } from '#shared/booking/rules.ts';
import { DayPicker, SegmentedChoice } from '#web/features/staff/day-controls.tsx';

/** The floor's day (previous, next, today, any) and service, as the day view chooses them. */
export function FloorControls({
  date,
  today,
  service,
  onChange,
}: {
  date: string;
  today: string;
  service: Service;
  onChange: (next: { date?: string; service?: Service }) => void;
}) {
  return (
    <div className="card flex flex-wrap items-end gap-x-6 gap-y-4 p-4">
      <DayPicker id="floor-date" date={date} today={today} onDate={(next) => onChange({ date: next })} />
      <SegmentedChoice
        legend="Service"
        name="floor-service"
        options={SERVICES.map((option) => ({ value: option, label: serviceLabel(option, date) }))}
        value={service}
        onChange={(next) => onChange({ service: next })}
      />
    </div>
  );
}
