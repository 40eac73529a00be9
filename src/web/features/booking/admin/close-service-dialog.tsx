import type { Service } from '../../../../shared/booking/rules.ts';
import { serviceName } from '../../../../shared/booking/rules.ts';
import { formatLongDate } from '../../../../shared/time/london-time.ts';
import { CloseWithReasonDialog } from '../../staff/close-with-reason-dialog.tsx';

/** Asks before closing a lunch or dinner service. */
export function CloseServiceDialog({
  date,
  service,
  onCancel,
  onConfirm,
}: {
  date: string;
  service: Service | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const name = service ? serviceName(service, date) : '';
  return (
    <CloseWithReasonDialog
      open={service !== null}
      title={`Close ${name} on ${formatLongDate(date)}?`}
      explanation={`Guests will see every ${name} time as closed. Bookings already made stay as they are.`}
      confirmLabel={`Close ${name}`}
      placeholder="Kitchen short-staffed"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
