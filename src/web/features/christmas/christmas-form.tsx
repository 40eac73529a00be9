import { type ReactNode, useEffect, useState } from 'react';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import { telephoneHref } from '#shared/content/venue.ts';
import { ReadyFieldset } from '#web/components/ready-fieldset.tsx';
import { FormMarketingConsent } from '#web/forms/consent-field.tsx';
import { FormContactFields } from '#web/forms/field-groups.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { SiteForm } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { useVenue } from '../content/site-content.tsx';
import * as api from './api.ts';
import { useSittingSeats } from './availability.ts';
import { FormChristmasNotesFields } from './christmas-notes-fields.tsx';
import { FormCourses } from './course-picker.tsx';
import { OrderSummary } from './order-summary.tsx';
import {
  checkoutRequest,
  EMPTY_PRE_ORDER,
  keepPreOrder,
  keptPreOrder,
  type PreOrderValues,
  preOrderState,
} from './pre-order.ts';
import { TableFields } from './table-fields.tsx';

const PRE_ORDER_FIELDS = Object.keys(EMPTY_PRE_ORDER) as (keyof PreOrderValues)[];

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5">
      <legend className="font-serif text-2xl text-green-900">
        <span className="mr-2 text-brass-600">{number}.</span>
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/** The Christmas Day pre-order (spec §2): contact, sitting, party, courses, notes; then to the payment page. */
export function ChristmasForm({ utmSource, season }: { utmSource: string | null; season: ChristmasSeason }) {
  const venue = useVenue();
  const seats = useSittingSeats(season);
  const known = seats.state.status === 'ready' ? seats.state.seats : null;
  /** The payment page is opening: nothing more is sent, unless Back brings this page back as it was. */
  const [leaving, setLeaving] = useState(false);
  const preOrder = useSiteForm({
    defaultValues: EMPTY_PRE_ORDER,
    validate: ruleResolver((values) => preOrderState(values, season, known, venue.phone).problem),
    send: async (values) => {
      try {
        const checkout = await api.startChristmasCheckout(checkoutRequest(values, utmSource));
        keepPreOrder(values);
        setLeaving(true);
        window.location.assign(checkout.url);
      } catch (error) {
        // The seats may have gone meanwhile: show the latest numbers.
        seats.reload();
        throw error;
      }
    },
    failure: CHRISTMAS_MESSAGES.failure,
  });
  const { reset, watch, clearErrors } = preOrder.form;
  const values = watch();
  const order = preOrderState(values, season, known, venue.phone);
  const allClosed = known !== null && season.sittings.every((sitting) => known[sitting.id].closed);

  // Back from the payment page: the order the guest took there, filled in again (after hydration, which the
  // server rendered empty). A page the browser kept whole is still filled in, and takes the order again.
  useEffect(() => {
    const kept = keptPreOrder();
    if (kept) reset(kept);
    const backFromPayment = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', backFromPayment);
    return () => window.removeEventListener('pageshow', backFromPayment);
  }, [reset]);

  // The rules name the first problem of the whole order, which any change may mend: it goes with any change.
  useEffect(() => {
    const { unsubscribe } = watch((_, { name }) => {
      if (name) clearErrors(PRE_ORDER_FIELDS);
    });
    return unsubscribe;
  }, [watch, clearErrors]);

  return (
    <SiteForm
      form={preOrder}
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

          <Section number={1} title="Your details">
            <FormContactFields emailHint="Your confirmation and receipt go here." />
          </Section>

          <Section number={2} title="Your table">
            <TableFields
              season={season}
              seats={seats.state}
              partyLimit={order.partyLimit}
              amounts={order.amounts}
            />
          </Section>

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
            <FormCourses season={season} guests={order.amounts.guests} />
          </div>

          <Section number={4} title="Anything we should know?">
            <FormChristmasNotesFields />
          </Section>

          <FormMarketingConsent />
        </div>

        <OrderSummary
          season={season}
          sitting={season.sittings.find((sitting) => sitting.id === values.session)}
          order={order}
          closed={allClosed}
          leaving={leaving}
        />
      </ReadyFieldset>
    </SiteForm>
  );
}
