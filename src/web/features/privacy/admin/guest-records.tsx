import { type ReactNode, useId } from 'react';
import { MAIL_KIND_LABELS } from '#shared/mail/outbox.ts';
import { GUEST_DATA_MESSAGES } from '#shared/privacy/guest-query.ts';
import type { GuestData } from '#shared/privacy/guests.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTime } from '#shared/time/london-time.ts';
import { formatLondonMoment, formatShortDate } from '#shared/time/staff-dates.ts';

const guests = (adults: number, children: number) => plural(adults + children, 'guest', 'guests');

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

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const headingId = useId();
  if (count === 0) return null;
  return (
    <section aria-labelledby={headingId} className="card overflow-hidden">
      <h2 id={headingId} className="border-b border-cream-200 px-4 py-3 font-serif text-2xl sm:px-5">
        {title} <span className="align-middle font-sans text-base text-ink-soft">({count})</span>
      </h2>
      <ul className="divide-y divide-cream-200">{children}</ul>
    </section>
  );
}

const Item = ({ children }: { children: ReactNode }) => <li className="px-4 py-4 sm:px-5">{children}</li>;
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
 * One kind of record, each saying what it is, whom it names, the notes it holds (the fields `notes` lists, in
 * that order) and when it was anonymised.
 */
function RecordSection<R extends PersonRecord>({
  title,
  records,
  heading,
  notes,
}: {
  title: string;
  records: R[];
  heading: (record: R) => string;
  notes: readonly NoteField[];
}) {
  return (
    <Section title={title} count={records.length}>
      {records.map((record) => (
        <Item key={record.id}>
          <Heading>{heading(record)}</Heading>
          <Contact {...record} />
          <Notes notes={notes.map((field) => [NOTE_LABELS[field], record[field] ?? ''])} />
          <Anonymised at={record.anonymisedAt ?? null} />
        </Item>
      ))}
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
        heading={(booking) =>
          `${booking.reference} · ${formatShortDate(booking.date)}, ${formatTime(booking.timeSlot)} · ` +
          `${guests(booking.partyAdults, booking.partyChildren)} · ${booking.status.toLowerCase()}`
        }
        notes={['allergies', 'accessibilityNotes', 'occasionNotes', 'specialNotes']}
      />
      <RecordSection
        title="Christmas bookings"
        records={data.christmasBookings}
        heading={(booking) =>
          `${booking.reference} · ${booking.sittingLabel} · ` +
          `${guests(booking.partyAdults, booking.partyChildren)} · ${booking.status.toLowerCase()}`
        }
        notes={['allergies', 'occasionNotes', 'specialNotes']}
      />
      <RecordSection
        title="Christmas checkouts"
        records={data.christmasReservations}
        heading={(reservation) =>
          `Started ${formatLondonMoment(reservation.createdAt)} · ` +
          `${guests(reservation.partyAdults, reservation.partyChildren)} · ${reservation.state.toLowerCase()}`
        }
        notes={['allergies', 'occasionNotes', 'specialNotes', 'holderIp']}
      />
      <RecordSection
        title="Large-party enquiries"
        records={data.enquiries}
        heading={(enquiry) =>
          `${enquiry.reference} · ${formatShortDate(enquiry.preferredDate)}, ` +
          `${formatTime(enquiry.preferredTime)} · ${plural(enquiry.partySize, 'guest', 'guests')} · ` +
          enquiry.status.toLowerCase()
        }
        notes={['notes']}
      />
      <Section title="Marketing consent" count={data.marketingConsents.length}>
        {data.marketingConsents.map((consent) => (
          <Item key={consent.email}>
            <Heading>
              {consent.withdrawnAt
                ? `Withdrawn ${formatLondonMoment(consent.withdrawnAt)}`
                : `Given ${formatLondonMoment(consent.givenAt)} on the ${consent.source} form`}
            </Heading>
            <Contact name={consent.name} email={consent.email} phone="" />
            <p className="text-sm text-ink-soft">“{consent.wording}”</p>
          </Item>
        ))}
      </Section>
      <Section title="E-mails" count={data.emails.length}>
        {data.emails.map((mail) => (
          <Item key={mail.id}>
            <Heading>{mail.subject}</Heading>
            <p className="text-sm break-all">To {mail.to}</p>
            <p className="text-sm text-ink-soft">
              {MAIL_KIND_LABELS[mail.kind]} · {mail.status.toLowerCase()} ·{' '}
              {formatLondonMoment(mail.createdAt)}
              {mail.erasedWhenSent ? ' · deleted once sent' : ''}
            </p>
          </Item>
        ))}
      </Section>
      <Section title="Scheduled erasure" count={data.scheduledErasures.length}>
        {data.scheduledErasures.map((request) => (
          <Item key={request.query}>
            <Heading>{GUEST_DATA_MESSAGES.scheduledFor(formatLongDate(request.dueOn))}</Heading>
            <p className="text-sm break-all">
              Asked for {formatLondonMoment(request.requestedAt)} · searched for {request.query}
            </p>
          </Item>
        ))}
      </Section>
    </>
  );
}
