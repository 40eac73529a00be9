import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { CHRISTMAS_STAFF_CANCEL_MESSAGES, refundDeadlineText } from '../../../../shared/christmas/manage.ts';
import { MAIL_KIND_LABELS } from '../../../../shared/mail/outbox.ts';
import { formatMoney } from '../../../../shared/money/money.ts';
import {
  GUEST_DATA_MESSAGES,
  guestRecordCount,
  parseGuestQuery,
} from '../../../../shared/privacy/guest-query.ts';
import type {
  GuestData,
  GuestEraseAnswer,
  GuestEraseRequest,
  GuestEraseRequestInput,
  GuestErasure,
  GuestUpcomingBooking,
} from '../../../../shared/privacy/guests.ts';
import { plural } from '../../../../shared/text/plural.ts';
import { addDays, formatLongDate, formatTime } from '../../../../shared/time/london-time.ts';
import { formatLondonMoment, formatShortDate } from '../../../../shared/time/staff-dates.ts';
import { ChoiceOption } from '../../../components/choice-option.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { failureText } from '../../../lib/api.ts';
import { useChristmasDay } from '../../content/site-content.tsx';
import { useAdminTitle } from '../../staff/admin-layout.tsx';
import { Notice } from '../../staff/notice.tsx';
import * as api from './api.ts';

type Search =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; q: string; data: GuestData };

type Outcome = { tone: 'success' | 'error'; text: string } | null;

const eraseButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-burgundy-700 px-5 py-2.5 font-semibold text-cream-50 transition-colors hover:bg-burgundy-800 disabled:opacity-60';
const toolButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-cream-300 bg-white px-5 py-2.5 font-semibold text-green-900 no-underline transition-colors hover:border-green-700 hover:bg-cream-100';

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

