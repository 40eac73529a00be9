import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import { type DepositRule, type DepositRulesDocument, termsFor } from '#shared/deposits/rules.ts';
import { termsText } from '#shared/deposits/terms.ts';
import type { PublicEvent } from '#shared/events/schemas.ts';
import { depositRule } from '#tests/helpers/deposit-rules.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import {
  changeList,
  restoreStubsAroundEachTest,
  saveButton,
} from '#web/features/content/admin/editor-test-kit.ts';
import { stubContentApi } from '#web/features/content/admin/fake-content-api.ts';

/** Monday 16 November 2026, 10am in London: the examples are the bookings from the next day on. */
const NOW = new Date('2026-11-16T10:00:00Z');

const anEvent = (
  event: Pick<PublicEvent, 'title' | 'slug' | 'date' | 'time' | 'takesBookings'>,
): PublicEvent => ({
  _id: event.slug,
  tags: [],
  cover: '',
  badges: [],
  summary: '',
  isMajor: false,
  cta: { label: '' },
  bookingCovers: 40,
  howToCome: '',
  ...event,
});

const EVENTS = [
  anEvent({
    title: 'Quiz night',
    slug: 'quiz-night',
    date: '2026-11-26',
    time: '19:00',
    takesBookings: true,
  }),
  anEvent({ title: 'Open mic', slug: 'open-mic', date: '2026-11-27', time: '20:00', takesBookings: false }),
];

/** A deposit rule for every party from one guest, £5.00 a guest, any day. */
const aRule = (rule: Partial<DepositRule> & Pick<DepositRule, 'id' | 'name'>): DepositRule =>
  depositRule({ partyFrom: 1, weekdays: [], perPersonPence: 500, ...rule });

type User = ReturnType<typeof userEvent.setup>;

/**
 * The deposit rules editor on the fake content API, its document starting with `rules` as version 1, and the
 * events API answering with `EVENTS`. `saved` collects the documents saved; `answerSave` answers them instead.
 */
function openDepositRules({
  rules = [],
  answerSave,
}: {
  rules?: DepositRule[];
  answerSave?: () => Response;
} = {}) {
  stubContentApi();
  const otherContent = globalThis.fetch;
  const saved: DepositRulesDocument[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/events') return Response.json(EVENTS);
      if (url === '/api/admin/content/deposit-rules/versions') {
        return Response.json([{ version: 1, savedBy: null, savedAt: '2026-11-01T09:00:00.000Z' }]);
      }
      if (url === '/api/admin/content/deposit-rules') {
        if (init?.method !== 'PUT') return Response.json({ version: 1, document: { rules } });
        if (answerSave) return answerSave();
        saved.push(JSON.parse(String(init.body)).document);
        return Response.json({ version: 1 + saved.length });
      }
      return otherContent(input, init);
    }),
  );
  const user = userEvent.setup();
  renderRoute('/admin/content/deposit-rules');
  return { user, saved };
}

