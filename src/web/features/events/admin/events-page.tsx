import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { ADMIN_MESSAGES } from '#shared/staff/messages.ts';
import { formatTime, londonToday } from '#shared/time/london-time.ts';
import { formatShortDate } from '#shared/time/staff-dates.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import * as api from './api.ts';

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; events: PublicEvent[] };

/** Where the form sends staff back with a word of confirmation. */
export interface EventsPageState {
  saved?: string;
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
  return (
    <div className="card overflow-hidden">
      <table className="w-full text-left text-[0.95rem]">
        <caption className="border-b border-cream-200 bg-cream-100/60 px-4 py-2.5 text-left font-serif text-lg font-semibold text-green-900">
          {caption}
        </caption>
        <thead className="border-b border-cream-200 text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Title
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
              Date
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
              Time
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-semibold md:table-cell">
              Slug
            </th>
            <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
              Major
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold">
              <span className="sr-only sm:not-sr-only">Edit</span>
            </th>
            <th scope="col" className="px-2 py-2.5 font-semibold">
              <span className="sr-only sm:not-sr-only">Delete</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">
          {events.map((event) => (
            <tr key={event._id} className="hover:bg-cream-50">
              <td className="px-4 py-3">
                <span className="font-semibold text-green-900">{event.title}</span>
                <span className="block text-sm text-ink-soft sm:hidden">
                  <span className="whitespace-nowrap">{formatShortDate(event.date)}</span> ·{' '}
                  <span className="whitespace-nowrap">{formatTime(event.time)}</span>
                  {event.isMajor ? ' · Major' : ''}
                </span>
                <span className="block font-mono text-xs break-all text-ink-soft md:hidden">
                  {event.slug}
                </span>
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">
                {formatShortDate(event.date)}
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">{formatTime(event.time)}</td>
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
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    api.listEvents().then(
      (events) => current && setList({ status: 'ready', events }),
      (failure: Error) => current && setList({ status: 'failed', error: failure.message }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function remove(event: PublicEvent) {
    if (!window.confirm(ADMIN_MESSAGES.confirmDelete)) return;
    setError('');
    try {
      await api.deleteEvent(event._id);
      setList((state) =>
        state.status === 'ready'
          ? { status: 'ready', events: state.events.filter((entry) => entry._id !== event._id) }
          : state,
      );
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  const today = londonToday();
  const events = list.status === 'ready' ? list.events : [];
  const upcoming = events.filter((event) => event.date >= today);
  const past = events.filter((event) => event.date < today).reverse();

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
      {list.status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : list.status === 'failed' ? (
        <Notice tone="error">{list.error}</Notice>
      ) : events.length === 0 ? (
        <div className="card p-10 text-center">
          <p className="font-serif text-2xl text-green-900">{ADMIN_MESSAGES.noEvents}</p>
          <p className="mt-2 text-ink-soft">Add the first one and it appears on the website at once.</p>
        </div>
      ) : (
        <>
          {upcoming.length > 0 ? <EventTable caption="Upcoming" events={upcoming} onDelete={remove} /> : null}
          {past.length > 0 ? <EventTable caption="Past" events={past} onDelete={remove} /> : null}
        </>
      )}
    </div>
  );
}
