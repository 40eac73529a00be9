import { type ReactNode, useId } from 'react';
import { MAIL_KIND_LABELS } from '#shared/mail/outbox.ts';
import { formatMoney } from '#shared/money/money.ts';
import { GUEST_DATA_MESSAGES } from '#shared/privacy/guest-query.ts';
import type { GuestData } from '#shared/privacy/guests.ts';
import { QUEUE_STATUS_LABELS } from '#shared/queue/status.ts';
import { STANDBY_OFFER_STATE_LABELS } from '#shared/standby/status.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime, formatTimeRange, londonTimeOfDay } from '#shared/time/london-time.ts';
import { formatLondonMoment, formatShortDate } from '#shared/time/staff-dates.ts';
import { VOUCHER_STATUS_LABELS } from '#shared/vouchers/status.ts';

/** A record's heading: what it is, when (if it has a time), for how many guests, where it stands. */
type HeadingParts = [what: string, when: string | null, guests: number, state: string];

function headingLine([what, when, guests, state]: HeadingParts): string {
  return [what, when, plural(guests, 'guest', 'guests'), state.toLowerCase()]
    .filter((part) => part !== null)
    .join(' · ');
}

const guestsIn = (party: { partyAdults: number; partyChildren: number }) =>
  party.partyAdults + party.partyChildren;

const dateAndTime = (date: string, time: string) => `${formatShortDate(date)}, ${formatTime(time)}`;

/** "Paid £120.00 of £456.00 · 4 diners", and what was refunded. */
function occasionMoneyLine(booking: GuestData['occasionBookings'][number]): string {
  const refunded = booking.refundPence ? ` · ${formatMoney(booking.refundPence)} refunded` : '';
  return `Paid ${formatMoney(booking.paidPence)} of ${formatMoney(booking.totalPence)}${refunded} · ${plural(booking.diners, 'diner', 'diners')}`;
}

