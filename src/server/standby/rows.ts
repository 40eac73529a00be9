import type { standbyEntries, standbyOffers } from '#db/schema.ts';
import { partySize } from '#shared/booking/party.ts';
import type { BookingRequest } from '#shared/booking/schemas.ts';
import type { StaffStandbyEntry, StandbyEntryView, StandbyOfferView } from '#shared/standby/api.ts';
import type { StandbyOfferState } from '#shared/standby/status.ts';

export type StandbyEntryRow = typeof standbyEntries.$inferSelect;
export type StandbyOfferRow = typeof standbyOffers.$inferSelect;

/** An offer's state as its guest and staff see it: an OPEN offer past its time has run out, swept or not. */
export function offerStateAt(
  offer: Pick<StandbyOfferRow, 'state' | 'expiresAt'>,
  now: Date,
): StandbyOfferState {
  return offer.state === 'OPEN' && offer.expiresAt <= now ? 'EXPIRED' : offer.state;
}

export function entryPartySize(entry: Pick<StandbyEntryRow, 'partyAdults' | 'partyChildren'>): number {
  return partySize(entry.partyAdults, entry.partyChildren);
}

export function toEntryView(entry: StandbyEntryRow): StandbyEntryView {
  return {
    reference: entry.reference,
    date: entry.date,
    service: entry.service,
    windowStart: entry.windowStart,
    windowEnd: entry.windowEnd,
    partySize: entryPartySize(entry),
    name: entry.name,
    status: entry.status,
  };
}

export function toOfferView(offer: StandbyOfferRow, entry: StandbyEntryRow, now: Date): StandbyOfferView {
  return {
    date: offer.date,
    timeSlot: offer.timeSlot,
    partySize: entryPartySize(entry),
    name: entry.name,
    state: offerStateAt(offer, now),
    expiresAt: offer.expiresAt.toISOString(),
  };
}

export function toStaffEntry(
  entry: StandbyEntryRow,
  offers: readonly StandbyOfferRow[],
  bookingReference: string | null,
  now: Date,
): StaffStandbyEntry {
  return {
    id: entry.id,
    reference: entry.reference,
    date: entry.date,
    service: entry.service,
    windowStart: entry.windowStart,
    windowEnd: entry.windowEnd,
    partyAdults: entry.partyAdults,
    partyChildren: entry.partyChildren,
    partySize: entryPartySize(entry),
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    status: entry.status,
    source: entry.source,
    changedBy: entry.changedBy,
    bookingReference,
    joinedAt: entry.createdAt.toISOString(),
    offers: offers
      .filter((offer) => offer.entryId === entry.id)
      .map((offer) => ({
        id: offer.id,
        timeSlot: offer.timeSlot,
        state: offerStateAt(offer, now),
        expiresAt: offer.expiresAt.toISOString(),
        offeredBy: offer.offeredBy,
        createdAt: offer.createdAt.toISOString(),
      })),
  };
}

/** The booking a standby entry becomes at `timeSlot`: its party and contact details, nothing more said. */
export function bookingRequestOf(entry: StandbyEntryRow, timeSlot: string): BookingRequest {
  return {
    website: '',
    name: entry.name,
    email: entry.email,
    phone: entry.phone,
    date: entry.date,
    timeSlot,
    partyAdults: entry.partyAdults,
    partyChildren: entry.partyChildren,
    eventSlug: null,
    hasAccessibilityNeeds: false,
    accessibilityNotes: '',
    occasion: 'None',
    occasionNotes: '',
    allergies: '',
    specialNotes: '',
    marketingConsent: false,
  };
}
