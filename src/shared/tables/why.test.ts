import { describe, expect, it } from 'vitest';
import bookingSettings from '#content/booking-settings.json' with { type: 'json' };
import sample from '#content/tables.json' with { type: 'json' };
import { toMinutes } from '../booking/rules.ts';
import { bookingSettingsSchema } from '../booking/settings.ts';
import type { Sitting } from './assignment.ts';
import { type TablesDocument, tablesDocumentSchema } from './layout.ts';
import type { WhyVerdict } from './setup-schemas.ts';
import { type WhyFacts, type WhyQuestion, whyVerdicts } from './why.ts';

/**
 * The sample layout in tables mode (dinner paced at 16 covers online and 24 for staff a quarter hour), on
 * Friday 10 July 2026, asked at midday on the 1st. Seeded settings: 60 minutes' notice, 180 days ahead.
 */
const layout: TablesDocument = { ...tablesDocumentSchema.parse(sample), mode: 'tables' };
const settings = bookingSettingsSchema.parse(bookingSettings);
const FRIDAY = '2026-07-10';

function factsOf(extra: Partial<WhyFacts> = {}, document = layout): WhyFacts {
  return {
    now: new Date('2026-07-01T11:00:00Z'),
    settings,
    specialDates: [],
    closedServices: new Set(),
    day: { document, settings, date: FRIDAY, sittings: [], starters: [] },
    seated: [],
    ...extra,
  };
}

const ask = (extra: Partial<WhyQuestion> = {}): WhyQuestion => ({
  date: FRIDAY,
  time: '19:00',
  guests: 2,
  channel: 'online',
  ...extra,
});

function verdictOf(verdicts: WhyVerdict[], rule: WhyVerdict['rule']): WhyVerdict {
  const verdict = verdicts.find((each) => each.rule === rule);
  if (!verdict) throw new Error(`No ${rule} verdict`);
  return verdict;
}

/** Every table of the sample taken from 18:00 to 23:00 by Smith. */
const everyTableTaken: Sitting[] = layout.tables.map((table) => ({
  bookingId: table.id,
  tables: [table.id],
  start: toMinutes('18:00'),
  end: toMinutes('23:00'),
  guests: 2,
  name: 'Smith',
}));

describe('why a booking cannot be made', () => {
  it('lets a party through every rule of tables mode on a quiet evening, in order', () => {
    const verdicts = whyVerdicts(ask(), factsOf());
    expect(verdicts.map((verdict) => [verdict.rule, verdict.ok])).toEqual([
      ['day', true],
      ['service', true],
      ['special-hours', true],
      ['window', true],
      ['notice', true],
      ['pacing', true],
      ['tables', true],
      ['walk-ins', true],
    ]);
    expect(verdictOf(verdicts, 'tables').text).toBe(
      'Table 1 is free from 7pm to 8:30pm: a booking would be given it.',
    );
  });

  it('names a closed special date, a staff closure and special hours', () => {
    const closed = whyVerdicts(
      ask(),
      factsOf({ specialDates: [{ date: FRIDAY, closed: true, label: 'Staff party' }] }),
    );
    expect(verdictOf(closed, 'day')).toMatchObject({
      ok: false,
      text: 'The pub is closed on Friday 10 July 2026 (Staff party).',
    });
    const closure = whyVerdicts(ask(), factsOf({ closedServices: new Set(['dinner']) }));
    expect(verdictOf(closure, 'service')).toMatchObject({
      ok: false,
      text: 'Staff have closed dinner on Friday 10 July 2026.',
    });
    const short = whyVerdicts(
      ask(),
      factsOf({
        specialDates: [{ date: FRIDAY, closed: false, label: 'Wedding', opens: '12:00', closes: '18:00' }],
      }),
    );
    expect(verdictOf(short, 'special-hours')).toMatchObject({
      ok: false,
      text: 'Special hours that day (Wedding: 12pm–6pm): no table starts at 7pm.',
    });
  });

  it('holds guests online to the notice and the window, staff to the notice only', () => {
    const soon = factsOf({ now: new Date('2026-07-10T17:30:00Z') });
    expect(verdictOf(whyVerdicts(ask(), soon), 'notice')).toMatchObject({
      ok: false,
      text: 'Past the minimum notice: bookings close 60 minutes before their time.',
    });
    expect(verdictOf(whyVerdicts(ask({ channel: 'staff' }), soon), 'notice').text).toContain(
      'Staff can still book anyway.',
    );
    const far = ask({ date: '2027-03-05' });
    expect(verdictOf(whyVerdicts(far, factsOf()), 'window')).toMatchObject({
      ok: false,
      text: 'Outside the booking window: guests book up to 180 days ahead (until Monday 28 December 2026).',
    });
    expect(verdictOf(whyVerdicts({ ...far, channel: 'staff' }, factsOf()), 'window').ok).toBe(true);
  });

  it('refuses past the pacing limit of the channel, saying how many start then', () => {
    const starters = [
      { start: toMinutes('19:00'), guests: 12 },
      { start: toMinutes('19:10'), guests: 2 },
    ];
    const facts = factsOf({ day: { ...factsOf().day, starters } });
    expect(verdictOf(whyVerdicts(ask({ guests: 4 }), facts), 'pacing')).toMatchObject({
      ok: false,
      text: 'Pacing full at 7pm: 14 of 16 covers start then.',
    });
    expect(verdictOf(whyVerdicts(ask({ guests: 2 }), facts), 'pacing')).toMatchObject({
      ok: true,
      text: 'Pacing allows it: 14 of 16 covers start from 7pm to 7:15pm.',
    });
    expect(verdictOf(whyVerdicts(ask({ guests: 4, channel: 'staff' }), facts), 'pacing').ok).toBe(true);
  });

  it('gives each table’s reason when none is free, and names the walk-in tables held back', () => {
    const taken = everyTableTaken.filter((sitting) => !sitting.tables[0]?.startsWith('bar-'));
    const facts = factsOf({ day: { ...factsOf().day, sittings: taken } });
    const verdicts = whyVerdicts(ask(), facts);
    const tables = verdictOf(verdicts, 'tables');
    expect(tables.ok).toBe(false);
    expect(tables.text).toBe('No table or join for 2 is free from 7pm to 8:30pm.');
    expect(tables.places).toContainEqual({ name: 'Table 1', reason: 'Taken from 6pm by Smith' });
    expect(tables.places).toContainEqual({ name: 'The snug', reason: 'Staff only' });
    expect(tables.places).toContainEqual({ name: 'Bar 1', reason: 'Walk-ins only' });
    expect(verdictOf(verdicts, 'walk-ins')).toMatchObject({
      ok: false,
      text: 'Bar 1, Bar 2, Bar 3 are free but kept for walk-ins.',
    });
  });

  it('counts covers instead of tables in covers mode', () => {
    const covers = factsOf({ seated: [{ timeSlot: '19:00', guests: 20 }] }, { ...layout, mode: 'covers' });
    const verdicts = whyVerdicts(ask({ guests: 6 }), covers);
    expect(verdicts.map((verdict) => verdict.rule)).not.toContain('tables');
    expect(verdictOf(verdicts, 'covers')).toMatchObject({
      ok: false,
      text: "Only 4 covers left for the party's table time from 7pm; it needs 6.",
    });
    expect(verdictOf(whyVerdicts(ask({ guests: 4 }), covers), 'covers')).toMatchObject({
      ok: true,
      text: '4 covers left at 7pm; the party needs 4.',
    });
  });
});