async function retype(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

const rulesList = () => screen.getByRole('list', { name: 'Rules' });
/** The rule added last: the list's own last entry, not an entry of its dates. */
const lastRule = () => Array.from(rulesList().children).at(-1) as HTMLElement;
const preview = () => screen.getByRole('list', { name: 'Terms of each rule' });

/** The preview of the rule at `index`. */
const previewOf = (index: number) => within(preview()).getAllByRole('listitem')[index] as HTMLElement;

/** Every line of a rule's terms, as guests read them, for the example booking, in the rule's preview. */
function expectTermsShown(
  index: number,
  rule: DepositRule,
  booking: { date: string; timeSlot: string; guests: number },
) {
  for (const line of termsText(termsFor(rule, booking))) {
    expect(within(previewOf(index)).getByText(line)).toBeInTheDocument();
  }
}

describe('the deposit rules editor', () => {
  restoreStubsAroundEachTest();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds a rule in pounds, days and services, shows the terms guests will read, and saves it in pence', async () => {
    const { user, saved } = openDepositRules();
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    expect(
      screen.getByText('The first rule that matches a booking applies. No rule: no payment, as today.'),
    ).toBeInTheDocument();
    const rule = lastRule();
    expect(within(rule).getByLabelText('Name')).toHaveFocus();
    await user.type(within(rule).getByLabelText('Name'), 'Large parties at weekends');
    await retype(user, within(rule).getByLabelText('Party size from'), '6');
    const days = within(rule).getByRole('group', { name: 'Days' });
    await user.click(within(days).getByRole('checkbox', { name: 'Sat' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Fri' }));
    await user.click(within(rule).getByRole('checkbox', { name: 'Dinner' }));
    await user.click(within(rule).getByRole('radio', { name: 'Deposit taken at booking' }));
    const amount = within(rule).getByLabelText('Amount per person, £');
    expect(amount).toHaveValue('5.00');
    await retype(user, amount, '10.00');
    await retype(user, within(rule).getByLabelText('Free cancellation, hours before'), '24');

    const added: DepositRule = aRule({
      id: 'large-parties-at-weekends',
      name: 'Large parties at weekends',
      partyFrom: 6,
      weekdays: [5, 6],
      services: ['dinner'],
      perPersonPence: 1000,
      cancelHours: 24,
    });
    // The soonest Friday or Saturday dinner: Friday 20 November, at the middle of the seeded dinner slots.
    expect(
      within(preview()).getByText('For 6 guests at 7:30pm on Friday 20 November 2026:'),
    ).toBeInTheDocument();
    expect(within(preview()).getByText('£60.00 deposit')).toBeInTheDocument();
    expectTermsShown(0, added, { date: '2026-11-20', timeSlot: '19:30', guests: 6 });
    expect(changeList()).toHaveTextContent('Rules › Large parties at weekends: added');

    await user.click(saveButton());
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    expect(saved).toEqual([{ rules: [added] }]);
  });

  it('shows each rule’s terms for a booking it is the first to match, and a rule that none reaches', async () => {
    const quiz = aRule({
      id: 'quiz',
      name: 'Quiz night guarantee',
      bookings: 'events',
      eventSlugs: ['quiz-night'],
      kind: 'guarantee',
      perPersonPence: 1500,
      cancelHours: 24,
    });
    const everyone = aRule({ id: 'everyone', name: 'Every booking' });
    const large = aRule({ id: 'large', name: 'Large parties', partyFrom: 10 });
    openDepositRules({ rules: [quiz, everyone, large] });

    expect(
      await screen.findByText('For 1 guest at 7pm on Thursday 26 November 2026, at Quiz night:'),
    ).toBeInTheDocument();
    expectTermsShown(0, quiz, { date: '2026-11-26', timeSlot: '19:00', guests: 1 });
    expect(within(preview()).getByText('Card guarantee (no-show fee up to £15.00)')).toBeInTheDocument();
    // Tuesday's lunch is the first service the seeded settings take bookings for.
    expect(
      within(preview()).getByText('For 1 guest at 1:30pm on Tuesday 17 November 2026:'),
    ).toBeInTheDocument();
    expectTermsShown(1, everyone, { date: '2026-11-17', timeSlot: '13:30', guests: 1 });
    expect(previewOf(2)).toHaveTextContent(
      'Large partiesNo booking reaches this rule: a rule above it applies first to every booking it fits in the next year.',
    );
  });

  it('offers the events that take bookings for a rule about events, and moves a rule up', async () => {
    const { user, saved } = openDepositRules({
      rules: [aRule({ id: 'everyone', name: 'Every booking' }), aRule({ id: 'events', name: 'Events' })],
    });
    await user.click(await screen.findByRole('button', { name: /^Events/ }));
    const rule = lastRule();
    expect(within(rule).getByLabelText('Which bookings')).toHaveDisplayValue(
      'Table bookings and event bookings',
    );
    await user.selectOptions(within(rule).getByLabelText('Which bookings'), 'Table bookings only');
    expect(within(rule).queryByRole('group', { name: 'Events' })).not.toBeInTheDocument();
    await user.selectOptions(within(rule).getByLabelText('Which bookings'), 'Event bookings only');
    const events = within(rule).getByRole('group', { name: 'Events' });
    expect(within(events).getAllByRole('checkbox')).toHaveLength(1);
    await user.click(within(events).getByRole('checkbox', { name: 'Quiz night (Thu 26 Nov 2026)' }));
    await user.click(within(rule).getByRole('radio', { name: 'Card guarantee (no-show fee)' }));
    await user.click(within(rule).getByRole('button', { name: 'Move Events up' }));

    await user.click(saveButton());
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    expect(saved.at(-1)?.rules.map((each) => each.id)).toEqual(['events', 'everyone']);
    expect(saved.at(-1)?.rules[0]).toMatchObject({
      bookings: 'events',
      eventSlugs: ['quiz-night'],
      kind: 'guarantee',
    });
  });

  it('shows each problem under its field and saves nothing while there are some', async () => {
    const { user, saved } = openDepositRules();
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const rule = lastRule();
    expect(within(rule).getByLabelText('Name')).toHaveAccessibleDescription(
      /Needs a name, e.g. Large parties at weekends/,
    );
    await user.type(within(rule).getByLabelText('Name'), 'Christmas');
    await retype(user, within(rule).getByLabelText('Amount per person, £'), '10.555');
    expect(within(rule).getByLabelText('Amount per person, £')).toHaveAccessibleDescription(
      /^Must be an amount in pounds, e\.g\. 7\.50/,
    );
    await retype(user, within(rule).getByLabelText('Party size from'), '0');
    expect(within(rule).getByLabelText('Party size from')).toHaveAccessibleDescription(/^Must be at least 1/);
    await user.click(within(rule).getByRole('button', { name: 'Add dates' }));
    await user.type(within(rule).getByLabelText('From'), '2026-12-24');
    await user.type(within(rule).getByLabelText('To'), '2026-12-01');
    expect(within(rule).getByLabelText('To')).toHaveAccessibleDescription(
      /^Must end on or after the day it starts/,
    );
    expect(
      within(preview()).getByText('Correct this rule’s problems to see the terms guests would read.'),
    ).toBeInTheDocument();

    await user.click(saveButton());
    expect(await screen.findByText(/^Cannot save yet: 3 problems need correcting\./)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says why the server refused the rules', async () => {
    const { user } = openDepositRules({
      answerSave: () => Response.json({ error: DEPOSIT_MESSAGES.needsRulesPayments }, { status: 400 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    await user.type(within(lastRule()).getByLabelText('Name'), 'Large parties');
    await user.click(saveButton());
    expect(await screen.findByText(DEPOSIT_MESSAGES.needsRulesPayments)).toBeInTheDocument();
  });

  it('labels every field of a rule', async () => {
    const { user } = openDepositRules({ rules: [aRule({ id: 'everyone', name: 'Every booking' })] });
    await user.click(await screen.findByRole('button', { name: /^Every booking/ }));
    await user.click(within(lastRule()).getByRole('button', { name: 'Add dates' }));
    const fields = lastRule().querySelectorAll('input, select, textarea');
    expect(fields.length).toBeGreaterThan(15);
    for (const field of fields) expect(field).toHaveAccessibleName();
  });
});
