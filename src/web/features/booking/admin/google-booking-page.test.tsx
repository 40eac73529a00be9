import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubStaffApi, undoStubsAfterEach } from '#tests/helpers/staff-screen.ts';

describe('Be booked from Google', () => {
  undoStubsAfterEach();

  it('gives the pub’s booking link, copies it, and says how to add it to the Business Profile', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubStaffApi(() => undefined, { role: 'manager' });
    const view = renderRoute('/admin/google');
    expect(await screen.findByRole('heading', { level: 1, name: 'Be booked from Google' })).toBeVisible();
    const link = `${window.location.origin}/book?utm_source=google`;
    expect(screen.getByRole('textbox', { name: 'Your booking link' })).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied.');

    const steps = screen.getByRole('region', { name: 'Add it to your Google Business Profile' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(steps).toHaveTextContent('Edit profile, then Bookings');
    expect(steps).toHaveTextContent('with no sign-in step');
    expect(screen.getByText(/Reserve with Google/).closest('p')).toHaveTextContent(
      'open only to booking platforms under contract with Google',
    );
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(view.container, { rules })).violations).toEqual([]);
  });

  it('is for managers and the owner, who reach it from Site content', async () => {
    const user = userEvent.setup();
    stubStaffApi(() => undefined, { role: 'staff' });
    const { unmount } = renderRoute('/admin/google');
    expect(
      await screen.findByRole('heading', { level: 1, name: "You don't have access to that." }),
    ).toBeVisible();
    unmount();

    stubStaffApi(() => undefined, { role: 'owner' });
    renderRoute('/admin/content');
    await user.click(await screen.findByRole('link', { name: 'Be booked from Google' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Be booked from Google' })).toBeVisible();
  });
});
