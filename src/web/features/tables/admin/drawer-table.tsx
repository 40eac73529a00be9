import { useCallback, useState } from 'react';
import type { StoredBooking } from '#shared/booking/schemas.ts';
import { useLoaded } from '#web/components/load-state.tsx';
import { useContent } from '#web/features/content/use-content.ts';
import { Notice } from '#web/features/staff/notice.tsx';
import { FLOOR_MESSAGES } from './floor-messages.ts';
import { placeOf } from './floor-model.ts';
import { MoveDialog } from './move-dialog.tsx';
import * as nightApi from './night-api.ts';

/**
 * In tables mode, the booking's table in its drawer and "Change table": the floor's move, listing the places
 * free then and why each other one is refused (issue 28). Nothing in covers mode, or for a seat at an event.
 */
export function DrawerTable({
  booking,
  onChanged,
}: {
  booking: StoredBooking;
  onChanged: (booking: StoredBooking) => void;
}) {
  const settings = useContent('booking-settings');
  const venue = useContent('venue');
  const fetchDay = useCallback(async () => ({ day: await nightApi.tablesDay(booking.date) }), [booking.date]);
  const { load, reload } = useLoaded(fetchDay, FLOOR_MESSAGES.loadFailed);
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState('');
  if (load.status !== 'ready' || load.day.layout.mode !== 'tables' || !settings || !venue) return null;
  const { day } = load;
  const entry = day.bookings.find((each) => each.id === booking._id);
  if (!entry || entry.eventSlug !== null) return null;
  const place = placeOf(day.layout, entry.tables);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p>
          <span className="font-semibold">Table:</span> {place?.name ?? FLOOR_MESSAGES.notPlaced}
        </p>
        <button
          type="button"
          className="btn-outline min-h-11 px-4 py-2 text-sm"
          onClick={() => {
            setMoved('');
            setMoving(true);
          }}
        >
          Change table
        </button>
      </div>
      {moved ? <Notice tone="success">{moved}</Notice> : null}
      <MoveDialog
        booking={moving ? entry : null}
        context={{ day, settings, specialDates: venue.specialDates }}
        onClose={() => setMoving(false)}
        onMoved={(message, saved) => {
          setMoving(false);
          setMoved(message);
          void reload();
          onChanged(saved);
        }}
      />
    </div>
  );
}
