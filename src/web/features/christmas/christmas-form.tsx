import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { guestCountFromInput, partySize, partyToShow } from '#shared/booking/party.ts';
import { BOOKING_FIELD_LIMITS } from '#shared/booking/validation.ts';
import { christmasAmounts } from '#shared/christmas/amounts.ts';
import { selectionsFromCounts } from '#shared/christmas/courses.ts';
import { COURSES } from '#shared/christmas/ids.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import { MAX_ONLINE_CHRISTMAS_PARTY } from '#shared/christmas/online-limit.ts';
import type { ChristmasAvailability, SittingAvailability } from '#shared/christmas/schemas.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import {
  type ChristmasField,
  checkChristmasOrder,
  onlineLimitProblem,
  seatsShortProblem,
} from '#shared/christmas/validation.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { formatMoney, poundsToPence } from '#shared/money/money.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate } from '#shared/time/london-time.ts';
import { ContactFields, TextAreaField, TextField } from '#web/components/form-fields.tsx';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { failureText } from '#web/lib/api.ts';
import { useVenue } from '../content/site-content.tsx';
import { MarketingConsentField } from '../privacy/privacy-fields.tsx';
import * as api from './api.ts';
import { loadChristmasAvailability } from './availability.ts';
import { ChristmasTerms } from './christmas-terms.tsx';
import { CoursePicker } from './course-picker.tsx';
import { useDishCounts } from './use-dish-counts.ts';

type AvailabilityState =
  | { status: 'loading' }
  | { status: 'ready'; seats: ChristmasAvailability }
  | { status: 'failed' };

interface FormValues {
  name: string;
  phone: string;
  email: string;
  session: string;
  partyAdults: string;
  partyChildren: string;
  occasionNotes: string;
  allergies: string;
  specialNotes: string;
  marketingConsent: boolean;
}

const EMPTY_FORM: FormValues = {
  name: '',
  phone: '',
  email: '',
  session: '',
  partyAdults: '2',
  partyChildren: '0',
  occasionNotes: '',
  allergies: '',
  specialNotes: '',
  marketingConsent: false,
};

function seatsText(seats: SittingAvailability | undefined, state: AvailabilityState['status']): string {
  if (state === 'loading') return ' — checking…';
  if (!seats) return '';
  if (seats.closed) return ' — Closed';
  if (seats.remaining <= 0) return ' — Full';
  return ` — ${plural(seats.remaining, 'seat', 'seats')} left`;
}

function loadAvailability(
  season: ChristmasSeason,
  set: (state: AvailabilityState) => void,
  signal?: AbortSignal,
): void {
  loadChristmasAvailability(season, signal).then((seats) => {
    if (!signal?.aborted) set(seats ? { status: 'ready', seats } : { status: 'failed' });
  });
}

