import { partySize } from '../booking/party.ts';
import { formatPrice, poundsToPence } from '../money/money.ts';
import { formatLongDate } from '../time/london-time.ts';
import { countOf } from './courses.ts';
import { CHEESE_BOARD_ID } from './ids.ts';
import { refundDeadlineText } from './manage.ts';
import type { ChristmasSelections } from './schemas.ts';
import type { ChristmasDay } from './season-schema.ts';

export interface ChristmasAmounts {
  guests: number;
  cheeseBoards: number;
  /** Adults and children at their prices, plus the cheese board supplements. */
  totalPence: number;
  /** Paid online now. */
  depositPence: number;
  /** Paid at the pub on the day. */
  balancePence: number;
}

export function christmasAmounts(
  order: { partyAdults: number; partyChildren: number; selections: ChristmasSelections },
  season: Pick<ChristmasDay, 'prices'>,
): ChristmasAmounts {
  const { prices } = season;
  const guests = partySize(order.partyAdults, order.partyChildren);
  const cheeseBoards = countOf(order.selections, 'desserts', CHEESE_BOARD_ID);
  const totalPence =
    order.partyAdults * poundsToPence(prices.adult) +
    order.partyChildren * poundsToPence(prices.child) +
    cheeseBoards * poundsToPence(prices.cheeseBoardSupplement);
  const depositPence = guests * poundsToPence(prices.depositPerGuest);
  return { guests, cheeseBoards, totalPence, depositPence, balancePence: totalPence - depositPence };
}

/** What a booking still owes at the pub on the day: its total less the deposit it paid. */
export function balanceDuePence(booking: { totalPence: number; depositPaidPence: number }): number {
  return Math.max(0, booking.totalPence - booking.depositPaidPence);
}

/** The deposit terms, stated the same way on the form, the demo checkout and in the e-mail. */
export function christmasTerms(season: ChristmasDay): string[] {
  const { prices } = season;
  const price = (pounds: number) => formatPrice(poundsToPence(pounds));
  const [cutoffDate] = season.onlineCutoff.split('T') as [string];
  return [
    `Three courses at ${price(prices.adult)} per adult, with a glass of prosecco on arrival, and ` +
      `${price(prices.child)} per child, with a soft drink.`,
    `A deposit of ${price(prices.depositPerGuest)} per guest is paid now to secure your seats. ` +
      'It comes off your bill on the day.',
    'The deposit is non-refundable if you or your guests do not attend.',
    `If you cancel by ${refundDeadlineText(season)}, we refund your deposit in full; after that, it is kept.`,
    `The cheese board is ${price(prices.cheeseBoardSupplement)} extra per person.`,
    'The balance is paid at the pub on Christmas Day.',
    `Online orders close at the end of ${formatLongDate(cutoffDate).replace(/ \d{4}$/, '')}; ` +
      'we cannot take orders on Christmas Day itself.',
  ];
}
