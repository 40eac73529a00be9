import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '#shared/booking/validation.ts';
import { DEPOSIT_MESSAGES } from '#shared/deposits/messages.ts';
import type { PaymentOutcome } from '#shared/deposits/payment-schemas.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { storedBookingFixture } from '#tests/helpers/stored-booking.ts';
import { paymentOutcomeFixture } from '../features/deposits/payment-fixtures.ts';
import { fakeApi } from './fake-api.ts';

const PID = 'pid_return';
const TOKEN = 'r'.repeat(43);

/** The payment as the server answers the return page: `answers` in turn to finalize, cancel and each poll. */
function stubServer(answers: PaymentOutcome['status'][]) {
  const queue = [...answers];
  return fakeApi(({ url }) => {
    if (url.startsWith(`/api/bookings/payments/${PID}`)) {
      const status = queue.length > 1 ? queue.shift() : queue[0];
      return Response.json(paymentOutcomeFixture('deposit', status ?? 'awaiting'));
    }
    if (url === `/api/bookings/manage/${TOKEN}`) {
      return Response.json({ booking: storedBookingFixture({ reference: 'RC-DEP234' }), started: false });
    }
    return undefined;
  });
}

const calls = (sent: { method: string; url: string }[]) =>
  sent.filter((request) => request.url.startsWith('/api/bookings/')).map((r) => `${r.method} ${r.url}`);

describe('the checkout’s return page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finalizes the payment and opens the guest’s own page, as a booking just made', async () => {
    sessionStorage.setItem(`deposit-return:${PID}`, `https://pub.test/bookings/manage/${TOKEN}`);
    const sent = stubServer(['confirmed']);
    const { location } = renderRoute(`/bookings/payment?pid=${PID}`);
    await waitFor(() => expect(location().pathname).toBe(`/bookings/manage/${TOKEN}`));
    expect(location().search).toBe('?booked');
    expect(await screen.findByText(BOOKING_MESSAGES.success)).toBeInTheDocument();
    expect(calls(sent)[0]).toBe(`POST /api/bookings/payments/${PID}/finalize`);
    expect(sessionStorage.getItem(`deposit-return:${PID}`)).toBeNull();
  });

  it('says the reference and where the link was e-mailed when this tab kept no page', async () => {
    stubServer(['confirmed']);
    const { location } = renderRoute(`/bookings/payment?pid=${PID}`);
    const confirmed = (await screen.findByText('Your reference is RC-DEP234.')).closest('[role="status"]');
    expect(confirmed).toHaveTextContent('Your booking is confirmed');
    expect(confirmed).toHaveTextContent('The e-mail we sent to ada@example.com has your link');
    expect(location().pathname).toBe('/bookings/payment');
  });

  it('says the time to pay ran out, with the way back to the booking form', async () => {
    stubServer(['lapsed']);
    renderRoute(`/bookings/payment?pid=${PID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEPOSIT_MESSAGES.holdLapsed);
    expect(screen.getByRole('link', { name: 'Book a table' })).toHaveAttribute('href', '/bookings');
  });

  it('releases the places when the guest left the checkout, and says nothing was taken', async () => {
    const sent = stubServer(['lapsed']);
    renderRoute(`/bookings/payment?pid=${PID}&left`);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEPOSIT_MESSAGES.cancelledAtCheckout);
    expect(calls(sent)).toEqual([`POST /api/bookings/payments/${PID}/cancel`]);
  });

  it('waits for the provider, asking again until the payment has arrived', async () => {
    sessionStorage.setItem(`deposit-return:${PID}`, `https://pub.test/bookings/manage/${TOKEN}`);
    const sent = stubServer(['awaiting', 'confirmed']);
    const { location } = renderRoute(`/bookings/payment?pid=${PID}`);
    expect(await screen.findByText(DEPOSIT_MESSAGES.awaiting)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe(`/bookings/manage/${TOKEN}`));
    expect(calls(sent).slice(0, 2)).toEqual([
      `POST /api/bookings/payments/${PID}/finalize`,
      `GET /api/bookings/payments/${PID}`,
    ]);
  });
});
