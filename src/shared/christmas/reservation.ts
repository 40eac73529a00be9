import type { ChristmasSelections } from './courses.ts';
import type { SittingId } from './ids.ts';

/** Spec §4 "Pending reservation state", as GET /api/christmas/pending/:pid answers it. */
export const RESERVATION_STATES = ['PENDING', 'PAID_AWAITING', 'PAID_CONFIRMED', 'CANCELLED'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** What the success page shows of a confirmed booking. */
export interface ChristmasConfirmation {
  reference: string;
  sittingId: SittingId;
  sittingLabel: string;
  partyAdults: number;
  partyChildren: number;
  selections: ChristmasSelections;
  depositPaidPence: number;
  totalPence: number;
  balanceDuePence: number;
  email: string;
}

export interface PendingStatus {
  state: ReservationState;
  reference?: string;
  confirmation?: ChristmasConfirmation;
}

/** What the demo checkout page shows: the amount, the party and the sitting. */
export interface DemoCheckoutDetails {
  state: ReservationState;
  sittingLabel: string;
  date: string;
  partyAdults: number;
  partyChildren: number;
  depositPerGuestPence: number;
  depositPence: number;
  totalPence: number;
  email: string;
  expiresAt: string;
  cancelUrl: string;
}