/** Everything held about the person, grouped as the pub keeps it. */
function GuestRecords({ data }: { data: GuestData }) {
  return (
    <>
      <Section title="Table bookings" count={data.bookings.length}>
        {data.bookings.map((booking) => (
          <Item key={booking.id}>
            <Heading>
              {booking.reference} · {formatShortDate(booking.date)}, {formatTime(booking.timeSlot)} ·{' '}
              {guests(booking.partyAdults, booking.partyChildren)} · {booking.status.toLowerCase()}
            </Heading>
            <Contact {...booking} />
            <Notes
              notes={[
                ['Allergies', booking.allergies],
                ['Accessibility', booking.accessibilityNotes],
                ['Occasion', booking.occasionNotes],
                ['Notes', booking.specialNotes],
              ]}
            />
            <Anonymised at={booking.anonymisedAt} />
          </Item>
        ))}
      </Section>
      <Section title="Christmas bookings" count={data.christmasBookings.length}>
        {data.christmasBookings.map((booking) => (
          <Item key={booking.id}>
            <Heading>
              {booking.reference} · {booking.sittingLabel} ·{' '}
              {guests(booking.partyAdults, booking.partyChildren)} · {booking.status.toLowerCase()}
            </Heading>
            <Contact {...booking} />
            <Notes
              notes={[
                ['Allergies', booking.allergies],
                ['Occasion', booking.occasionNotes],
                ['Notes', booking.specialNotes],
              ]}
            />
            <Anonymised at={booking.anonymisedAt} />
          </Item>
        ))}
      </Section>
      <Section title="Christmas checkouts" count={data.christmasReservations.length}>
        {data.christmasReservations.map((reservation) => (
          <Item key={reservation.id}>
            <Heading>
              Started {formatLondonMoment(reservation.createdAt)} ·{' '}
              {guests(reservation.partyAdults, reservation.partyChildren)} · {reservation.state.toLowerCase()}
            </Heading>
            <Contact {...reservation} />
            <Notes
              notes={[
                ['Allergies', reservation.allergies],
                ['Occasion', reservation.occasionNotes],
                ['Notes', reservation.specialNotes],
                ['From address', reservation.holderIp ?? ''],
              ]}
            />
          </Item>
        ))}
      </Section>
      <Section title="Large-party enquiries" count={data.enquiries.length}>
        {data.enquiries.map((enquiry) => (
          <Item key={enquiry.id}>
            <Heading>
              {enquiry.reference} · {formatShortDate(enquiry.preferredDate)},{' '}
              {formatTime(enquiry.preferredTime)} · {plural(enquiry.partySize, 'guest', 'guests')} ·{' '}
              {enquiry.status.toLowerCase()}
            </Heading>
            <Contact {...enquiry} />
            <Notes notes={[['Notes', enquiry.notes]]} />
            <Anonymised at={enquiry.anonymisedAt} />
          </Item>
        ))}
      </Section>
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

/** "2 table bookings, 1 Christmas booking and 3 e-mails" */
function recordsList(data: GuestData): string {
  const parts = [
    [data.bookings.length, 'table booking', 'table bookings'],
    [data.christmasBookings.length, 'Christmas booking', 'Christmas bookings'],
    [data.christmasReservations.length, 'Christmas checkout', 'Christmas checkouts'],
    [data.enquiries.length, 'enquiry', 'enquiries'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
    .join(', ');
}

function erasedTotal(erasure: GuestErasure): number {
  return Object.values(erasure).reduce((total, n) => total + n, 0);
}

/** What the owner reads once the erase API has answered. */
function outcomeText(answer: GuestEraseAnswer): string {
  if (answer.outcome === 'scheduled')
    return GUEST_DATA_MESSAGES.erasureScheduled(formatLongDate(answer.dueOn));
  const total = erasedTotal(answer.erasure);
  return answer.bookingsCancelled > 0
    ? GUEST_DATA_MESSAGES.cancelledAndErased(answer.bookingsCancelled, total)
    : GUEST_DATA_MESSAGES.erased(total);
}

/** "RC-AB12CD · Tue 8 Dec 2026, 7pm · 3 guests"; a Christmas booking's sitting and deposit paid. */
function upcomingText(booking: GuestUpcomingBooking): string {
  const time = booking.kind === 'table' ? formatTime(booking.time) : booking.time;
  const deposit =
    booking.depositPaidPence > 0 ? ` · deposit ${formatMoney(booking.depositPaidPence)} paid` : '';
  return `${booking.reference} · ${formatShortDate(booking.date)}, ${time} · ${plural(booking.partySize, 'guest', 'guests')}${deposit}`;
}

type EraseChoice = Pick<GuestEraseRequestInput, 'upcoming' | 'deposit'>;
type DepositChoice = NonNullable<GuestEraseRequest['deposit']>;

const errorNote =
  'mt-3 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800';

/** The Christmas deposits a cancellation would refund or keep: staff choose, as when cancelling one alone. */
function DepositQuestion({
  pence,
  deposit,
  onSelect,
}: {
  pence: number;
  deposit: DepositChoice | null;
  onSelect: (deposit: DepositChoice) => void;
}) {
  const deadline = refundDeadlineText(useChristmasDay());
  return (
    <fieldset className="mt-4 space-y-3">
      <legend className="mb-2 font-semibold text-green-900">The Christmas deposit</legend>
      <ChoiceOption
        name="deposit"
        checked={deposit === 'refund'}
        label={CHRISTMAS_STAFF_CANCEL_MESSAGES.refund}
        hint={CHRISTMAS_STAFF_CANCEL_MESSAGES.refundHint(formatMoney(pence), deadline)}
        onSelect={() => onSelect('refund')}
      />
      <ChoiceOption
        name="deposit"
        checked={deposit === 'keep'}
        label={CHRISTMAS_STAFF_CANCEL_MESSAGES.keep}
        hint={CHRISTMAS_STAFF_CANCEL_MESSAGES.keepHint(deadline)}
        onSelect={() => onSelect('keep')}
      />
    </fieldset>
  );
}

/**
 * The person's bookings still to come, and what becomes of them (issue 26): erased now they would stay on the
 * day view as "Anonymised guest", so staff cancel them (the guest told) or erase after the last visit.
 */
function UpcomingQuestion({
  upcoming,
  choice,
  onChoose,
}: {
  upcoming: GuestUpcomingBooking[];
  choice: EraseChoice;
  onChoose: (choice: EraseChoice) => void;
}) {
  const id = useId();
  const lastVisit = upcoming.map((booking) => booking.date).sort()[upcoming.length - 1] as string;
  const deposits = upcoming.reduce((total, booking) => total + booking.depositPaidPence, 0);
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-4">
      <h3 id={`${id}-heading`} className="font-semibold text-green-900">
        {plural(upcoming.length, 'upcoming booking', 'upcoming bookings')}
      </h3>
      <ul className="mt-2 space-y-1 rounded-lg bg-cream-100 px-4 py-3">
        {upcoming.map((booking) => (
          <li key={booking.id} className="break-words font-semibold text-green-900">
            {upcomingText(booking)}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-ink-soft">{GUEST_DATA_MESSAGES.upcomingLead(upcoming.length)}</p>
      <fieldset className="mt-4 space-y-3">
        <legend className="mb-2 font-semibold text-green-900">{GUEST_DATA_MESSAGES.upcomingLegend}</legend>
        <ChoiceOption
          name="upcoming"
          checked={choice.upcoming === 'cancel-and-erase'}
          label={GUEST_DATA_MESSAGES.cancelAndErase}
          hint={GUEST_DATA_MESSAGES.cancelAndEraseHint}
          onSelect={() => onChoose({ ...choice, upcoming: 'cancel-and-erase' })}
        />
        <ChoiceOption
          name="upcoming"
          checked={choice.upcoming === 'erase-after-visit'}
          label={GUEST_DATA_MESSAGES.eraseAfterVisit}
          hint={GUEST_DATA_MESSAGES.eraseAfterVisitHint(formatLongDate(addDays(lastVisit, 1)))}
          onSelect={() => onChoose({ ...choice, upcoming: 'erase-after-visit' })}
        />
      </fieldset>
      {choice.upcoming === 'cancel-and-erase' && deposits > 0 ? (
        <DepositQuestion
          pence={deposits}
          deposit={choice.deposit ?? null}
          onSelect={(deposit) => onChoose({ ...choice, deposit })}
        />
      ) : null}
    </section>
  );
}

function EraseQuestion({
  titleId,
  data,
  erasing,
  onCancel,
  onConfirm,
}: {
  titleId: string;
  data: GuestData;
  erasing: boolean;
  onCancel: () => void;
  onConfirm: (choice: EraseChoice) => void;
}) {
  const upcoming = data.upcomingBookings;
  const [choice, setChoice] = useState<EraseChoice>({ upcoming: null, deposit: null });
  const [problem, setProblem] = useState<string | null>(null);
  const kept = recordsList(data);
  const cancelling = choice.upcoming === 'cancel-and-erase';
  const needsDeposit = cancelling && upcoming.some((booking) => booking.depositPaidPence > 0);

  function choose(next: EraseChoice) {
    setChoice(next);
    setProblem(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upcoming.length > 0 && !choice.upcoming) setProblem(GUEST_DATA_MESSAGES.chooseUpcoming);
    else if (needsDeposit && !choice.deposit) setProblem(CHRISTMAS_STAFF_CANCEL_MESSAGES.depositChoice);
    else onConfirm({ upcoming: choice.upcoming, deposit: needsDeposit ? choice.deposit : null });
  }

  const scheduling = upcoming.length > 0 && choice.upcoming === 'erase-after-visit';
  const action = scheduling
    ? 'Schedule the erasure'
    : cancelling
      ? 'Cancel bookings and erase'
      : 'Erase for good';
  return (
    <form onSubmit={submit} noValidate>
      <h2 id={titleId} className="font-serif text-2xl">
        Erase this person’s data?
      </h2>
      {upcoming.length > 0 ? (
        <UpcomingQuestion upcoming={upcoming} choice={choice} onChoose={choose} />
      ) : null}
      {problem ? (
        <p role="alert" className={errorNote}>
          {problem}
        </p>
      ) : null}
      <p className="mt-4">
        <strong>What goes:</strong> {GUEST_DATA_MESSAGES.whatGoes}
      </p>
      <p className="mt-3">
        <strong>What stays:</strong> {GUEST_DATA_MESSAGES.whatStays}
        {kept ? ` Kept, anonymised: ${kept}.` : ''}
      </p>
      <p className="mt-3 font-semibold text-burgundy-800">This cannot be undone.</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button type="submit" disabled={erasing} className={`${eraseButton} min-h-12`}>
          {erasing ? (scheduling ? 'Scheduling…' : 'Erasing…') : action}
        </button>
        <button type="button" onClick={onCancel} className="btn-outline min-h-12 px-5 py-2.5">
          Keep it
        </button>
      </div>
    </form>
  );
}

function EraseDialog({
  open,
  data,
  erasing,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  data: GuestData;
  erasing: boolean;
  onCancel: () => void;
  onConfirm: (choice: EraseChoice) => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      labelledBy={titleId}
      className="card max-h-[calc(100dvh-2rem)] w-full max-w-xl overflow-y-auto p-6"
    >
      <EraseQuestion
        titleId={titleId}
        data={data}
        erasing={erasing}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}

/**
 * A guest's request (issue 19, owner only): find everything held about an e-mail address or a phone number,
 * download it as one file, or erase it.
 */
export function GuestDataPage() {
  useAdminTitle('Guests’ data');
  const inputId = useId();
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [search, setSearch] = useState<Search>({ status: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function find(q: string) {
    setSearch({ status: 'loading' });
    try {
      setSearch({ status: 'ready', q, data: await api.findGuest(q) });
    } catch (error) {
      setSearch({ status: 'failed', error: failureText(error, GUEST_DATA_MESSAGES.loadFailed) });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    if (!parseGuestQuery(text)) {
      setInputError(GUEST_DATA_MESSAGES.wrongQuery);
      return;
    }
    setInputError(null);
    void find(text.trim());
  }

  async function erase(q: string, choice: EraseChoice) {
    setErasing(true);
    try {
      const answer = await api.eraseGuest({ q, ...choice });
      setConfirming(false);
      setOutcome({ tone: 'success', text: outcomeText(answer) });
      await find(q);
    } catch (error) {
      setConfirming(false);
      setOutcome({ tone: 'error', text: failureText(error, GUEST_DATA_MESSAGES.eraseFailed) });
    }
    setErasing(false);
  }

  return (
    <div className="space-y-5">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Guests’ data</h1>
        <p className="mt-1 max-w-2xl text-ink-soft">
          When a guest asks what the pub holds about them, or asks for it to be erased: find it by the e-mail
          address or phone number they gave.
        </p>
      </div>

      <form onSubmit={submit} noValidate className="card flex flex-wrap items-end gap-3 p-4 sm:p-5">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={inputId} className="field-label">
            {GUEST_DATA_MESSAGES.searchLabel}
          </label>
          <input
            id={inputId}
            type="search"
            inputMode="email"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${inputId}-error` : undefined}
            className="field-input"
          />
          {inputError ? (
            <p id={`${inputId}-error`} className="mt-1 text-sm font-semibold text-burgundy-800">
              {inputError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className="btn-dark min-h-11 px-6 py-2.5"
          disabled={search.status === 'loading'}
        >
          Search
        </button>
      </form>

      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}

      {search.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Searching…
        </p>
      ) : search.status === 'failed' ? (
        <Notice tone="error">{search.error}</Notice>
      ) : search.status === 'ready' ? (
        guestRecordCount(search.data) === 0 ? (
          <p role="status" className="card p-5">
            {GUEST_DATA_MESSAGES.nothingHeld}
          </p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p role="status" className="font-semibold">
                {plural(guestRecordCount(search.data), 'record', 'records')} held about {search.q}
              </p>
              <div className="flex flex-wrap gap-3">
                <a href={api.exportHref(search.q)} download className={toolButton}>
                  Download as JSON
                </a>
                <button type="button" className={eraseButton} onClick={() => setConfirming(true)}>
                  Erase this person’s data
                </button>
              </div>
            </div>
            <GuestRecords data={search.data} />
            <EraseDialog
              open={confirming}
              data={search.data}
              erasing={erasing}
              onCancel={() => setConfirming(false)}
              onConfirm={(choice) => void erase(search.q, choice)}
            />
          </>
        )
      ) : null}
    </div>
  );
}
