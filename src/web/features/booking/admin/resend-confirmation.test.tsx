import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMATION_RESEND_MESSAGES } from '#shared/mail/outbox.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { BookingDrawer } from './booking-drawer.tsx';

const ignore = () => {};

/**
 * The server's answer to the resend, held until `answer` is called; the site's content as seeded; anything else the
 * panel asks is not found.
 */
function stubResend() {
  const calls: { method: string; url: string }[] = [];
  let answer: (response: Response) => void = ignore;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(input) });
      const content = /^\/api\/content\/([\w-]+)$/.exec(String(input))?.[1];
      if (content && content in seedContent) {
        return Promise.resolve(Response.json(seedContent[content as keyof typeof seedContent]));
      }
      if (method !== 'POST') return Promise.resolve(Response.json({ error: 'Not found' }, { status: 404 }));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }),
  );
  return { calls, answer: (response: Response) => answer(response) };
}

function drawer(overrides: Parameters<typeof storedBookingFixture>[0] = {}, canResendConfirmation = true) {
  return render(
    <BookingDrawer
      booking={storedBookingFixture(overrides)}
      onClose={ignore}
      onStatusChange={ignore}
      onChanged={ignore}
      canResendConfirmation={canResendConfirmation}
    />,
  );
}

describe('"Resend confirmation" in a booking’s panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('queues the confirmation again and says where it is going', async () => {
    const user = userEvent.setup();
    const server = stubResend();
    drawer();
    const panel = screen.getByRole('dialog', { name: 'Tom Adeyemi' });
    await user.click(within(panel).getByRole('button', { name: CONFIRMATION_RESEND_MESSAGES.button }));

    expect(within(panel).getByRole('button', { name: CONFIRMATION_RESEND_MESSAGES.busy })).toBeDisabled();
    // The panel's other parts read what they show (GET); the one thing sent is the resend.
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([
      { method: 'POST', url: '/api/admin/bookings/b1/resend-confirmation' },
    ]);
    server.answer(Response.json({ id: 'm2', status: 'PENDING' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'The confirmation is on its way to tom@example.com.',
    );
    expect(within(panel).getByRole('button', { name: CONFIRMATION_RESEND_MESSAGES.button })).toBeEnabled();
  });

  it('shows the server’s reason when there is nothing to resend', async () => {
    const user = userEvent.setup();
    const server = stubResend();
    drawer({ email: '' });
    await user.click(screen.getByRole('button', { name: CONFIRMATION_RESEND_MESSAGES.button }));
    server.answer(Response.json({ error: CONFIRMATION_RESEND_MESSAGES.noEmail }, { status: 409 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRMATION_RESEND_MESSAGES.noEmail);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('is not offered to a role the server would refuse, nor for a cancelled booking', () => {
    stubResend();
    const { unmount } = drawer({}, false);
    expect(
      screen.queryByRole('button', { name: CONFIRMATION_RESEND_MESSAGES.button }),
    ).not.toBeInTheDocument();
    unmount();
    drawer({ status: 'CANCELLED' });
    expect(
      screen.queryByRole('button', { name: CONFIRMATION_RESEND_MESSAGES.button }),
    ).not.toBeInTheDocument();
  });
});
