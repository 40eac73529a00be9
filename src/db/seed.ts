import { count } from 'drizzle-orm';
import { addDays, londonToday, weekdayOf } from '#shared/time/london-time.ts';
import type { Database } from './client.ts';
import { bookings, events } from './schema.ts';

/** The next date on or after `from` that falls on the weekday (0 = Sunday). */
function nextWeekday(from: string, weekday: number): string {
  return addDays(from, (weekday - weekdayOf(from) + 7) % 7);
}

function demoEvents(today: string): (typeof events.$inferInsert)[] {
  return [
    {
      title: 'Thursday Quiz Night',
      slug: 'thursday-quiz-night',
      date: nextWeekday(addDays(today, 1), 4),
      time: '19:30',
      tags: ['quiz'],
      cover: '/images/events/quiz-night.svg',
      badges: ['Quiz', 'Weekly'],
      summary:
        'Eight rounds, a picture round and a fiendish music round from Dave behind the bar. Teams of up to six, £2 a head, a bar tab for the winners.',
      howToCome: 'Walk in: teams of up to six, £2 a head on the night.',
    },
    {
      title: 'Comedy in the Snug',
      slug: 'comedy-in-the-snug',
      date: nextWeekday(addDays(today, 3), 5),
      time: '20:00',
      tags: ['comedy'],
      cover: '/images/events/comedy-night.svg',
      badges: ['Tickets £12'],
      summary:
        'Three touring comics and a local headliner in our back room. Order from the showtime menu before the first act; doors at 7.15.',
      isMajor: true,
      ctaLabel: 'See the line-up',
      howToCome: 'Tickets £12 at the bar or on the door.',
    },
    {
      title: 'Folk Session by the Fire',
      slug: 'folk-session-by-the-fire',
      date: nextWeekday(addDays(today, 1), 0),
      time: '16:00',
      tags: ['music'],
      cover: '/images/events/live-music.svg',
      badges: ['Free entry', 'Live music'],
      summary:
        'Bring a fiddle, a squeezebox or just your voice: the monthly open folk session around the inglenook, after the roasts are done.',
    },
    {
      title: 'Carols by the Fire',
      slug: 'carols-by-the-fire',
      date: nextWeekday(addDays(today, 20), 0),
      time: '18:00',
      tags: ['music', 'christmas'],
      cover: '/images/events/carols.svg',
      badges: ['Free entry', 'Family'],
      summary:
        'The St Nicholas church choir squeeze in by the inglenook for an hour of carols. Mulled wine, hot chocolate for the little ones and song sheets on every table.',
      isMajor: true,
      takesBookings: true,
      bookingCovers: 40,
    },
    {
      title: 'Winter Supper Club',
      slug: 'winter-supper-club',
      date: nextWeekday(addDays(today, 34), 0),
      time: '19:00',
      tags: ['food', 'supper'],
      cover: '/images/events/supper-club.svg',
      badges: ['Set menu', '£45'],
      summary:
        'Five courses of game, root vegetables and proper puddings at one long candle-lit table, each course with a beer or wine chosen by the landlord.',
      takesBookings: true,
      bookingCovers: 30,
    },
  ];
}

function demoBookings(today: string): (typeof bookings.$inferInsert)[] {
  const nextSaturday = nextWeekday(addDays(today, 1), 6);
  return [
    {
      reference: 'RC-DEMO01',
      date: nextSaturday,
      service: 'lunch',
      timeSlot: '12:30',
      name: 'Margaret Ellis',
      email: 'margaret.ellis@example.com',
      phone: '07700 900123',
      partyAdults: 4,
      partyChildren: 0,
      occasion: 'Birthday',
      occasionNotes: 'Her 70th — a candle in the pudding, please',
    },
    {
      reference: 'RC-DEMO02',
      date: nextSaturday,
      service: 'dinner',
      timeSlot: '19:00',
      name: 'Tom Adeyemi',
      email: 'tom.adeyemi@example.com',
      phone: '07700 900456',
      partyAdults: 2,
      partyChildren: 2,
      allergies: 'One child has a peanut allergy',
    },
    {
      reference: 'RC-DEMO03',
      date: nextWeekday(addDays(today, 1), 0),
      service: 'lunch',
      timeSlot: '13:00',
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      phone: '07700 900789',
      partyAdults: 6,
      partyChildren: 1,
      hasAccessibilityNeeds: true,
      accessibilityNotes: 'Wheelchair user — a table near the garden door',
    },
  ];
}

/** Fills an empty database with demo events and bookings dated relative to today. */
export async function seedDemoData(db: Database, now: Date = new Date()): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(events);
  if ((existing?.value ?? 0) > 0) return false;
  const today = londonToday(now);
  await db.transaction(async (tx) => {
    await tx.insert(events).values(demoEvents(today));
    await tx.insert(bookings).values(demoBookings(today));
  });
  return true;
}
