import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { CLOSURE_REASON_MAX_LENGTH } from '#shared/staff/messages.ts';
import { Dialog } from '#web/components/dialog.tsx';

/** Asks before closing a service or a sitting, with an optional reason for the team. */
export function CloseWithReasonDialog({
  open,
  title,
  explanation,
  confirmLabel,
  placeholder,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  explanation: ReactNode;
  confirmLabel: string;
  placeholder: string;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(reason.trim());
    setReason('');
  }

  return (
    <Dialog open={open} onClose={onCancel} labelledBy={`${id}-title`} className="card w-full max-w-md p-6">
      <form onSubmit={submit}>
        <h2 id={`${id}-title`} className="font-serif text-2xl">
          {title}
        </h2>
        <p className="mt-2 text-ink-soft">{explanation}</p>
        <label htmlFor={`${id}-reason`} className="field-label mt-5">
          Reason (optional)
        </label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={CLOSURE_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
          className="field-input"
          placeholder={placeholder}
        />
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" className="btn-dark px-5 py-2.5">
            {confirmLabel}
          </button>
          <button type="button" onClick={onCancel} className="btn-outline px-5 py-2.5">
            Keep open
          </button>
        </div>
      </form>
    </Dialog>
  );
}
