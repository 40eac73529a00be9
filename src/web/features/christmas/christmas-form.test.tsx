import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_DISHES } from '#shared/christmas/courses.ts';
import { CHRISTMAS_MESSAGES } from '#shared/christmas/messages.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import * as api from './api.ts';

const CHECKOUT = '/api/stripe/create-checkout-session';
let checkouts = 0;
let closed = false;

beforeEach(() => {
  checkouts = 0;
  closed = false;
  vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === CHECKOUT) {
        checkouts += 1;
        return Response.json({ url: 'https://checkout.stripe.test/c/pay/cs_1' }, { status: 201 });
      }
      const seats = { capacity: 30, remaining: 30, closed };
      return Response.json({ 'xmas-early': seats, 'xmas-late': seats });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The form as a guest finds it back from the payment page: their details and a sitting for one adult, no dish. */
async function openWithDetails() {
  api.keepCheckoutDraft({
    values: {
      name: 'Edith Crawley',
      phone: '07700 900321',
      email: 'edith@example.com',
      session: 'xmas-late',
      partyAdults: '1',
    },
    counts: NO_DISHES,
  });
  renderRoute('/christmas');
  await screen.findByRole('option', { name: '2:30pm–4:30pm — 30 seats left' });
  const form = screen.getByRole('form', { name: 'Christmas Day pre-order' });
  await waitFor(() => expect(within(form).getByLabelText(/^Sitting/)).toHaveValue('xmas-late'));
  return form;
}

describe('the Christmas pre-order', () => {
  it('says a course’s problem under its dishes and focuses the first button that can be pressed', async () => {
    const user = userEvent.setup();
    const form = await openWithDetails();
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));

    const mains = within(form).getByRole('group', { name: 'Mains' });
    expect(within(mains).getByRole('alert')).toHaveTextContent(CHRISTMAS_MESSAGES.mains(1));
    expect(mains).toHaveAccessibleDescription(CHRISTMAS_MESSAGES.mains(1));
    expect(within(mains).getAllByRole('button', { name: /^One more / })[0]).toHaveFocus();
    expect(checkouts).toBe(0);
  });

  it('takes the problem away at the next change of the order, wherever it is', async () => {
    const user = userEvent.setup();
    const form = await openWithDetails();
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(CHRISTMAS_MESSAGES.mains(1));

    await user.type(within(form).getByLabelText(/^Children/), '1');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByText(`Still to do: ${CHRISTMAS_MESSAGES.mains(2)}`)).toBeInTheDocument();
  });

  it('starts one checkout only: pressing again while the payment page opens does nothing', async () => {
    const user = userEvent.setup();
    const form = await openWithDetails();
    await user.click(within(form).getByRole('button', { name: 'One more Slow-braised lamb shank' }));
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledTimes(1));

    const opening = within(form).getByRole('button', { name: 'Starting checkout…' });
    expect(opening).toHaveAttribute('aria-disabled', 'true');
    await user.click(opening);
    expect(checkouts).toBe(1);
    expect(window.location.assign).toHaveBeenCalledTimes(1);
  });

  it('does nothing when pressed while online orders are closed', async () => {
    closed = true;
    const user = userEvent.setup();
    renderRoute('/christmas');
    await screen.findByText(/Online orders for Christmas Day have now closed/);
    const form = screen.getByRole('form', { name: 'Christmas Day pre-order' });
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).not.toHaveFocus();
  });
});