/** The Christmas Day pre-order (spec §2): contact, sitting, party, courses, notes; then to the payment page. */
export function ChristmasForm({ utmSource, season }: { utmSource: string | null; season: ChristmasSeason }) {
  const id = useId();
  const venue = useVenue();
  const fieldId = (name: string) => `${id}-${name}`;
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const { counts, setCount, setCounts } = useDishCounts(() => setShownProblem(null));
  const [availability, setAvailability] = useState<AvailabilityState>({ status: 'loading' });
  const [shownProblem, setShownProblem] = useState<{ message: string; field: ChristmasField } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { menu, prices, sittings } = season;

  // Back from the payment page: the order the guest took there, filled in again (after hydration, which the
  // server rendered empty). A page the browser kept whole is still filled in, but was left sending.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is read once, when the form opens
  useEffect(() => {
    const draft = api.checkoutDraft(EMPTY_FORM);
    if (draft) {
      setValues(draft.values);
      setCounts(draft.counts);
    }
    const backFromPayment = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', backFromPayment);
    return () => window.removeEventListener('pageshow', backFromPayment);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the seats are loaded once, for the season the page opened with
  useEffect(() => {
    const controller = new AbortController();
    loadAvailability(season, setAvailability, controller.signal);
    return () => controller.abort();
  }, []);

  const seats = availability.status === 'ready' ? availability.seats : null;
  const allClosed = seats !== null && sittings.every((sitting) => seats[sitting.id].closed);
  const partyAdults = guestCountFromInput(values.partyAdults);
  const partyChildren = guestCountFromInput(values.partyChildren);
  const selections = selectionsFromCounts(counts);
  const order = {
    name: values.name,
    phone: values.phone,
    email: values.email,
    session: values.session,
    partyAdults,
    partyChildren,
    selections,
  };
  // What the party as entered already rules out, said beside it at once, before a dish is counted.
  const partyEntered = partySize(partyAdults, partyChildren);
  const chosenSitting = sittings.find((sitting) => sitting.id === values.session);
  const chosenSeats = chosenSitting && seats?.[chosenSitting.id];
  const partyLimit =
    onlineLimitProblem(partyEntered, venue.phone) ??
    (chosenSeats?.closed ? null : seatsShortProblem(partyEntered, chosenSeats));
  const checked = checkChristmasOrder(order, season, seats, venue.phone);
  // The shared check counts the dishes before the seats (spec §5); here the party's limit comes first,
  // so no guest counts out mains for seats that are not there.
  const problem =
    partyLimit && checked && (COURSES as readonly string[]).includes(checked.field) ? partyLimit : checked;
  const shownParty = partyToShow(partyAdults, partyChildren);
  const amounts = christmasAmounts({ ...shownParty, selections }, season);
  const { guests } = amounts;
  const blocked = problem !== null || sending || allClosed;

  function update<K extends keyof FormValues>(name: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setShownProblem(null);
  }

  function focusField(field: ChristmasField) {
    const target = formRef.current?.querySelector<HTMLElement>(
      (COURSES as readonly string[]).includes(field)
        ? `#${CSS.escape(fieldId(field))} button:not(:disabled)`
        : `#${CSS.escape(fieldId(field))}`,
    );
    target?.focus();
  }

  async function handleSubmit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (sending || allClosed) return;
    setFailure(null);
    if (problem) {
      setShownProblem({ message: problem.message, field: problem.field });
      focusField(problem.field);
      return;
    }
    setSending(true);
    try {
      const checkout = await api.startChristmasCheckout({
        ...order,
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        allergies: values.allergies.trim(),
        occasionNotes: values.occasionNotes.trim(),
        specialNotes: values.specialNotes.trim(),
        marketingConsent: values.marketingConsent,
        utmSource,
      });
      api.keepCheckoutDraft({ values, counts });
      window.location.assign(checkout.url);
    } catch (error) {
      setSending(false);
      setFailure(failureText(error, CHRISTMAS_MESSAGES.failure));
      // The seats may have gone meanwhile: show the latest numbers.
      loadAvailability(season, setAvailability);
      requestAnimationFrame(() => failureRef.current?.focus());
    }
  }

  const invalid = (field: ChristmasField) => shownProblem?.field === field;
  const errorId = fieldId('error');
  const hintId = fieldId('hint');
  const describedBy = (field: ChristmasField) => (invalid(field) ? errorId : undefined);
  const partyLimitId = fieldId('party-limit');
  const partyDescription = (field?: ChristmasField) =>
    [field && describedBy(field), partyLimit ? partyLimitId : undefined, fieldId('party-note')]
      .filter(Boolean)
      .join(' ');
  const depositPerGuest = formatMoney(poundsToPence(prices.depositPerGuest));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit}
      aria-label="Christmas Day pre-order"
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <ReadyFieldset className="contents">
        <div className="card space-y-10 p-4 sm:p-10">
          {allClosed ? (
            <p
              role="status"
              className="rounded-xl border border-burgundy-700 bg-burgundy-700/10 p-5 font-semibold text-burgundy-800"
            >
              Online orders for Christmas Day have now closed. Please call us on{' '}
              <a href={telephoneHref(venue.phone)} className="link">
                {venue.phone}
              </a>{' '}
              — we may still be able to find you a table.
            </p>
          ) : null}

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">
              <span className="mr-2 text-brass-600">1.</span>Your details
            </legend>
            <ContactFields
              idOf={fieldId}
              values={values}
              invalidField={shownProblem?.field}
              errorId={errorId}
              emailHint="Your confirmation and receipt go here."
              onChange={update}
            />
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">
              <span className="mr-2 text-brass-600">2.</span>Your table
            </legend>
            <div>
              <label htmlFor={fieldId('session')} className="field-label">
                Sitting <span aria-hidden="true">*</span>
              </label>
              <select
                id={fieldId('session')}
                required
                value={values.session}
                aria-invalid={invalid('session') || undefined}
                aria-describedby={
                  describedBy('session') ??
                  (availability.status === 'failed' ? fieldId('seats-note') : undefined)
                }
                onChange={(change) => update('session', change.target.value)}
                className="field-input"
              >
                <option value="">Choose a sitting</option>
                {sittings.map((sitting) => {
                  const sittingSeats = seats?.[sitting.id];
                  const unavailable = sittingSeats
                    ? sittingSeats.closed || sittingSeats.remaining <= 0
                    : false;
                  return (
                    <option key={sitting.id} value={sitting.id} disabled={unavailable}>
                      {sitting.label}
                      {seatsText(sittingSeats, availability.status)}
                    </option>
                  );
                })}
              </select>
              {availability.status === 'failed' ? (
                <p id={fieldId('seats-note')} className="mt-1.5 text-sm text-ink-soft">
                  We couldn’t check the seats just now; we’ll check them when you continue to payment.
                </p>
              ) : null}
            </div>
            <div className="grid grid-cols-2 gap-5">
              <div>
                <label htmlFor={fieldId('partyAdults')} className="field-label">
                  Adults{' '}
                  <span className="font-normal text-ink-soft">
                    ({formatMoney(poundsToPence(prices.adult))})
                  </span>
                </label>
                <input
                  id={fieldId('partyAdults')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_ONLINE_CHRISTMAS_PARTY}
                  value={values.partyAdults}
                  aria-invalid={invalid('partyAdults') || undefined}
                  aria-describedby={partyDescription('partyAdults')}
                  onChange={(change) => update('partyAdults', change.target.value)}
                  className="field-input"
                />
              </div>
              <div>
                <label htmlFor={fieldId('partyChildren')} className="field-label">
                  Children{' '}
                  <span className="font-normal text-ink-soft">
                    ({formatMoney(poundsToPence(prices.child))})
                  </span>
                </label>
                <input
                  id={fieldId('partyChildren')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_ONLINE_CHRISTMAS_PARTY}
                  value={values.partyChildren}
                  aria-describedby={partyDescription()}
                  onChange={(change) => update('partyChildren', change.target.value)}
                  className="field-input"
                />
              </div>
            </div>
            <div>
              <div id={partyLimitId} aria-live="polite">
                {partyLimit ? (
                  <p className="mb-3 rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800">
                    {partyLimit.message}
                  </p>
                ) : null}
              </div>
              <p id={fieldId('party-note')} className="text-sm text-ink-soft">
                Parties of more than {MAX_ONLINE_CHRISTMAS_PARTY}: please{' '}
                <a href={telephoneHref(venue.phone)} className="link">
                  call us on {venue.phone}
                </a>{' '}
                so we can seat you together.
              </p>
            </div>
            <p
              className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-green-800 px-4 py-3 text-cream-50"
              aria-live="polite"
            >
              <span>
                Deposit today{' '}
                <span className="text-cream-200">
                  ({plural(guests, 'guest', 'guests')} × {depositPerGuest})
                </span>
              </span>
              <strong className="font-serif text-2xl tabular-nums text-brass-300">
                {formatMoney(amounts.depositPence)}
              </strong>
            </p>
          </fieldset>

          <div className="space-y-5">
            <div>
              <h2 className="font-serif text-2xl text-green-900">
                <span className="mr-2 text-brass-600">3.</span>Your pre-order
              </h2>
              <p className="mt-1 text-ink-soft">
                One main for every guest; starters and desserts are up to one each. On the day, we’ll simply
                ask who’s having what.
              </p>
            </div>
            {COURSES.map((course) => (
              <div key={course} id={fieldId(course)}>
                <CoursePicker
                  course={course}
                  dishes={menu[course]}
                  counts={counts[course]}
                  guests={guests}
                  supplement={prices.cheeseBoardSupplement}
                  invalid={invalid(course)}
                  describedBy={describedBy(course)}
                  onChange={(item, count) => setCount(course, item, count)}
                />
              </div>
            ))}
          </div>

          <fieldset className="space-y-5">
            <legend className="font-serif text-2xl text-green-900">
              <span className="mr-2 text-brass-600">4.</span>Anything we should know?
            </legend>
            <TextAreaField
              id={fieldId('allergies')}
              label="Allergies"
              rows={2}
              maxLength={BOOKING_FIELD_LIMITS.allergies}
              value={values.allergies}
              hint="Please tell us about any allergies or intolerances, and who they are for."
              onValue={(value) => update('allergies', value)}
            />
            <TextField
              id={fieldId('occasionNotes')}
              label="Occasion Notes"
              maxLength={BOOKING_FIELD_LIMITS.occasionNotes}
              value={values.occasionNotes}
              placeholder="e.g. Grandad’s first Christmas out"
              onValue={(value) => update('occasionNotes', value)}
            />
            <TextAreaField
              id={fieldId('specialNotes')}
              label="Special Notes"
              rows={3}
              maxLength={BOOKING_FIELD_LIMITS.specialNotes}
              value={values.specialNotes}
              placeholder="e.g. a high chair, a table away from the door"
              onValue={(value) => update('specialNotes', value)}
            />
          </fieldset>

          <MarketingConsentField
            id={fieldId('marketingConsent')}
            checked={values.marketingConsent}
            onChange={(checked) => update('marketingConsent', checked)}
          />
        </div>

        <aside className="flex flex-col gap-5 lg:sticky lg:top-24" aria-label="Your order">
          <div className="overflow-hidden rounded-2xl border border-brass-500/40 bg-white shadow-[0_12px_30px_-18px_rgba(18,38,28,0.45)]">
            <div className="pattern-tiles">
              <div className="bg-gradient-to-br from-burgundy-800/95 to-green-900/90 px-6 py-5 text-cream-50">
                <p className="eyebrow text-brass-300">Your order</p>
                <p className="mt-1 font-serif text-2xl text-cream-50">
                  {sittings.find((sitting) => sitting.id === values.session)?.label ?? 'Christmas Day'}
                </p>
                <p className="text-sm text-cream-100">{formatLongDate(season.date)}</p>
              </div>
            </div>
            <dl className="space-y-2 px-6 py-5 text-[0.95rem]">
              <div className="flex justify-between gap-4">
                <dt>
                  {plural(shownParty.partyAdults, 'adult', 'adults')} ×{' '}
                  {formatMoney(poundsToPence(prices.adult))}
                </dt>
                <dd className="tabular-nums">
                  {formatMoney(shownParty.partyAdults * poundsToPence(prices.adult))}
                </dd>
              </div>
              {shownParty.partyChildren > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt>
                    {plural(shownParty.partyChildren, 'child', 'children')} ×{' '}
                    {formatMoney(poundsToPence(prices.child))}
                  </dt>
                  <dd className="tabular-nums">
                    {formatMoney(shownParty.partyChildren * poundsToPence(prices.child))}
                  </dd>
                </div>
              ) : null}
              {amounts.cheeseBoards > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt>
                    {plural(amounts.cheeseBoards, 'cheese board', 'cheese boards')} ×{' '}
                    {formatMoney(poundsToPence(prices.cheeseBoardSupplement))}
                  </dt>
                  <dd className="tabular-nums">
                    {formatMoney(amounts.cheeseBoards * poundsToPence(prices.cheeseBoardSupplement))}
                  </dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4 border-t border-cream-200 pt-2 font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatMoney(amounts.totalPence)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-green-800">
                <dt className="font-semibold">Deposit to pay now</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(amounts.depositPence)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-ink-soft">
                <dt>Balance due on the day</dt>
                <dd className="tabular-nums">{formatMoney(amounts.balancePence)}</dd>
              </div>
            </dl>
            <div className="space-y-3 border-t border-cream-200 bg-cream-50 px-6 py-5">
              <div ref={failureRef} tabIndex={-1} className="focus:outline-none">
                {failure ? (
                  <p
                    role="alert"
                    className="rounded-lg bg-burgundy-700 px-4 py-3 font-semibold text-cream-50"
                  >
                    {failure}
                  </p>
                ) : null}
              </div>
              {shownProblem ? (
                <p
                  id={errorId}
                  role="alert"
                  className="rounded-lg border-l-4 border-burgundy-700 bg-burgundy-700/10 px-4 py-3 font-semibold text-burgundy-800"
                >
                  {shownProblem.message}
                </p>
              ) : null}
              <button
                type="submit"
                className="btn-primary w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                aria-disabled={blocked || undefined}
                aria-describedby={problem && !shownProblem && !allClosed ? hintId : undefined}
              >
                {sending ? 'Starting checkout…' : 'Pay Deposit & Confirm'}
              </button>
              {problem && !shownProblem && !allClosed ? (
                <p id={hintId} className="text-center text-sm text-ink-soft">
                  Still to do: {problem.message}
                </p>
              ) : (
                <p className="text-center text-sm text-ink-soft">
                  You’ll pay securely on the next page. Your seats are held for 30 minutes while you do.
                </p>
              )}
            </div>
          </div>
          {/* On a phone the terms come before the button; beside the form they sit under it. */}
          <ChristmasTerms className="order-first lg:order-none" />
        </aside>
      </ReadyFieldset>
    </form>
  );
}
