import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { formatTime, londonToday } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { LoadGate, useLoaded, whenReady } from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import * as api from './api.ts';

const allEvents = async () => ({ events: await api.listEvents() });

/** The table's columns; all but the title and the buttons only where the width allows. */
const COLUMNS = [
  { name: 'Title', className: 'px-4' },
  { name: 'Date', className: 'hidden px-4 sm:table-cell' },
  { name: 'Time', className: 'hidden px-4 sm:table-cell' },
  { name: 'Slug', className: 'hidden px-4 md:table-cell' },
  { name: 'Major', className: 'hidden px-4 sm:table-cell' },
  { name: 'Edit', className: 'px-2', narrowHidden: true },
  { name: 'Delete', className: 'px-2', narrowHidden: true },
];

/** Where the form sends staff back with a word of confirmation. */
export interface EventsPageState {
  saved?: string;
}

/** An event's row: its title (the date, time and slug under it on narrow screens), Edit and Delete. */
function EventRow({ event, onDelete }: { event: PublicEvent; onDelete: (event: PublicEvent) => void }) {
  const date = formatShortDate(event.date);
  const time = formatTime(event.time);
  return (
    <tr className="hover:bg-cream-50">
      <td className="px-4 py-3">
        <span className="font-semibold text-green-900">{event.title}</span>
        <span className="block text-sm text-ink-soft sm:hidden">
          <span className="whitespace-nowrap">{date}</span> ·{' '}
          <span className="whitespace-nowrap">{time}</span>
          {event.isMajor ? ' · Major' : ''}
        </span>
        <span className="block font-mono text-xs break-all text-ink-soft md:hidden">{event.slug}</span>
      </td>
      <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">{date}</td>
      <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">{time}</td>
      <td className="hidden px-4 py-3 font-mono text-sm text-ink-soft md:table-cell">{event.slug}</td>
      <td className="hidden px-4 py-3 sm:table-cell">{event.isMajor ? 'Yes' : 'No'}</td>
      <td className="px-2 py-2">
        <Link
          to={`/admin/events/${event._id}`}
          className="inline-block rounded-full px-3 py-1 text-sm font-semibold text-green-700 underline decoration-brass-500 decoration-2 underline-offset-4 hover:bg-cream-100"
          aria-label={`Edit ${event.title}`}
        >
          Edit
        </Link>
      </td>
      <td className="px-2 py-2">
        <button
          type="button"
          onClick={() => onDelete(event)}
          className="rounded-full px-3 py-1 text-sm font-semibold text-burgundy-700 hover:bg-burgundy-700/10"
          aria-label={`Delete ${event.title}`}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

function EventTable({
  caption,
  events,
  onDelete,
}: {
  caption: string;
  events: PublicEvent[];
  onDelete: (event: PublicEvent) => void;
}) {
  if (events.length === 0) return null;
  return (
    <div className="card overflow-hidden">
      <table className="w-full text-left text-[0.95rem]">
        <caption className="border-b border-cream-200 bg-cream-100/60 px-4 py-2.5 text-left font-serif text-lg font-semibold text-green-900">
          {caption}
        </caption>
        <thead className="border-b border-cream-200 text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            {COLUMNS.map(({ name, className, narrowHidden }) => (
              <th key={name} scope="col" className={`${className} py-2.5 font-semibold`}>
                {narrowHidden ? <span className="sr-only sm:not-sr-only">{name}</span> : name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">
          {events.map((event) => (
            <EventRow key={event._id} event={event} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The events table (spec §2 Admin events): upcoming first, then past ones, newest first. */
export function EventsPage() {
  useAdminTitle('Events');
  const location = useLocation();
  const saved = (location.state as EventsPageState | null)?.saved;
  const { load: list, setLoad: setList } = useLoaded(allEvents);
  const [error, setError] = useState('');

  async function remove(event: PublicEvent) {
    if (!window.confirm(ADMIN_MESSAGES.confirmDelete)) return;
    setError('');
    try {
      await api.deleteEvent(event._id);
      setList(whenReady(({ events }) => ({ events: events.filter((entry) => entry._id !== event._id) })));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const today = londonToday();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl sm:text-4xl">Events</h1>
          <p className="mt-1 text-ink-soft">What guests see on the website’s What’s On pages.</p>
        </div>
        <Link to="/admin/events/new" className="btn-primary px-5 py-2.5">
          Add Event
        </Link>
      </div>
      {saved ? <Notice tone="success">Saved “{saved}”.</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <LoadGate load={list}>
        {({ events }) =>
          events.length === 0 ? (
            <div className="card p-10 text-center">
              <p className="font-serif text-2xl text-green-900">{ADMIN_MESSAGES.noEvents}</p>
              <p className="mt-2 text-ink-soft">Add the first one and it appears on the website at once.</p>
            </div>
          ) : (
            <>
              <EventTable
                caption="Upcoming"
                events={events.filter((event) => event.date >= today)}
                onDelete={remove}
              />
              <EventTable
                caption="Past"
                events={events.filter((event) => event.date < today).reverse()}
                onDelete={remove}
              />
            </>
          )
        }
      </LoadGate>
    </div>
  );
}