/** "Places offered: 7:30pm (offer expired) · Booked as RC-AB12CD"; null when neither happened. */
function standbyLine(entry: GuestData['standbyEntries'][number]): string | null {
  const offers = entry.offers.map(
    (offer) => `${formatTime(offer.timeSlot)} (${STANDBY_OFFER_STATE_LABELS[offer.state].toLowerCase()})`,
  );
  const parts = [
    offers.length > 0 ? `Places offered: ${offers.join(', ')}` : null,
    entry.bookingReference ? `Booked as ${entry.bookingReference}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** "Told table ready 6:40pm · Seated as RC-AB12CD"; null when neither happened. */
function queueLine(party: GuestData['queueParties'][number]): string | null {
  const parts = [
    party.notifiedAt
      ? `${QUEUE_STATUS_LABELS.NOTIFIED} ${formatTime(londonTimeOfDay(new Date(party.notifiedAt)))}`
      : null,
    party.bookingReference ? `Seated as ${party.bookingReference}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The notes a record holds, one line each; none when there are none. */
function Notes({ notes }: { notes: [label: string, value: string][] }) {
  const written = notes.filter(([, value]) => value !== '');
  if (written.length === 0) return null;
  return (
    <dl className="mt-1 grid gap-x-3 text-sm sm:grid-cols-[auto_1fr]">
      {written.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-green-900">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Contact({ name, email, phone }: { name: string; email: string; phone: string }) {
  return <p className="text-sm break-all">{[name, email, phone].filter(Boolean).join(' · ')}</p>;
}

function Anonymised({ at }: { at: string | null }) {
  return at ? <p className="text-sm text-ink-soft">Anonymised {formatLondonMoment(at)}</p> : null;
}

/** One kind of thing held about the person, a heading with how many and an item each; nothing when none. */
function Section<Held>({
  title,
  records,
  keyOf,
  children,
}: {
  title: string;
  records: Held[];
  keyOf: (record: Held) => string;
  children: (record: Held) => ReactNode;
}) {
  const headingId = useId();
  if (records.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="card overflow-hidden">
      <h2 id={headingId} className="border-b border-cream-200 px-4 py-3 font-serif text-2xl sm:px-5">
        {title} <span className="align-middle font-sans text-base text-ink-soft">({records.length})</span>
      </h2>
      <ul className="divide-y divide-cream-200">
        {records.map((record) => (
          <li key={keyOf(record)} className="px-4 py-4 sm:px-5">
            {children(record)}
          </li>
        ))}
      </ul>
    </section>
  );
}

const Heading = ({ children }: { children: ReactNode }) => (
  <p className="font-semibold break-words text-green-900">{children}</p>
);

/** The notes a booking, order or enquiry may hold, as the owner reads them. */
const NOTE_LABELS = {
  allergies: 'Allergies',
  accessibilityNotes: 'Accessibility',
  occasionNotes: 'Occasion',
  specialNotes: 'Notes',
  notes: 'Notes',
  holderIp: 'From address',
} as const;

type NoteField = keyof typeof NOTE_LABELS;

/** A booking, order or enquiry that names the person. */
type PersonRecord = {
  id: string;
  name: string;
  email: string;
  phone: string;
  anonymisedAt?: string | null;
} & {
  [field in NoteField]?: string | null;
};

/**
 * One kind of record, each saying what it is, whom it names, a line more if `detail` has one (what it cost, what
 * became of it), the notes it holds (the fields `notes` lists, in that order) and when it was anonymised.
 */
function RecordSection<R extends PersonRecord>({
  title,
  records,
  heading,
  detail,
  notes,
}: {
  title: string;
  records: R[];
  heading: (record: R) => HeadingParts;
  detail?: (record: R) => string | null;
  notes: readonly NoteField[];
}) {
  return (
    <Section title={title} records={records} keyOf={(record) => record.id}>
      {(record) => {
        const line = detail?.(record);
        return (
          <>
            <Heading>{headingLine(heading(record))}</Heading>
            <Contact {...record} />
            {line ? <p className="text-sm">{line}</p> : null}
            <Notes notes={notes.map((field) => [NOTE_LABELS[field], record[field] ?? ''])} />
            <Anonymised at={record.anonymisedAt ?? null} />
          </>
        );
      }}
    </Section>
  );
}

/** Everything held about the person, grouped as the pub keeps it. */
export function GuestRecords({ data }: { data: GuestData }) {
  return (
    <>
      <RecordSection
        title="Table bookings"
        records={data.bookings}
        notes={['allergies', 'accessibilityNotes', 'occasionNotes', 'specialNotes']}
        heading={(booking) => [
          booking.tables?.length ? `${booking.reference} · ${booking.tables.join(' + ')}` : booking.reference,
          dateAndTime(booking.date, booking.timeSlot),
          guestsIn(booking),
          booking.status,
        ]}
      />
      <RecordSection
        title="Christmas bookings"
        records={data.christmasBookings}
        notes={['allergies', 'occasionNotes', 'specialNotes']}
        heading={(booking) => [booking.reference, booking.sittingLabel, guestsIn(booking), booking.status]}
      />
      <RecordSection
        title="Christmas checkouts"
        records={data.christmasReservations}
        notes={['allergies', 'occasionNotes', 'specialNotes', 'holderIp']}
        heading={(reservation) => [
          `Started ${formatLondonMoment(reservation.createdAt)}`,
          null,
          guestsIn(reservation),
          reservation.state,
        ]}
      />
      <RecordSection
        title="Occasion bookings"
        records={data.occasionBookings}
        notes={['allergies', 'occasionNotes', 'notes', 'holderIp']}
        heading={(booking) => [
          `${booking.occasionName} · ${booking.reference}`,
          `${formatShortDate(booking.date)}, ${booking.sittingLabel}`,
          guestsIn(booking),
          booking.status,
        ]}
        detail={occasionMoneyLine}
      />
      <Section title="Occasion diners" records={data.occasionDiners} keyOf={(diner) => diner.id}>
        {(diner) => (
          <>
            <Heading>
              {diner.occasionName} · {diner.reference} · {formatShortDate(diner.date)}
            </Heading>
            <Contact name={diner.name} email={diner.email} phone="" />
            <Notes notes={[[NOTE_LABELS.allergies, diner.allergies]]} />
          </>
        )}
      </Section>
      <RecordSection
        title="Standby list"
        records={data.standbyEntries}
        notes={[]}
        heading={(entry) => [
          entry.reference,
          `${formatShortDate(entry.date)}, ${formatTimeRange(entry.windowStart, entry.windowEnd)}`,
          guestsIn(entry),
          entry.status,
        ]}
        detail={standbyLine}
      />
      <RecordSection
        title="Walk-in queue"
        records={data.queueParties}
        notes={['notes']}
        heading={(party) => [formatShortDate(party.date), null, guestsIn(party), party.status]}
        detail={queueLine}
      />
      <Section title="Guest profile" records={data.guestProfiles} keyOf={(profile) => profile.email}>
        {(profile) => (
          <>
            <Heading>{profile.tags.length > 0 ? `Tags: ${profile.tags.join(', ')}` : 'No tags'}</Heading>
            <Contact name="" email={profile.email} phone={profile.confirmedPhones.join(', ')} />
            <Notes
              notes={[
                [
                  profile.noteBy && profile.noteAt
                    ? `Staff note (${profile.noteBy}, ${formatLondonMoment(profile.noteAt)})`
                    : 'Staff note',
                  profile.note,
                ],
              ]}
            />
          </>
        )}
      </Section>
      <Section title="Gift vouchers" records={data.vouchers} keyOf={(voucher) => voucher.id}>
        {(voucher) => (
          <>
            <Heading>
              {`Voucher ${voucher.code} · ${formatMoney(voucher.amountPence)}, ${formatMoney(voucher.balancePence)} left · ${VOUCHER_STATUS_LABELS[voucher.status]}`}
            </Heading>
            <p>{`Bought by ${voucher.buyerName} · ${voucher.buyerEmail}`}</p>
            <p>{`For ${voucher.recipientName}${voucher.recipientEmail ? ` · ${voucher.recipientEmail}` : ''}`}</p>
            <p className="text-sm text-ink-soft">
              {`Delivery ${formatShortDate(voucher.deliverOn)} · valid until ${formatShortDate(voucher.expiresOn)}`}
            </p>
            <Notes notes={[['Message', voucher.message]]} />
          </>
        )}
      </Section>
      <RecordSection
        title="Large-party enquiries"
        records={data.enquiries}
        notes={['notes']}
        heading={(enquiry) => [
          enquiry.reference,
          dateAndTime(enquiry.preferredDate, enquiry.preferredTime),
          enquiry.partySize,
          enquiry.status,
        ]}
      />
      <Section title="Marketing consent" records={data.marketingConsents} keyOf={(consent) => consent.email}>
        {(consent) => (
          <>
            <Heading>
              {consent.withdrawnAt
                ? `Withdrawn ${formatLondonMoment(consent.withdrawnAt)}`
                : `Given ${formatLondonMoment(consent.givenAt)} on the ${consent.source} form`}
            </Heading>
            <Contact name={consent.name} email={consent.email} phone="" />
            <p className="text-sm text-ink-soft">“{consent.wording}”</p>
          </>
        )}
      </Section>
      <Section title="E-mails" records={data.emails} keyOf={(mail) => mail.id}>
        {(mail) => (
          <>
            <Heading>{mail.subject}</Heading>
            <p className="text-sm break-all">To {mail.to}</p>
            <p className="text-sm text-ink-soft">
              {MAIL_KIND_LABELS[mail.kind]} · {mail.status.toLowerCase()} ·{' '}
              {formatLondonMoment(mail.createdAt)}
              {mail.erasedWhenSent ? ' · deleted once sent' : ''}
            </p>
          </>
        )}
      </Section>
      <Section title="Scheduled erasure" records={data.scheduledErasures} keyOf={(request) => request.query}>
        {(request) => (
          <>
            <Heading>{GUEST_DATA_MESSAGES.scheduledFor(formatLongDate(request.dueOn))}</Heading>
            <p className="text-sm break-all">
              Asked for {formatLondonMoment(request.requestedAt)} · searched for {request.query}
            </p>
          </>
        )}
      </Section>
    </>
  );
}
