import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SERVICES, type Service, serviceForTime, serviceName, servicesOn } from '#shared/booking/rules.ts';
import type { BookingSettings } from '#shared/booking/settings.ts';
import type { TablesDayAnswer, TablesDayBooking } from '#shared/tables/day.ts';
import { isRealIsoDate, londonTimeOfDay, londonToday } from '#shared/time/london-time.ts';
import { LoadGate, useLoaded } from '#web/components/load-state.tsx';
import { useVenue } from '#web/features/content/site-content.tsx';
import { useContent } from '#web/features/content/use-content.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { DayHeading } from '#web/features/staff/day-controls.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { FloorControls } from './floor-controls.tsx';
import { FloorGrid } from './floor-grid.tsx';
import { FloorList } from './floor-list.tsx';
import { FLOOR_MESSAGES } from './floor-messages.ts';
import { serviceBookings } from './floor-model.ts';
import { MoveDialog } from './move-dialog.tsx';
import { tablesDay } from './night-api.ts';

/** The service staff most likely want: today's in progress (or next), else the date's dinner, else its lunch. */
function defaultService(date: string, today: string, scheduled: readonly Service[]): Service {
  const now = serviceForTime(londonTimeOfDay(new Date()));
  if (date === today && (scheduled.includes(now) || scheduled.length === 0)) return now;
  return scheduled.includes('dinner') || scheduled.length === 0 ? 'dinner' : 'lunch';
}

/** What the floor shows while the pub counts covers: why there is none, and where tables are set up. */
function CoversMode() {
  const can = useCanUse();
  return (
    <div className="card space-y-4 p-6">
      <p className="max-w-prose text-lg">{FLOOR_MESSAGES.coversMode}</p>
      {can('PUT /api/admin/content/:key') ? (
        <Link to="/admin/content/tables" className="btn-dark min-h-11 px-5 py-2">
          {FLOOR_MESSAGES.tablesSettings}
        </Link>
      ) : (
        <p className="text-ink-soft">{FLOOR_MESSAGES.askManager}</p>
      )}
    </div>
  );
}

/** The floor of one service: the grid from 1024 px, the list by table below it. */
function ServiceFloor({
  day,
  service,
  settings,
  onMove,
}: {
  day: TablesDayAnswer;
  service: Service;
  settings: BookingSettings;
  onMove: (booking: TablesDayBooking) => void;
}) {
  const name = serviceName(service, day.date);
  const scheduled = servicesOn(day.date, settings).includes(service);
  const bookings = serviceBookings(day, service);
  if (!scheduled && bookings.length === 0) {
    return <p className="card p-6 text-ink-soft">{FLOOR_MESSAGES.noService(name)}</p>;
  }
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  return (
    <>
      {bookings.length === 0 ? <p className="text-ink-soft">{FLOOR_MESSAGES.noBookings(name)}</p> : null}
      <FloorGrid
        day={day}
        service={service}
        serviceLabel={label}
        settings={settings}
        onMove={onMove}
        className="hidden lg:block"
      />
      <FloorList day={day} service={service} serviceLabel={label} onMove={onMove} className="lg:hidden" />
    </>
  );
}

/**
 * The floor view (issue 28): a date's service by table and time, each booking a bar staff tap (or press) to
 * move it to another table, join or time. Date and service live in the address.
 */
export function FloorPage() {
  useAdminTitle('Floor');
  const settings = useContent('booking-settings');
  const { specialDates } = useVenue();
  const [params, setParams] = useSearchParams();
  const today = londonToday();
  const requestedDate = params.get('date') ?? '';
  const date = isRealIsoDate(requestedDate) ? requestedDate : today;
  const requestedService = params.get('service') as Service | null;
  const service =
    requestedService && SERVICES.includes(requestedService)
      ? requestedService
      : defaultService(date, today, settings ? servicesOn(date, settings) : []);
  const fetchDay = useCallback(async () => ({ day: await tablesDay(date) }), [date]);
  const { load, reload } = useLoaded(fetchDay, FLOOR_MESSAGES.loadFailed);
  const [moving, setMoving] = useState<TablesDayBooking | null>(null);
  const [moved, setMoved] = useState<string | null>(null);

  function go(next: { date?: string; service?: Service }) {
    const nextDate = next.date ?? date;
    setMoved(null);
    setParams(
      {
        ...(nextDate === today ? {} : { date: nextDate }),
        ...(next.service || requestedService ? { service: next.service ?? service } : {}),
      },
      { replace: true },
    );
  }

  function showMoved(message: string) {
    setMoving(null);
    setMoved(message);
    void reload();
  }

  const day = load.status === 'ready' ? load.day : null;
  return (
    <div className="space-y-5">
      <DayHeading title="Floor" date={date} today={today} />
      <FloorControls date={date} today={today} service={service} onChange={go} />
      {moved ? <Notice tone="success">{moved}</Notice> : null}
      <LoadGate load={load} loadingText="Loading the floor…">
        {({ day }) =>
          day.layout.mode === 'covers' ? (
            <CoversMode />
          ) : settings ? (
            <ServiceFloor
              day={day}
              service={service}
              settings={settings}
              onMove={(booking) => {
                setMoved(null);
                setMoving(booking);
              }}
            />
          ) : null
        }
      </LoadGate>
      <MoveDialog
        booking={moving}
        context={day && settings ? { day, settings, specialDates } : null}
        onClose={() => setMoving(null)}
        onMoved={showMoved}
      />
    </div>
  );
}
