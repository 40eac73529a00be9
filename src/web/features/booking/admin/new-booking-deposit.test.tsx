import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { DepositRulesDocument } from '#shared/deposits/rules.ts';
import { depositRule } from '#tests/helpers/deposit-rules.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';
import { fillGuest, openForm, setParty, timeSelect } from './new-booking-page-fixture.ts';

/** A deposit of £10.00 a guest for a table for eight or more, any day. */
const LARGE_PARTIES: DepositRulesDocument = {
  rules: [depositRule({ id: 'large-parties', name: 'Large parties', bookings: 'tables', weekdays: [] })],
};

describe('a booking a deposit rule matches', () => {
  undoStubsAfterEach();
  // The rules published when the screen opens; the seeded ones (none) again after.
  const seeded = seedContent['deposit-rules'];
  beforeEach(() => {
    seedContent['deposit-rules'] = LARGE_PARTIES;
  });
  afterEach(() => {
    seedContent['deposit-rules'] = seeded;
  });

  const depositChoice = () => screen.getByRole('group', { name: /£120\.00 deposit/ });

  it('shows the terms once the party and time match, and asks how the deposit is met before sending', async () => {
    const { user, server } = await openForm();
    await user.selectOptions(timeSelect(), '19:00');
    await fillGuest(user);
    expect(screen.queryByRole('radio', { name: 'Waive it' })).not.toBeInTheDocument();

    await setParty(user, 12);
    const choice = await screen.findByRole('group', { name: /£120\.00 deposit/ });
    expect(within(choice).getByRole('radio', { name: 'E-mail the guest a link to pay' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(choice).toHaveAccessibleDescription(DEPOSIT_MESSAGES.waiverNeeded);
    expect(within(choice).getByRole('radio', { name: 'E-mail the guest a link to pay' })).toHaveFocus();

    await user.click(within(choice).getByRole('radio', { name: 'Waive it' }));
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    const reason = screen.getByRole('textbox', { name: /^Why it is waived/ });
    expect(reason).toHaveAccessibleDescription('Please give a reason.');
    expect(reason).toHaveFocus();
    expect(server.posted()).toEqual([]);

    await user.type(reason, '  Regulars, known to us  ');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('heading', { name: 'Booked: reference RC-7KQ2XM' });
    expect(server.posted()).toEqual([
      expect.objectContaining({
        partyAdults: 12,
        timeSlot: '19:00',
        deposit: { choice: 'waive', reason: 'Regulars, known to us' },
      }),
    ]);
  });

  it('e-mails the guest a link to pay only with an address, and says the link is on its way', async () => {
    const { user, server } = await openForm();
    await setParty(user, 12);
    await user.selectOptions(timeSelect(), '19:00');
    await fillGuest(user);
    await user.click(
      within(await findChoice()).getByRole('radio', { name: 'E-mail the guest a link to pay' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    expect(depositChoice()).toHaveAccessibleDescription(DEPOSIT_MESSAGES.requestNeedsEmail);
    expect(server.posted()).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'hendersons@example.com');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('heading', { name: 'Booked: reference RC-7KQ2XM' });
    expect(server.posted()).toEqual([
      expect.objectContaining({ email: 'hendersons@example.com', deposit: { choice: 'request' } }),
    ]);
    expect(
      screen.getByText(
        'A link to pay is on its way to hendersons@example.com. The booking stays pending until the guest pays.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No confirmation e-mail was sent.')).toBeNull();
  });

  it('sends no deposit for a party the rule does not match', async () => {
    const { user, server } = await openForm();
    await user.selectOptions(timeSelect(), '19:00');
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('heading', { name: 'Booked: reference RC-7KQ2XM' });
    expect(server.posted()[0]).not.toHaveProperty('deposit');
  });

  it('asks the question when the server says a rule matches, with its words on the choice', async () => {
    const { user, server } = await openForm([
      () =>
        Response.json(
          {
            error: DEPOSIT_MESSAGES.waiverNeeded,
            issues: [{ path: 'deposit', message: DEPOSIT_MESSAGES.waiverNeeded }],
          },
          { status: 422 },
        ),
    ]);
    await user.selectOptions(timeSelect(), '19:00');
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Add booking' }));

    const choice = await screen.findByRole('group', { name: /^Deposit/ });
    expect(choice).toHaveAccessibleDescription(DEPOSIT_MESSAGES.waiverNeeded);
    await waitFor(() =>
      expect(within(choice).getByRole('radio', { name: 'E-mail the guest a link to pay' })).toHaveFocus(),
    );
    await user.click(within(choice).getByRole('radio', { name: 'Waive it' }));
    await user.type(screen.getByRole('textbox', { name: /^Why it is waived/ }), 'Booked by the owner');
    await user.click(screen.getByRole('button', { name: 'Add booking' }));
    await screen.findByRole('heading', { name: 'Booked: reference RC-7KQ2XM' });
    expect(server.posted().map((body) => body?.deposit)).toEqual([
      undefined,
      { choice: 'waive', reason: 'Booked by the owner' },
    ]);
  });

  async function findChoice() {
    return screen.findByRole('group', { name: /£120\.00 deposit/ });
  }
});
