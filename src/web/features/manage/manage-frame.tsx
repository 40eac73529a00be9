import { Fragment, type ReactNode, useId, useState } from 'react';
import { MANAGE_MESSAGES } from '#shared/manage/messages.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { failureText } from '#web/lib/api.ts';
import { useAnnouncement } from './announcement.tsx';
import { ComingPanel, sendComing, useAskComing } from './coming-panel.tsx';
import { DetailList, type DetailRow, type GuestNotes, noteRows } from './detail-list.tsx';
import { type ChangeHandlers, MANAGE_FAILURE } from './guest-change-form.tsx';
import { latestAfterStaleChange } from './stale-change.ts';

/** What the frame reads of a guest's booking, a table's or Christmas Day's. */
interface GuestBooking {
  status: string;
  comingConfirmedAt: string | null;
  updatedAt: string;
}

/**
 * The common frame of a guest's own booking page (issue 18), a table's or Christmas Day's: the outcome line,
 * "Yes, we're coming" when they came from the reminder, the booking, the change form in its place while they
 * change it, and the cancellation asked for and confirmed.
 */
export function ManageFrame<Managed extends { booking: GuestBooking }>({
  initial,
  allows,
  wasCancelled,
  details,
  notes,
  stackedDetails = false,
  moreDetails,
  closedNote,
  changeLabel,
  calendarPath,
  changeForm,
  changed,
  footer,
  cancelQuestion,
  cancelSummary,
  confirmComing,
  cancel,
  cancelled: cancelledText,
  onCancelled,
}: {
  initial: Managed;
  /** Whether the guest may still change the booking, and cancel it (and so say they are coming). */
  allows: (managed: Managed) => { change: boolean; cancel: boolean };
  /** Said at the top while the page was opened on a cancelled booking. */
  wasCancelled: (managed: Managed) => string;
  details: (managed: Managed) => readonly DetailRow[];
  /** The guest's notes, shown after the details. */
  notes: (managed: Managed) => GuestNotes;
  /** The details' terms above their values on a phone (a long pre-order). */
  stackedDetails?: boolean;
  /** A section of its own under the details (a table's deposit or card guarantee, issue 29). */
  moreDetails?: (managed: Managed) => ReactNode;
  /** Why a change or a cancellation is no longer offered, under the details of a booking not cancelled. */
  closedNote: (managed: Managed) => ReactNode;
  changeLabel: string;
  calendarPath: string;
  changeForm: (managed: Managed, outcomes: ChangeHandlers<Managed>) => ReactNode;
  /** Said once a change is saved. */
  changed: string;
  footer: (managed: Managed) => ReactNode;
  cancelQuestion: string;
  /** What the cancellation asks about, under its question. */
  cancelSummary: (managed: Managed) => ReactNode;
  confirmComing: () => Promise<Managed>;
  /** Cancels the booking as the guest was shown it (`managed`): what the dialog said it would do. */
  cancel: (managed: Managed) => Promise<Managed>;
  /** Said once the booking is cancelled. */
  cancelled: (managed: Managed) => string;
  /** Told when the guest has just cancelled here (the page's lead then stops offering to cancel). */
  onCancelled?: (managed: Managed) => void;
}) {
  const askComing = useAskComing();
  const titleId = useId();
  const [managed, setManaged] = useState(initial);
  const [mode, setMode] = useState<'view' | 'change'>('view');
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const announcement = useAnnouncement();
  const { notice, announce } = announcement;
  const { booking } = managed;
  const isCancelled = booking.status === 'CANCELLED';
  const allowed = allows(managed);

  async function save(change: () => Promise<Managed>) {
    try {
      setManaged(await change());
      setMode('view');
      announce({ tone: 'success', text: changed });
    } catch (failure) {
      const latest = latestAfterStaleChange<Managed>(failure);
      if (!latest) throw failure;
      setManaged(latest);
      announce({ tone: 'error', text: failureText(failure, MANAGE_FAILURE) });
    }
  }

  async function confirmCancel() {
    setSending(true);
    try {
      const answer = await cancel(managed);
      setManaged(answer);
      setAsking(false);
      announce({ tone: 'success', text: cancelledText(answer) });
      onCancelled?.(answer);
    } catch (failure) {
      // What the cancellation would do changed meanwhile: the server's reason, and the booking as it stands.
      const latest = latestAfterStaleChange<Managed>(failure);
      if (latest) setManaged(latest);
      setAsking(false);
      announce({ tone: 'error', text: failureText(failure, MANAGE_FAILURE) });
    }
    setSending(false);
  }

  return (
    <div className="space-y-6">
      {announcement.view}
      {isCancelled && !notice ? (
        <p className="rounded-xl border border-brass-500 bg-brass-300/30 p-4 font-semibold text-green-900">
          {wasCancelled(managed)}
        </p>
      ) : null}
      {mode === 'change' && !isCancelled && allowed.change ? (
        // A new version of the booking starts the form afresh from it.
        <Fragment key={booking.updatedAt}>
          {changeForm(managed, { save, onKeep: () => setMode('view') })}
        </Fragment>
      ) : (
        <>
          {askComing && !isCancelled && allowed.cancel ? (
            <ComingPanel
              confirmed={booking.comingConfirmedAt !== null}
              onConfirm={() => sendComing(confirmComing, { saved: setManaged, announce })}
            />
          ) : null}
          <DetailList rows={[...details(managed), ...noteRows(notes(managed))]} stacked={stackedDetails} />
          {moreDetails?.(managed)}
          {isCancelled ? null : closedNote(managed)}
          {!isCancelled && (allowed.change || allowed.cancel) ? (
            <div className="flex flex-wrap gap-3">
              {allowed.change ? (
                <button type="button" className="btn-dark" onClick={() => setMode('change')}>
                  {changeLabel}
                </button>
              ) : null}
              {allowed.cancel ? (
                <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
                  Cancel booking
                </button>
              ) : null}
              <a href={calendarPath} download className="btn-outline">
                {MANAGE_MESSAGES.addToCalendar}
              </a>
            </div>
          ) : null}
        </>
      )}
      {footer(managed)}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        labelledBy={titleId}
        className="w-full max-w-md rounded-2xl bg-cream-50 p-6 shadow-2xl"
      >
        <h2 id={titleId} className="font-serif text-2xl">
          {cancelQuestion}
        </h2>
        {cancelSummary(managed)}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn-dark" onClick={confirmCancel} disabled={sending}>
            {sending ? 'Cancelling…' : MANAGE_MESSAGES.yesCancel}
          </button>
          <button type="button" className="btn-outline" onClick={() => setAsking(false)}>
            {MANAGE_MESSAGES.keep}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
