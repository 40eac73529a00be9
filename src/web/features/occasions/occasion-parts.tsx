import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatPrice } from '#shared/money/money.ts';
import type { OccasionPage } from '#shared/occasions/api.ts';
import { isTicketed } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionCourse } from '#shared/occasions/schema.ts';
import { plural } from '#shared/text/plural.ts';
import { formatLongDate, formatTimeRange } from '#shared/time/london-time.ts';
import { AllergenLine } from '#web/components/allergen-line.tsx';
import { adultPriceText, monthOf, paragraphs, payNowText } from './occasion-words.ts';

type OccasionDate = OccasionPage['dates'][number];
type SittingSeats = OccasionDate['sittings'][number];

/** The occasion's banner: its name and line, and the offer in a few facts. */
export function OccasionHero({ page }: { page: OccasionPage }) {
  const { occasion, dates } = page;
  const first = dates[0]?.date;
  const last = dates.at(-1)?.date;
  const when =
    first && last && first !== last
      ? `${formatLongDate(first)} to ${formatLongDate(last)}`
      : first
        ? formatLongDate(first)
        : null;
  const facts = [
    occasion.prices.childPence === null
      ? adultPriceText(occasion)
      : `${adultPriceText(occasion)} · children ${formatPrice(occasion.prices.childPence)}`,
    occasion.sittings
      .map((sitting) => `${sitting.label} ${formatTimeRange(sitting.start, sitting.end)}`)
      .join(' · '),
    occasion.payment.kind === 'deposit'
      ? `${formatPrice(occasion.payment.perPersonPence)} deposit ${isTicketed(occasion) ? 'a ticket' : 'a head'}`
      : occasion.payment.kind === 'full'
        ? 'Paid in full when you book'
        : 'Pay on the day',
  ];
  return (
    <section className="pattern-tiles text-cream-50">
      <div className="bg-gradient-to-br from-burgundy-800/95 via-green-900/90 to-green-900/95">
        <div className="container-page py-14 sm:py-20">
          <p className="eyebrow text-brass-300">
            <Link to="/events" className="text-brass-300 no-underline hover:underline">
              What’s on
            </Link>
            {when ? <span className="text-cream-100"> · {when}</span> : null}
          </p>
          <h1 className="mt-2 font-serif text-4xl text-cream-50 sm:text-5xl lg:text-6xl">{occasion.name}</h1>
          <p className="mt-4 max-w-2xl text-lg text-cream-100">{occasion.summary}</p>
          <ul className="mt-8 flex flex-wrap gap-2.5 text-sm font-semibold">
            {facts.map((fact) => (
              <li
                key={fact}
                className="rounded-full border border-brass-300/40 bg-green-950/40 px-4 py-1.5 text-cream-50"
              >
                {fact}
              </li>
            ))}
          </ul>
          <a href="#occasion-book" className="btn-primary mt-8">
            {isTicketed(occasion) ? 'Buy tickets' : 'Book your table'}
          </a>
        </div>
      </div>
    </section>
  );
}

function CardSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-8">
      <h2 id={id} className="font-serif text-2xl text-green-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The occasion's own words, paragraph by paragraph. */
