import { guestCountFromInput, partySize, partyToShow } from '#shared/booking/party.ts';
import { type ChristmasAmounts, christmasAmounts } from '#shared/christmas/amounts.ts';
import type { ChristmasAvailability, ChristmasCheckoutRequest } from '#shared/christmas/checkout-schemas.ts';
import { type DishCounts, NO_DISHES, selectionsFromCounts } from '#shared/christmas/courses.ts';
import { COURSES } from '#shared/christmas/ids.ts';
import type { ChristmasSeason } from '#shared/christmas/season-schema.ts';
import {
  type ChristmasField,
  type ChristmasProblem,
  checkChristmasOrder,
  onlineLimitProblem,
  seatsShortProblem,
} from '#shared/christmas/validation.ts';
import * as api from './api.ts';

/** Everything the pre-order asks but the dishes: who, which sitting, how many, notes, news. */
interface PreOrderDetails {
  name: string;
  phone: string;
  email: string;
  session: string;
  /** As typed, so a blank or a stray letter is the rules' to refuse. */
  partyAdults: string;
  partyChildren: string;
  occasionNotes: string;
  allergies: string;
  specialNotes: string;
  marketingConsent: boolean;
}

/** The Christmas pre-order as its form keeps it: the guest's details and, per course, how many of each dish. */
export type PreOrderValues = PreOrderDetails & DishCounts;

const EMPTY_DETAILS: PreOrderDetails = {
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

export const EMPTY_PRE_ORDER: PreOrderValues = { ...EMPTY_DETAILS, ...NO_DISHES };

/** The fields of the pre-order a problem of the order's rules can name (the deposit method is the staff's). */
type PreOrderField = Exclude<ChristmasField, 'depositMethod'>;

type PreOrderProblem = ChristmasProblem & { field: PreOrderField };

export interface PreOrderState {
  /** What the party as entered already rules out, said beside it at once, before a dish is counted. */
  partyLimit: ChristmasProblem | null;
  /** The first thing still to do before the payment page; null when the order can go. */
  problem: PreOrderProblem | null;
  /** The party as the running totals count it. */
  party: { partyAdults: number; partyChildren: number };
  amounts: ChristmasAmounts;
}

const isCourse = (field: ChristmasField) => (COURSES as readonly string[]).includes(field);

/**
 * Where the pre-order stands, by the rules the checkout runs (`checkChristmasOrder`) with what is known of the
 * seats. The shared check counts the dishes before the seats (spec §5); here the party's limit comes first,
 * so no guest counts out mains for seats that are not there.
 */
export function preOrderState(
  values: PreOrderValues,
  season: ChristmasSeason,
  seats: ChristmasAvailability | null,
  pubPhone: string,
): PreOrderState {
  const partyAdults = guestCountFromInput(values.partyAdults);
  const partyChildren = guestCountFromInput(values.partyChildren);
  const selections = selectionsFromCounts(values);
  const chosenSitting = season.sittings.find((sitting) => sitting.id === values.session);
  const chosenSeats = chosenSitting && seats?.[chosenSitting.id];
  const entered = partySize(partyAdults, partyChildren);
  const partyLimit =
    onlineLimitProblem(entered, pubPhone) ??
    (chosenSeats?.closed ? null : seatsShortProblem(entered, chosenSeats));
  const checked = checkChristmasOrder(
    { ...values, partyAdults, partyChildren, selections },
    season,
    seats,
    pubPhone,
  );
  const problem = partyLimit && checked && isCourse(checked.field) ? partyLimit : checked;
  const party = partyToShow(partyAdults, partyChildren);
  return {
    partyLimit,
    // The guest's order is never asked how a deposit was taken: only staff's is.
    problem: problem as PreOrderProblem | null,
    party,
    amounts: christmasAmounts({ ...party, selections }, season),
  };
}

/** The order the checkout takes (spec §3 "Christmas checkout payload"), from the form's values as typed. */
export function checkoutRequest(values: PreOrderValues, utmSource: string | null): ChristmasCheckoutRequest {
  return {
    session: values.session,
    partyAdults: guestCountFromInput(values.partyAdults),
    partyChildren: guestCountFromInput(values.partyChildren),
    selections: selectionsFromCounts(values),
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    allergies: values.allergies.trim(),
    occasionNotes: values.occasionNotes.trim(),
    specialNotes: values.specialNotes.trim(),
    marketingConsent: values.marketingConsent,
    utmSource,
  };
}

/** Keeps the pre-order in this tab for Back from the payment page: the details, and the dishes apart. */
export function keepPreOrder({ starters, mains, desserts, ...details }: PreOrderValues): void {
  api.keepCheckoutDraft({ values: details, counts: { starters, mains, desserts } });
}

/** The pre-order kept in this tab, filled in over an empty one; null when none was kept. */
export function keptPreOrder(): PreOrderValues | null {
  const draft = api.checkoutDraft(EMPTY_DETAILS);
  return draft ? { ...draft.values, ...draft.counts } : null;
}
