import { type FormEvent, useState } from 'react';
import { type SittingId, sittingOf } from '../../../../shared/christmas-rules.ts';
import { christmasSeason } from '../../../../shared/christmas-season.ts';
import { Dialog } from '../../../components/dialog.tsx';

/** Asks before closing a sitting to online orders, with an optional reason for the team (spec §4). */
export function CloseSittingDialog({
  sittingId,
  onCancel,
  onConfirm,
}: {
  sittingId: SittingId | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const label = sittingId ? sittingOf(christmasSeason, sittingId).label : '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(reason.trim());
    setReason('');
  }

  return (
    <Dialog
      open={sittingId !== null}
      onClose={onCancel}
      labelledBy="close-sitting-title"
      className="card w-full max-w-md p-6"
    >
      <form onSubmit={submit}>
        <h2 id="close-sitting-title" className="font-serif text-2xl">
          Close the {label} sitting?
        </h2>
        <p className="mt-2 text-ink-soft">
          Guests will no longer be able to book it online. Bookings already made stay as they are, and you can
          still add phone and walk-in bookings here.
        </p>
        <label htmlFor="sitting-closure-reason" className="field-label mt-5">
          Reason (optional)
        </label>
        <input
          id="sitting-closure-reason"
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
          className="field-input"
          placeholder="Fully booked by phone"
        />
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" className="btn-dark px-5 py-2.5">
            Close sitting
          </button>
          <button type="button" onClick={onCancel} className="btn-outline px-5 py-2.5">
            Keep open
          </button>
        </div>
      </form>
    </Dialog>
  );
}
