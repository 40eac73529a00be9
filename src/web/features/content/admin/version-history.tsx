import type { ContentVersionSummary } from '#shared/content/documents.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { Dialog } from '#web/components/dialog.tsx';
import { Notice } from '#web/features/staff/notice.tsx';

export type HistoryState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; versions: ContentVersionSummary[] };

/** Staff save versions; the site saves the first (its seed) and those an upgrade migrates (no one's). */
function savedByText(entry: ContentVersionSummary): string {
  const when = formatLondonMoment(entry.savedAt);
  if (entry.savedBy) return `Saved by ${entry.savedBy}, ${when}`;
  return entry.version === 1
    ? `The site’s first content, ${when}`
    : `Updated by an upgrade of the site, ${when}`;
}

/** The document's versions, newest first: the newest is on the site, any other can be restored. */
export function VersionHistory({
  history,
  onRestore,
}: {
  history: HistoryState;
  onRestore: (version: number) => void;
}) {
  return (
    <section aria-labelledby="content-versions-heading" className="card overflow-hidden">
      <h2
        id="content-versions-heading"
        className="border-b border-cream-200 px-4 py-3 font-serif text-2xl sm:px-6"
      >
        Previous versions
      </h2>
      {history.status === 'loading' ? (
        <p className="px-4 py-4 text-ink-soft sm:px-6">Loading…</p>
      ) : history.status === 'failed' ? (
        <div className="p-4 sm:px-6">
          <Notice tone="error">{history.error}</Notice>
        </div>
      ) : (
        <ol className="divide-y divide-cream-200">
          {history.versions.map((entry, index) => (
            <li
              key={entry.version}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6"
            >
              <div className="min-w-0">
                <p className="font-semibold text-green-900">
                  Version {entry.version}
                  {index === 0 ? <span className="font-normal text-ink-soft"> · on the site now</span> : null}
                </p>
                <p className="text-sm break-words text-ink-soft">{savedByText(entry)}</p>
              </div>
              {index === 0 ? null : (
                <button
                  type="button"
                  className="btn-outline min-h-11 px-4 py-2 text-sm"
                  aria-label={`Restore version ${entry.version}`}
                  onClick={() => onRestore(entry.version)}
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Asks before a previous version goes back on the site, saying what staff lose by it. */
export function RestoreDialog({
  version,
  unsaved,
  restoring,
  onRestore,
  onCancel,
}: {
  version: number | null;
  unsaved: boolean;
  restoring: boolean;
  onRestore: (version: number) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={version !== null}
      onClose={onCancel}
      labelledBy="restore-title"
      className="card w-full max-w-md p-6"
    >
      <h2 id="restore-title" className="font-serif text-2xl">
        Restore version {version}?
      </h2>
      <p className="mt-2 text-ink-soft">
        It is saved again as the newest version and shows on the site at once.
        {unsaved ? ' The changes you have not saved on this screen will be lost.' : ''}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-dark min-h-11 px-5 py-2.5"
          disabled={restoring}
          onClick={() => version !== null && onRestore(version)}
        >
          {restoring ? 'Restoring…' : `Restore version ${version}`}
        </button>
        <button type="button" className="btn-outline min-h-11 px-5 py-2.5" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
