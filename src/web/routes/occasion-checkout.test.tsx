import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { fakeApi } from './fake-api.ts';

const PID = 'pid_abcdefghijklmnopqrstuvwxyz012345';
const ORGANISER_URL = 'http://127.0.0.1:4931/occasions/organiser/token';

/** The checkout answers each poll with the next of `states`, the last one for ever after. */
function serve(states: { status: string; organiserUrl: string | null }[] | number) {
  const replace = vi.fn();
  vi.stubGlobal('location', { ...window.location, replace });
  let polls = 0;
  const sent = fakeApi(({ method, url }) => {
    if (method === 'GET' && url === `/api/occasions/checkouts/${PID}`) {
      if (typeof states === 'number')
        return Response.json({ error: 'We could not find that booking.' }, { status: states });
      const state = states[Math.min(polls, states.length - 1)];
      polls++;
      return Response.json(state);
    }
    if (method === 'POST' && url === `/api/occasions/checkouts/${PID}/release`) {
      return Response.json({ status: 'CANCELLED', organiserUrl: null });
    }
    return undefined;
  });
  return { sent, replace };
}

afterEach(() => vi.unstubAllGlobals());

describe('/occasions/checkout', () => {
  it('says the table is booked once paid, and goes to the organiser’s page', async () => {
    const { replace } = serve([{ status: 'CONFIRMED', organiserUrl: ORGANISER_URL }]);
    renderRoute(`/occasions/checkout?pid=${PID}`);
    expect(
      await screen.findByRole('heading', { name: 'Payment received, your table is booked' }),
    ).toBeInTheDocument();
    // The page goes on once it has drawn the good news: in an effect after that render.
    await waitFor(() => expect(replace).toHaveBeenCalledWith(ORGANISER_URL));
    expect(screen.getByRole('link', { name: 'Open it now' })).toHaveAttribute('href', ORGANISER_URL);
  });

  it('keeps checking while the payment settles', async () => {
    const { replace, sent } = serve([
      { status: 'HELD', organiserUrl: null },
      { status: 'CONFIRMED', organiserUrl: ORGANISER_URL },
    ]);
    renderRoute(`/occasions/checkout?pid=${PID}`);
    expect(await screen.findByRole('heading', { name: 'Confirming your booking…' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Payment received, your table is booked' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveBeenCalledWith(ORGANISER_URL));
    expect(sent.filter((request) => request.method === 'GET' && request.url.includes(PID))).toHaveLength(2);
  });

  it('says an expired checkout booked nothing, with the way back', async () => {
    const { replace } = serve([{ status: 'EXPIRED', organiserUrl: null }]);
    renderRoute(`/occasions/checkout?pid=${PID}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This checkout expired');
    expect(alert).toHaveTextContent('No booking was made and the seats we held have been released.');
    expect(within(alert).getByRole('link', { name: 'See what’s on' })).toHaveAttribute('href', '/events');
    expect(replace).not.toHaveBeenCalled();
  });

  it('says a cancelled booking was cancelled', async () => {
    serve([{ status: 'CANCELLED', organiserUrl: null }]);
    renderRoute(`/occasions/checkout?pid=${PID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking was cancelled');
  });

  it('says so when the link names no booking', async () => {
    serve(404);
    renderRoute(`/occasions/checkout?pid=${PID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find your booking');
  });

  it('without a pid, says the booking cannot be found and asks nothing', async () => {
    const { sent } = serve([]);
    renderRoute('/occasions/checkout');
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t find your booking');
    expect(sent).toEqual([]);
  });

  it('back from the payment page without paying, releases the held seats', async () => {
    const { sent } = serve([{ status: 'HELD', organiserUrl: null }]);
    renderRoute(`/occasions/checkout?pid=${PID}&cancelled=1`);
    expect(await screen.findByRole('heading', { name: 'Your seats have been released' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', url: `/api/occasions/checkouts/${PID}/release` }]),
    );
  });
});
