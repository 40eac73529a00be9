import { type ReactNode, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { telephoneHref } from '#shared/content/venue.ts';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/messages.ts';
import type { StoredEnquiry } from '#shared/enquiries/schemas.ts';
import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryStatus } from '#shared/enquiries/status.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { formatLondonMoment } from '#shared/time/staff-dates.ts';
import { LoadGate, OutcomeNotice, useLoaded, useOutcome, whenReady } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import * as api from './api.ts';

function statusFilterOf(value: string | null): EnquiryStatus | null {
  return ENQUIRY_STATUSES.find((status) => status === value) ?? null;
}

/** The New booking screen with the enquiry's guest, day and party filled in. */
function startBookingHref(enquiry: StoredEnquiry): string {
  const query = new URLSearchParams({
    date: enquiry.preferredDate,
    source: 'enquiry',
    party: String(enquiry.partySize),
    name: enquiry.name,
    phone: enquiry.phone,
    email: enquiry.email,
  });
  if (enquiry.notes) query.set('notes', enquiry.notes);
  return `/admin/bookings/new?${query}`;
}

const FILTERS: { status: EnquiryStatus | null; label: string }[] = [
  { status: null, label: 'All' },
  ...ENQUIRY_STATUSES.map((status) => ({ status, label: ENQUIRY_STATUS_LABELS[status] })),
];

function StatusFilter({ current }: { current: EnquiryStatus | null }) {
  return (
    <nav aria-label="Show enquiries">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map(({ status, label }) => {
          const selected = status === current;
          return (
            <li key={label}>
              <Link
                to={status ? `/admin/enquiries?status=${status}` : '/admin/enquiries'}
                aria-current={selected ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border-2 px-5 font-semibold no-underline transition-colors ${
                  selected
                    ? 'border-green-800 bg-green-800 text-cream-50'
                    : 'border-cream-300 bg-white text-green-900 hover:border-green-700'
                }`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function EnquiryCard({
  enquiry,
  changing,
  onChangeStatus,
}: {
  enquiry: StoredEnquiry;
  changing: boolean;
  onChangeStatus: (enquiry: StoredEnquiry, status: EnquiryStatus) => void;
}) {
  const headingId = `enquiry-${enquiry._id}`;
  const details: [string, ReactNode][] = [
    ['Preferred', `${formatLongDate(enquiry.preferredDate)}, ${formatTime(enquiry.preferredTime)}`],
    [
      'Phone',
      <a key="phone" href={telephoneHref(enquiry.phone)} className="link inline-flex min-h-11 items-center">
        {enquiry.phone}
      </a>,
    ],
    [
      'Email',
      <a
        key="email"
        href={`mailto:${enquiry.email}`}
        className="link inline-flex min-h-11 items-center break-all"
      >
        {enquiry.email}
      </a>,
    ],
    ['Notes', enquiry.notes || '—'],
    ['Received', formatLondonMoment(enquiry.createdAt)],
  ];
  return (
    <li>
      <article aria-labelledby={headingId} className="card space-y-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="font-serif text-2xl break-words text-green-900">
            {enquiry.name} · party of {enquiry.partySize}
          </h2>
          <p className="font-mono text-sm tracking-wider text-ink-soft">{enquiry.reference}</p>
        </div>
        <dl className="divide-y divide-cream-200">
          {details.map(([term, detail]) => (
            <div key={term} className="grid grid-cols-[6.5rem_1fr] items-baseline gap-3 py-2">
              <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
              <dd className="break-words whitespace-pre-line">{detail}</dd>
            </div>
          ))}
        </dl>
        {/* Not disabled while a change is sent: the pressed button keeps the keyboard's focus. */}
        <fieldset>
          <legend className="field-label">Status</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {ENQUIRY_STATUSES.map((status) => {
              const current = enquiry.status === status;
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={current}
                  onClick={() => {
                    if (!current && !changing) onChangeStatus(enquiry, status);
                  }}
                  className={`min-h-12 rounded-xl border-2 px-3 text-lg font-semibold transition-colors ${
                    current
                      ? 'border-green-800 bg-green-800 text-cream-50'
                      : 'border-cream-300 bg-white text-green-900 hover:border-green-700'
                  }`}
                >
                  {ENQUIRY_STATUS_LABELS[status]}
                </button>
              );
            })}
          </div>
        </fieldset>
        <Link
          to={startBookingHref(enquiry)}
          aria-label={`Start a booking for ${enquiry.name}`}
          className="btn-outline min-h-12 w-full sm:w-auto"
        >
          Start a booking
        </Link>
      </article>
    </li>
  );
}

/**
 * Large-party enquiries for staff (issue 18), newest first and filtered by where they stand: each with the
 * guest's details, buttons to move it along, and a link to book it on the New booking screen.
 */
export function EnquiriesPage() {
  useAdminTitle('Enquiries');
  const [params] = useSearchParams();
  const filter = statusFilterOf(params.get('status'));
  const { outcome, setOutcome, attempt, working } = useOutcome();
  const enquiries = useCallback(async () => {
    // Another filter is another list: what was said of the last one goes with it.
    setOutcome(null);
    return { enquiries: await api.listEnquiries(filter) };
  }, [filter, setOutcome]);
  const { load, setLoad } = useLoaded(enquiries, ENQUIRY_MESSAGES.loadFailed);

  async function changeStatus(enquiry: StoredEnquiry, status: EnquiryStatus) {
    await attempt(
      async () => {
        const changed = await api.changeEnquiryStatus(enquiry._id, status);
        // It stays in view until the list is next loaded, even when the filter no longer matches it.
        setLoad(
          whenReady(({ enquiries: shown }) => ({
            enquiries: shown.map((entry) => (entry._id === changed._id ? changed : entry)),
          })),
        );
        return ENQUIRY_MESSAGES.statusChanged(changed.reference, status);
      },
      ENQUIRY_MESSAGES.statusFailed,
      enquiry._id,
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Enquiries</h1>
        <p className="mt-1 text-ink-soft">
          Parties too large to book online. Reply by phone or e-mail, then mark where each one stands.
        </p>
      </div>
      <StatusFilter current={filter} />
      <OutcomeNotice outcome={outcome} />
      <LoadGate load={load}>
        {({ enquiries: shown }) =>
          shown.length === 0 ? (
            <p className="card p-5 text-ink-soft">
              {filter ? ENQUIRY_MESSAGES.noneWithStatus(filter) : ENQUIRY_MESSAGES.noneYet}
            </p>
          ) : (
            <ul className="space-y-4">
              {shown.map((enquiry) => (
                <EnquiryCard
                  key={enquiry._id}
                  enquiry={enquiry}
                  changing={working === enquiry._id}
                  onChangeStatus={changeStatus}
                />
              ))}
            </ul>
          )
        }
      </LoadGate>
    </div>
  );
}
