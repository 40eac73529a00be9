import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMING_MESSAGES } from '#shared/manage/coming.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { BookingDrawer } from './booking-drawer.tsx';
import { ServiceSection } from './service-section.tsx';

const TUESDAY = '2026-12-08';

const booking = storedBookingFixture;

const ignore = () => {};

describe('the "Yes, we’re coming" tick staff see', () => {
  it('marks the day view’s row of each guest who confirmed, and only theirs', () => {
    render(
      <ServiceSection
        date={TUESDAY}
        settings={seedContent['booking-settings']}
        specialDates={[]}
        service="dinner"
        scheduled
        bookings={[
          booking({ _id: 'b1', name: 'Tom Adeyemi', comingConfirmedAt: '2026-12-07T09:30:00.000Z' }),
          booking({ _id: 'b2', name: 'Ada Okafor', timeSlot: '19:30' }),
        ]}
        slots={[]}
        closure={undefined}
        onToggleClosure={ignore}
        onStatusChange={ignore}
        onOpen={ignore}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    const [tom, ada] = rows;
    expect(within(tom as HTMLElement).getByText(COMING_MESSAGES.staffTickLabel)).toBeInTheDocument();
    expect(tom).toHaveTextContent(COMING_MESSAGES.staffTick);
    expect(within(ada as HTMLElement).queryByText(COMING_MESSAGES.staffTickLabel)).not.toBeInTheDocument();
    expect(ada).not.toHaveTextContent('✓');
  });

  it('shows in the booking’s panel with when the guest answered', () => {
    const { rerender } = render(
      <BookingDrawer
        booking={booking({ comingConfirmedAt: '2026-12-07T09:30:00.000Z' })}
        onClose={ignore}
        onStatusChange={ignore}
        onChanged={ignore}
      />,
    );
    const panel = screen.getByRole('dialog', { name: 'Tom Adeyemi' });
    expect(within(panel).getByText(COMING_MESSAGES.staffTickLabel)).toBeInTheDocument();
    expect(panel).toHaveTextContent('Monday 7 December 2026, 9:30am');

    rerender(
      <BookingDrawer booking={booking({})} onClose={ignore} onStatusChange={ignore} onChanged={ignore} />,
    );
    expect(screen.queryByText(COMING_MESSAGES.staffTickLabel)).not.toBeInTheDocument();
  });
});
