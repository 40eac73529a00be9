import { type FormEvent, useState } from 'react';
import type { Service } from '../../../../shared/booking-rules.ts';
import { formatLongDate } from '../../../../shared/london-time.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { serviceName } from '../format.ts';

/** Asks before closing a service, with an optional reason for the team. */
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
  const [reason, setReason] = useState('');
  const name = service ? serviceName(service, date) : '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(reason.trim());
    setReason('');
  }

  return (
    <Dialog
      open={service !== null}
      onClose={onCancel}
      labelledBy="close-service-title"
      className="card w-full max-w-md p-6"
    >
      <form onSubmit={submit}>
        <h2 id="close-service-title" className="font-serif text-2xl">
          Close {name} on {formatLongDate(date)}?
        </h2>
        <p className="mt-2 text-ink-soft">
          Guests will see every {name} time as closed. Bookings already made stay as they are.
        </p>
        <label htmlFor="closure-reason" className="field-label mt-5">
          Reason (optional)
        </label>
        <input
          id="closure-reason"
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
          className="field-input"
          placeholder="Kitchen short-staffed"
        />
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" className="btn-dark px-5 py-2.5">
            Close {name}
          </button>
          <button type="button" onClick={onCancel} className="btn-outline px-5 py-2.5">
            Keep open
          </button>
        </div>
      </form>
    </Dialog>
  );
}
