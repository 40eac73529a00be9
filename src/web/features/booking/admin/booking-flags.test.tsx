import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredBooking } from '../../../../shared/booking/schemas.ts';
import { BookingFlags, GUEST_CANCELLED } from './booking-flags.tsx';

function booking(overrides: Partial<StoredBooking>): StoredBooking {
  return {
    _id: 'b1',
    reference: 'RC-ABC234',
    date: '2026-12-08',
    service: 'dinner',
    timeSlot: '19:00',
    name: 'Tom Adeyemi',
    email: 'tom@example.com',
    phone: '07700 900456',
    partyAdults: 2,
    partyChildren: 0,
    partySize: 2,
    status: 'CONFIRMED',
    source: 'online',
    eventSlug: null,
    cancelledBy: null,
    comingConfirmedAt: null,
    hasAccessibilityNeeds: false,
    accessibilityNotes: '',
    occasion: 'None',
    occasionNotes: '',
    allergies: '',
    specialNotes: '',
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}

describe('booking flags', () => {
  it('say when the guest cancelled the booking themselves, and not when staff did', () => {
    const { rerender } = render(
      <BookingFlags booking={booking({ status: 'CANCELLED', cancelledBy: 'guest' })} />,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent(GUEST_CANCELLED);
    rerender(<BookingFlags booking={booking({ status: 'CANCELLED', cancelledBy: 'staff' })} />);
    expect(screen.queryByText(GUEST_CANCELLED)).toBeNull();
  });
});
