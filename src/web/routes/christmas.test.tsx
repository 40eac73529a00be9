import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from './fake-api.ts';
import { expectOptionalNewsBox } from './guest-form-checks.ts';

/** A fetch that answers availability (after `release()` when held back) and the checkout. */
function stubServer(options: {
  availability?: unknown;
  availabilityStatus?: number;
  checkout?: () => Response;
  holdAvailability?: boolean;
}) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const sent = fakeApi(async ({ url }) => {
    if (url === '/api/christmas/availability') {
      if (options.holdAvailability) await held;
      return Response.json(options.availability ?? {}, { status: options.availabilityStatus ?? 200 });
    }
    if (url === '/api/stripe/create-checkout-session') {
      return (
        options.checkout?.() ??
        Response.json({ url: 'https://checkout.stripe.test/c/pay/cs_1' }, { status: 201 })
      );
    }
    return undefined;
  });
  return { sent, release, assign };
}

const OPEN = {
  'xmas-early': { capacity: 30, remaining: 0, closed: false },
  'xmas-late': { capacity: 32, remaining: 5, closed: false },
};

async function fillValidOrder(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByRole('form', { name: 'Christmas Day pre-order' });
  await user.type(within(form).getByLabelText(/^Name/), 'Edith Crawley');
  await user.type(within(form).getByLabelText(/^Phone/), '07700 900321');
  await user.type(within(form).getByLabelText(/^Email/), 'edith@example.com');
  await user.selectOptions(within(form).getByLabelText(/^Sitting/), 'xmas-late');
  await user.clear(within(form).getByLabelText(/^Adults/));
  await user.type(within(form).getByLabelText(/^Adults/), '1');
  await user.click(within(form).getByRole('button', { name: 'One more Slow-braised lamb shank' }));
  await user.click(within(form).getByRole('button', { name: 'One more British cheese board' }));
  return form;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/christmas', () => {
  it('shows ‘checking…’ until the seats are known, then seats left, with Full disabled', async () => {
    const server = stubServer({ availability: OPEN, holdAvailability: true });
    renderRoute('/christmas');
    const sitting = await screen.findByLabelText(/^Sitting/);
    expect(within(sitting).getByRole('option', { name: '12pm–2pm — checking…' })).toBeInTheDocument();
    server.release();
    const full = await within(sitting).findByRole('option', { name: '12pm–2pm — Full' });
    expect(full).toBeDisabled();
    expect(within(sitting).getByRole('option', { name: '2:30pm–4:30pm — 5 seats left' })).toBeEnabled();
  });

  it('reads the sitting ids of the availability through the shared normalisation', async () => {
    stubServer({
      availability: {
        early: { capacity: 30, remaining: 12, closed: false },
        '2:30 – 4:30 PM': { capacity: 32, remaining: 0, closed: true },
      },
    });
    renderRoute('/christmas');
    const sitting = await screen.findByLabelText(/^Sitting/);
    expect(await within(sitting).findByRole('option', { name: '12pm–2pm — 12 seats left' })).toBeEnabled();
    expect(within(sitting).getByRole('option', { name: '2:30pm–4:30pm — Closed' })).toBeDisabled();
  });

  it('says when online orders have closed, and never enables the button', async () => {
    stubServer({
      availability: {
        'xmas-early': { capacity: 30, remaining: 30, closed: true },
        'xmas-late': { capacity: 32, remaining: 32, closed: true },
      },
    });
    renderRoute('/christmas');
    expect(await screen.findByText(/Online orders for Christmas Day have now closed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Deposit & Confirm' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows the deposit to two decimals as the party changes', async () => {
    stubServer({ availability: OPEN });
    const user = userEvent.setup();
    renderRoute('/christmas');
    const form = await screen.findByRole('form', { name: 'Christmas Day pre-order' });
    expect(within(form).getByText('(2 guests × £25.00)')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^Children/), '1');
    expect(within(form).getByText('(3 guests × £25.00)')).toBeInTheDocument();
    expect(within(form).getAllByText('£75.00').length).toBeGreaterThan(0);
  });

  it('keeps the button disabled until the order is valid, and explains the first problem', async () => {
    stubServer({ availability: OPEN });
    const user = userEvent.setup();
    renderRoute('/christmas');
    const form = await screen.findByRole('form', { name: 'Christmas Day pre-order' });
    const pay = within(form).getByRole('button', { name: 'Pay Deposit & Confirm' });
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(within(form).getByText('Still to do: Please enter your name.')).toBeInTheDocument();
    await user.click(pay);
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter your name.');
    expect(within(form).getByLabelText(/^Name/)).toHaveFocus();
    expect(within(form).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a party of more than 12 calls the pub, and refuses one before any payment', async () => {
    const server = stubServer({
      availability: {
        'xmas-early': { capacity: 30, remaining: 30, closed: false },
        'xmas-late': { capacity: 32, remaining: 32, closed: false },
      },
    });
    const user = userEvent.setup();
    renderRoute('/christmas');
    await screen.findByRole('option', { name: '2:30pm–4:30pm — 32 seats left' });
    const form = await fillValidOrder(user);
    const adults = within(form).getByLabelText(/^Adults/);
    const children = within(form).getByLabelText(/^Children/);
    const note = within(form).getByText(/^Parties of more than 12: please/);
    expect(note).toHaveTextContent(
      'Parties of more than 12: please call us on 0118 496 0000 so we can seat you together.',
    );
    expect(within(note).getByRole('link', { name: 'call us on 0118 496 0000' })).toHaveAttribute(
      'href',
      'tel:+441184960000',
    );
    for (const input of [adults, children]) {
      expect(input).toHaveAttribute('max', '12');
      expect(input).toHaveAccessibleDescription(note.textContent ?? '');
    }

    const tooLarge =
      'For Christmas Day parties of more than 12, please call us on 0118 496 0000 so we can seat you together.';
    await user.clear(adults);
    await user.type(adults, '10');
    await user.type(children, '3');
    expect(within(form).getByText(`Still to do: ${tooLarge}`)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(tooLarge);
    expect(adults).toHaveFocus();
    expect(adults).toHaveAttribute('aria-invalid', 'true');
    expect(server.sent.some((request) => request.url === '/api/stripe/create-checkout-session')).toBe(false);

    await user.clear(children);
    await user.type(children, '2');
    expect(
      within(form).getByText('Still to do: Please select exactly 12 mains (1 per guest).'),
    ).toBeInTheDocument();
  });

  it('says ‘Only 5 seats left’ as soon as the party outgrows the sitting, before any main is counted', async () => {
    stubServer({ availability: OPEN });
    const user = userEvent.setup();
    renderRoute('/christmas');
    await screen.findByRole('option', { name: '2:30pm–4:30pm — 5 seats left' });
    const form = screen.getByRole('form', { name: 'Christmas Day pre-order' });
    await user.type(within(form).getByLabelText(/^Name/), 'Edith Crawley');
    await user.type(within(form).getByLabelText(/^Phone/), '07700 900321');
    await user.type(within(form).getByLabelText(/^Email/), 'edith@example.com');
    await user.selectOptions(within(form).getByLabelText(/^Sitting/), 'xmas-late');
    const adults = within(form).getByLabelText(/^Adults/);
    await user.clear(adults);
    await user.type(adults, '6');

    const seatsLeft = 'Only 5 seats left in this sitting.';
    expect(adults).toHaveAccessibleDescription(expect.stringContaining(seatsLeft));
    expect(within(form).getByText(`Still to do: ${seatsLeft}`)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(seatsLeft);

    await user.clear(adults);
    await user.type(adults, '5');
    expect(adults).not.toHaveAccessibleDescription(expect.stringContaining(seatsLeft));
    expect(
      within(form).getByText('Still to do: Please select exactly 5 mains (1 per guest).'),
    ).toBeInTheDocument();
  });

  it('says the online party limit beside the party as soon as it is passed', async () => {
    stubServer({ availability: OPEN });
    const user = userEvent.setup();
    renderRoute('/christmas');
    const form = await screen.findByRole('form', { name: 'Christmas Day pre-order' });
    const adults = within(form).getByLabelText(/^Adults/);
    await user.clear(adults);
    await user.type(adults, '13');
    expect(adults).toHaveAccessibleDescription(
      expect.stringContaining(
        'For Christmas Day parties of more than 12, please call us on 0118 496 0000 so we can seat you together.',
      ),
    );
  });

  it('sends the spec’s payload with utm_source and goes to the payment page', async () => {
    const server = stubServer({ availability: OPEN });
    const user = userEvent.setup();
    renderRoute('/christmas?utm_source=modal');
    await screen.findByRole('option', { name: '2:30pm–4:30pm — 5 seats left' });
    const form = await fillValidOrder(user);
    await user.type(within(form).getByLabelText('Allergies'), 'Nuts');
    const pay = within(form).getByRole('button', { name: 'Pay Deposit & Confirm' });
    expect(pay).not.toHaveAttribute('aria-disabled');
    await user.click(pay);
    await waitFor(() =>
      expect(server.assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'),
    );
    const checkout = server.sent.find((request) => request.url === '/api/stripe/create-checkout-session');
    expect(checkout?.body).toEqual({
      session: 'xmas-late',
      partyAdults: 1,
      partyChildren: 0,
      name: 'Edith Crawley',
      phone: '07700 900321',
      email: 'edith@example.com',
      allergies: 'Nuts',
      occasionNotes: '',
      specialNotes: '',
      selections: {
        starters: [],
        mains: [{ item: 'lamb-shank', count: 1 }],
        desserts: [{ item: 'cheese-board', count: 1 }],
      },
      marketingConsent: false,
      utmSource: 'modal',
    });
  });

  it('fills the order in again when the guest comes back from the payment page', async () => {
    stubServer({ availability: OPEN });
    const user = userEvent.setup();
    const first = renderRoute('/christmas');
    await screen.findByRole('option', { name: '2:30pm–4:30pm — 5 seats left' });
    const form = await fillValidOrder(user);
    await user.type(within(form).getByLabelText('Allergies'), 'Nuts');
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalled());
    first.unmount();

    // Back from the payment page: the browser loads /christmas afresh.
    renderRoute('/christmas');
    const again = await screen.findByRole('form', { name: 'Christmas Day pre-order' });
    await waitFor(() => expect(within(again).getByLabelText(/^Name/)).toHaveValue('Edith Crawley'));
    expect(within(again).getByLabelText(/^Email/)).toHaveValue('edith@example.com');
    expect(within(again).getByLabelText(/^Sitting/)).toHaveValue('xmas-late');
    expect(within(again).getByLabelText('Allergies')).toHaveValue('Nuts');
    expect(within(again).getByRole('button', { name: 'One fewer Slow-braised lamb shank' })).toBeEnabled();
    expect(within(again).getByRole('button', { name: 'Pay Deposit & Confirm' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('offers news of events and offers as an optional box, unticked, and sends it when ticked', async () => {
    const server = stubServer({ availability: OPEN });
    const user = userEvent.setup();
    renderRoute('/christmas');
    await screen.findByRole('option', { name: '2:30pm–4:30pm — 5 seats left' });
    const form = await fillValidOrder(user);
    const news = expectOptionalNewsBox(form);
    await user.click(news);
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    await waitFor(() => expect(server.assign).toHaveBeenCalled());
    const checkout = server.sent.find((request) => request.url === '/api/stripe/create-checkout-session');
    expect(checkout?.body).toMatchObject({ marketingConsent: true });
  });

  it('shows the server’s error, or ‘Failed to start checkout’ without one', async () => {
    let answer = Response.json({ error: 'Only 0 seats left in this sitting.' }, { status: 409 });
    stubServer({ availability: OPEN, checkout: () => answer });
    const user = userEvent.setup();
    renderRoute('/christmas');
    await screen.findByRole('option', { name: '2:30pm–4:30pm — 5 seats left' });
    const form = await fillValidOrder(user);
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only 0 seats left in this sitting.');
    answer = new Response('oops', { status: 500 });
    await user.click(within(form).getByRole('button', { name: 'Pay Deposit & Confirm' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Failed to start checkout'),
    );
  });
});
