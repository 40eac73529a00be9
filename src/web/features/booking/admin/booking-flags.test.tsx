import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { BookingFlags, GUEST_CANCELLED } from './booking-flags.tsx';

const booking = storedBookingFixture;

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
