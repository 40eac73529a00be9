import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_MESSAGES } from '#shared/events/form.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { event, stubServer, TUESDAY } from './admin-fixture.ts';

describe('staff admin', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('events', () => {
    it('says ‘No events yet.’ with none', async () => {
      stubServer();
      renderRoute('/admin/events');
      expect(await screen.findByText('No events yet.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Add Event' })).toHaveAttribute('href', '/admin/events/new');
    });

    it('asks ‘Delete this event?’ and deletes only when confirmed', async () => {
      const user = userEvent.setup();
      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      const server = stubServer({ events: [event] });
      renderRoute('/admin/events');
      const row = await screen.findByRole('row', { name: /Thursday Quiz Night/ });
      expect(row).toHaveTextContent('thursday-quiz-night');
      expect(row).toHaveTextContent('No');
      await user.click(within(row).getByRole('button', { name: 'Delete Thursday Quiz Night' }));
      expect(confirm).toHaveBeenCalledWith('Delete this event?');
      expect(server.sent.some((call) => call.method === 'DELETE')).toBe(false);
      await user.click(within(row).getByRole('button', { name: 'Delete Thursday Quiz Night' }));
      expect(await screen.findByText('No events yet.')).toBeInTheDocument();
      expect(server.sent).toContainEqual(
        expect.objectContaining({ method: 'DELETE', url: '/api/events/e1' }),
      );
    });

    it('says ‘Event not found’ for an unknown id', async () => {
      stubServer({ events: [event] });
      renderRoute('/admin/events/no-such-id');
      expect(await screen.findByRole('alert')).toHaveTextContent('Event not found');
    });

    it('fills the form of an existing event', async () => {
      stubServer({ events: [event] });
      renderRoute('/admin/events/e1');
      expect(await screen.findByLabelText(/^Title/)).toHaveValue('Thursday Quiz Night');
      expect(screen.getByLabelText(/^Tags/)).toHaveValue('quiz');
      expect(screen.getByLabelText(/^Button label/)).toHaveValue('');
    });

    it('checks the required fields, suggests a slug and sends the event', async () => {
      const user = userEvent.setup();
      const server = stubServer();
      const { location } = renderRoute('/admin/events/new');
      const save = await screen.findByRole('button', { name: 'Save Event' });
      await user.click(save);
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a title.');
      expect(screen.getByLabelText(/^Title/)).toHaveFocus();

      await user.type(screen.getByLabelText(/^Title/), 'Quiz & Curry Night');
      expect(screen.getByLabelText(/^Slug/)).toHaveValue('quiz-curry-night');
      await user.click(save);
      expect(screen.getByRole('alert')).toHaveTextContent('Please choose a date.');

      await user.type(screen.getByLabelText(/^Date/), TUESDAY);
      await user.type(screen.getByLabelText(/^Time/), '19:30');
      await user.type(screen.getByLabelText(/^Tags/), 'quiz, food');
      await user.click(save);
      await waitFor(() => expect(location().pathname).toBe('/admin/events'));
      expect(server.sent).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          url: '/api/events',
          body: expect.objectContaining({
            title: 'Quiz & Curry Night',
            slug: 'quiz-curry-night',
            tags: 'quiz, food',
          }),
        }),
      );
      expect(await screen.findByRole('status')).toHaveTextContent('Saved “Quiz & Curry Night”.');
    });

    it('makes an event take bookings within its own covers, or says how to come', async () => {
      const user = userEvent.setup();
      const server = stubServer({ events: [event] });
      const { location } = renderRoute('/admin/events/e1');
      const howToCome = await screen.findByLabelText('How to come');
      expect(howToCome).toHaveAttribute('placeholder', 'Walk in: tickets £12 on the door');
      await user.click(screen.getByLabelText('Guests book a table for it'));
      expect(screen.queryByLabelText('How to come')).toBeNull();
      const covers = screen.getByLabelText(/^Covers/);
      await user.clear(covers);
      await user.type(covers, '0');
      const save = screen.getByRole('button', { name: 'Save Event' });
      await user.click(save);
      expect(screen.getByRole('alert')).toHaveTextContent(EVENT_MESSAGES.bookingCovers);
      expect(covers).toHaveFocus();
      await user.clear(covers);
      await user.type(covers, '40');
      await user.click(save);
      await waitFor(() => expect(location().pathname).toBe('/admin/events'));
      expect(server.sent).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          url: '/api/events/e1',
          body: expect.objectContaining({ takesBookings: true, bookingCovers: 40 }),
        }),
      );
    });
  });
});
