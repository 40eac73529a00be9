import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { restoreStubsAroundEachTest, saveButton } from './editor-test-kit.ts';
import { STAFF_EMAIL, stubContentApi } from './fake-content-api.ts';

const PATH = '/admin/content/booking-settings';
const seedCapacity = seedContent['booking-settings'].coversPerSlot;

async function capacityField() {
  return screen.findByLabelText('Guests seated at once');
}

async function setCapacity(value: string) {
  const user = userEvent.setup();
  const field = await capacityField();
  // Typing over the whole text (not clear, then type): one edit, so nothing can land between the two.
  await user.type(field, value, { initialSelectionStart: 0, initialSelectionEnd: Number.MAX_SAFE_INTEGER });
  expect(field).toHaveValue(value);
  return { user, field };
}

const changes = () => screen.queryByRole('list', { name: 'Changes' });

describe('the content editor', () => {
  restoreStubsAroundEachTest();

  it('says what will change, saves the whole document on the version it started from, then starts from the new one', async () => {
    const api = stubContentApi();
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Table bookings' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing has changed yet.')).toBeVisible();
    expect(saveButton()).toBeDisabled();

    const { user } = await setCapacity('9');
    expect(changes()).toHaveTextContent(`Guests seated at once: ${seedCapacity} → 9`);
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Saved. The site shows version 2 now.');
    expect(api.saves()).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/content/booking-settings',
        body: { baseVersion: 1, document: { ...seedContent['booking-settings'], coversPerSlot: 9 } },
      },
    ]);
    expect(screen.getByText('Nothing has changed yet.')).toBeVisible();
    const history = screen.getByRole('region', { name: 'Previous versions' });
    expect(
      await within(history).findByText(`Saved by ${STAFF_EMAIL}, Sunday 22 November 2026, 12pm`),
    ).toBeVisible();

    await setCapacity('10');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved. The site shows version 3 now.');
    expect(api.saves()[1]?.body).toMatchObject({ baseVersion: 2, document: { coversPerSlot: 10 } });
  });

  it('shows the schema’s problem beside the field and refuses to save', async () => {
    const api = stubContentApi();
    renderRoute(PATH);
    const { user, field } = await setCapacity('0');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/Must be 1 or more/);

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot save yet: 1 problem needs correcting.',
    );
    expect(screen.getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'Guests seated at once: must be 1 or more',
    );
    expect(api.saves()).toEqual([]);

    await setCapacity('12');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('list', { name: 'Problems' })).not.toBeInTheDocument();
  });

  it('refuses text that is not a number, and keeps it in the field', async () => {
    const api = stubContentApi();
    renderRoute(PATH);
    const { user, field } = await setCapacity('ten');
    expect(field).toHaveValue('ten');
    expect(field).toHaveAccessibleDescription(/Must be a number/);
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('shows the server’s problems beside their fields when it refuses the document', async () => {
    stubContentApi({
      answerSave: () =>
        Response.json(
          {
            error: 'Please correct the highlighted fields.',
            issues: [{ path: 'coversPerSlot', message: 'is more than the dining room seats' }],
          },
          { status: 400 },
        ),
    });
    renderRoute(PATH);
    const { user, field } = await setCapacity('150');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(field).toHaveAccessibleDescription(/Is more than the dining room seats/);
    expect(screen.getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'Guests seated at once: is more than the dining room seats',
    );
  });

  it('says in the server’s words why it refuses a save for another reason, keeping the draft to change', async () => {
    const refusal =
      'Table C has bookings still to come (RC-ABC123). Move those bookings to other tables first.';
    stubContentApi({ answerSave: () => Response.json({ error: refusal }, { status: 409 }) });
    renderRoute(PATH);
    const { user, field } = await setCapacity('9');
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(within(alert).queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(field).toHaveValue('9');
    expect(saveButton()).toBeEnabled();
  });

  it('never overwrites a save made in the meantime: it says so and reloads the newest version', async () => {
    const api = stubContentApi();
    renderRoute(PATH);
    const { user } = await setCapacity('9');
    api.saveElsewhere('booking-settings', (settings) => {
      settings.coversPerSlot = 12;
    });
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else saved this in the meantime.');
    expect(api.newest('booking-settings').document).toMatchObject({ coversPerSlot: 12 });
    expect(saveButton()).toBeDisabled();

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(async () => expect(await capacityField()).toHaveValue('12'));
    expect(screen.getByText('Nothing has changed yet.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('restores a previous version after asking, and shows it', async () => {
    const api = stubContentApi();
    api.saveElsewhere('booking-settings', (settings) => {
      settings.coversPerSlot = 12;
    });
    const user = userEvent.setup();
    renderRoute(PATH);
    expect(await capacityField()).toHaveValue('12');
    const history = screen.getByRole('region', { name: 'Previous versions' });
    expect(await within(history).findByText(/^Saved by cook@pub.example/)).toBeVisible();
    expect(within(history).queryByRole('button', { name: 'Restore version 2' })).not.toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: 'Restore version 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore version 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Version 1 is back. The site shows it now, as version 3.',
    );
    expect(api.sent).toContainEqual({
      method: 'POST',
      url: '/api/admin/content/booking-settings/versions/1/restore',
      body: undefined,
    });
    expect(await capacityField()).toHaveValue(String(seedCapacity));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the site’s first content and a version an upgrade saved, which no one signed', async () => {
    const api = stubContentApi();
    api.saveElsewhere(
      'booking-settings',
      (settings) => {
        settings.coversPerSlot = 12;
      },
      null,
    );
    renderRoute(PATH);
    const history = await screen.findByRole('region', { name: 'Previous versions' });
    expect(
      await within(history).findByText('Updated by an upgrade of the site, Sunday 22 November 2026, 12pm'),
    ).toBeVisible();
    expect(within(history).getByText(/^The site’s first content, /)).toBeVisible();
  });

  it('asks the browser to warn before leaving with changes not saved', async () => {
    stubContentApi();
    renderRoute(PATH);
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await capacityField();
    expect(leave()).toBe(false);
    await setCapacity('9');
    expect(leave()).toBe(true);
  });
});