export function OccasionAbout({ occasion }: { occasion: Occasion }) {
  return (
    <div className="space-y-4 text-lg leading-relaxed">
      {paragraphs(occasion.description).map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

function seatsText(seats: SittingSeats, bookable: boolean): string {
  if (seats.closed) return 'Closed';
  if (seats.remaining <= 0) return 'Fully booked';
  if (!bookable) return 'Online booking closed';
  return `${plural(seats.remaining, 'seat', 'seats')} left`;
}

/** Every date to come, month by month, each sitting with its times and the seats it has left. */
export function OccasionDates({ page }: { page: OccasionPage }) {
  const { occasion, dates } = page;
  const months = new Map<string, OccasionDate[]>();
  for (const date of dates) {
    const month = monthOf(date.date);
    months.set(month, [...(months.get(month) ?? []), date]);
  }
  return (
    <CardSection title="Dates" id="occasion-dates">
      {dates.length === 0 ? (
        <p>There are no dates to come just now.</p>
      ) : (
        <div className="space-y-6">
          {[...months].map(([month, days]) => (
            <section key={month} aria-label={month}>
              <h3 className="eyebrow text-brass-700">{month}</h3>
              <ul className="mt-2 divide-y divide-cream-200">
                {days.map((day) => (
                  <li key={day.date} className="py-3">
                    <p className="font-semibold text-green-900">
                      <time dateTime={day.date}>{formatLongDate(day.date)}</time>
                    </p>
                    <ul className="mt-1 space-y-0.5 text-[0.95rem]">
                      {day.sittings.map((seats) => {
                        const sitting = occasion.sittings.find((each) => each.id === seats.sittingId);
                        if (!sitting) return null;
                        const open = day.bookable && !seats.closed && seats.remaining > 0;
                        return (
                          <li key={seats.sittingId} className="flex flex-wrap justify-between gap-x-4">
                            <span>
                              {sitting.label} {formatTimeRange(sitting.start, sitting.end)}
                            </span>
                            <span className={open ? 'text-green-700' : 'font-semibold text-burgundy-700'}>
                              {seatsText(seats, day.bookable)}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </CardSection>
  );
}

function CourseBlock({ course }: { course: OccasionCourse }) {
  const fallback = course.dishes.find((dish) => dish.id === course.defaultDishId);
  return (
    <section aria-labelledby={`course-${course.id}`}>
      <h3 id={`course-${course.id}`} className="rule-ornament text-center font-serif text-2xl">
        <span className="text-green-900">{course.name}</span>
      </h3>
      <ul className="mt-3 divide-y divide-cream-200">
        {course.dishes.map((dish) => (
          <li key={dish.id} className="py-3">
            <p className="font-serif text-[1.08rem] font-semibold text-green-900">
              {dish.name}
              {dish.supplementPence > 0 ? (
                <span className="ml-2 inline-block rounded-full bg-brass-300/50 px-2 py-0.5 align-middle font-sans text-xs font-semibold text-brass-700">
                  +{formatPrice(dish.supplementPence)} supplement
                </span>
              ) : null}
            </p>
            {dish.description ? <p className="mt-0.5 text-ink-soft">{dish.description}</p> : null}
            <AllergenLine allergens={dish.allergens} />
          </li>
        ))}
      </ul>
      {fallback ? (
        <p className="mt-1 text-sm text-ink-soft">
          {course.optional ? 'You may go without this course. ' : ''}Not chosen by the deadline:{' '}
          {fallback.name}.
        </p>
      ) : null}
    </section>
  );
}

/** The set menu, course by course: each dish, what is in it, its allergens and any supplement. */
export function OccasionMenu({ occasion }: { occasion: Occasion }) {
  if (isTicketed(occasion)) return null;
  return (
    <CardSection title="The menu" id="occasion-menu">
      <p className="text-ink-soft">
        Each guest chooses one dish of every course before the deadline, from their own link or through you.
      </p>
      <div className="mt-6 space-y-8">
        {occasion.courses.map((course) => (
          <CourseBlock key={course.id} course={course} />
        ))}
      </div>
    </CardSection>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt>{term}</dt>
      <dd className="text-right font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** The prices, what is paid now and the terms: shown before anything is paid. */
export function OccasionTerms({ occasion }: { occasion: Occasion }) {
  const ticketed = isTicketed(occasion);
  const { prices, payment } = occasion;
  return (
    <CardSection title="Prices & terms" id="occasion-terms">
      <dl className="divide-y divide-cream-200 border-y border-cream-200">
        <Fact term={ticketed ? 'A ticket' : 'An adult'}>{formatMoney(prices.adultPence)}</Fact>
        {prices.childPence === null ? null : <Fact term="A child">{formatMoney(prices.childPence)}</Fact>}
        <Fact term="Paid when you book">
          {payment.kind === 'deposit'
            ? `${formatMoney(payment.perPersonPence)} ${ticketed ? 'a ticket' : 'a head'}`
            : payment.kind === 'full'
              ? 'The full price'
              : 'Nothing'}
        </Fact>
        <Fact term="Parties online">
          {occasion.party.minOnline === occasion.party.maxOnline
            ? occasion.party.minOnline
            : `${occasion.party.minOnline} to ${occasion.party.maxOnline}`}
        </Fact>
      </dl>
      <p className="mt-4 font-semibold text-green-900">{payNowText(occasion)}</p>
      <div className="mt-3 space-y-3 text-[0.95rem] text-ink-soft">
        {paragraphs(occasion.terms).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </CardSection>
  );
}
