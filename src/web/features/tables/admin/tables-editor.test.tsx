import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import {
  changeList,
  openEditor,
  restoreStubsAroundEachTest,
  saveButton,
} from '#web/features/content/admin/editor-test-kit.ts';
import { stubContentApi } from '#web/features/content/admin/fake-content-api.ts';

const seed = seedContent.tables;

/** The last entry of a list: the one staff have just added. */
const lastOf = (name: string) =>
  within(screen.getByRole('list', { name })).getAllByRole('listitem').at(-1) as HTMLElement;

type User = ReturnType<typeof userEvent.setup>;

async function retype(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
}

async function saved(user: User) {
  await user.click(saveButton());
  expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
}

describe('the tables editor', () => {
  restoreStubsAroundEachTest();

  it('adds an area, a table in it and a join, sets the pacing, and saves them with the mode unchanged', async () => {
    const { api, user } = await openEditor('/admin/content/tables');
    expect(
      await screen.findByText(/^Capacity is counted by covers \(the booking settings\)/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add an area' }));
    const area = lastOf('Areas');
    expect(within(area).getByLabelText('Name')).toHaveFocus();
    await user.type(within(area).getByLabelText('Name'), 'Terrace');
    await user.click(within(area).getByRole('button', { name: 'Close Terrace for some days' }));
    await user.type(within(area).getByLabelText('From'), '2026-11-01');
    await user.type(within(area).getByLabelText('To'), '2027-03-31');
    await user.type(within(area).getByLabelText('Reason'), 'Winter');

    await user.click(screen.getByRole('button', { name: 'Add a table' }));
    const table = lastOf('Tables');
    expect(within(table).getByLabelText('Name')).toHaveFocus();
    await user.type(within(table).getByLabelText('Name'), 'Terrace 1');
    await user.selectOptions(within(table).getByLabelText('Area'), 'Terrace');
    await retype(user, within(table).getByLabelText('Smallest party'), '2');
    await retype(user, within(table).getByLabelText('Largest party'), '4');
    await user.selectOptions(within(table).getByLabelText('Who may book it'), 'Walk-ins only');

    await user.click(screen.getByRole('button', { name: 'Add a join' }));
    const join = lastOf('Joins');
    await user.type(within(join).getByLabelText('Name'), 'Terrace 1 + Garden 1');
    const together = within(join).getByRole('group', { name: 'Tables put together' });
    await user.click(within(together).getByRole('checkbox', { name: 'Terrace 1' }));
    await user.click(within(together).getByRole('checkbox', { name: 'Garden 1' }));
    await retype(user, within(join).getByLabelText('Smallest party'), '3');
    await retype(user, within(join).getByLabelText('Largest party'), '8');

    const lunch = screen.getByRole('group', { name: 'Lunch' });
    await retype(user, within(lunch).getByLabelText('Online limit'), '20');
    await retype(user, within(lunch).getByLabelText('Staff limit'), '');
    const dinner = screen.getByRole('group', { name: 'Dinner' });
    await retype(user, within(dinner).getByLabelText('Online limit'), '');
    await retype(user, within(dinner).getByLabelText('Staff limit'), '30');
    await user.selectOptions(screen.getByLabelText('Counted in every'), '30 minutes');
    await retype(user, screen.getByLabelText('Offer no-show after, minutes'), '20');

    expect(changeList()).toHaveTextContent('Areas › Terrace: added');
    expect(changeList()).toHaveTextContent('Tables › Terrace 1: added');
    expect(changeList()).toHaveTextContent('Pacing › lunch › staff limit: 24 → no limit');
    expect(changeList()).toHaveTextContent('Pacing › counted in every: 15 minutes → 30 minutes');

    await saved(user);
    expect(api.savedDocument('tables')).toEqual({
      ...seed,
      mode: 'covers',
      areas: [
        ...seed.areas,
        {
          id: 'terrace',
          name: 'Terrace',
          closed: [{ from: '2026-11-01', to: '2027-03-31', reason: 'Winter' }],
        },
      ],
      tables: [
        ...seed.tables,
        { id: 'terrace-1', name: 'Terrace 1', area: 'terrace', minCovers: 2, maxCovers: 4, use: 'walk-in' },
      ],
      joins: [
        ...seed.joins,
        {
          id: 'terrace-1-garden-1',
          name: 'Terrace 1 + Garden 1',
          tables: ['garden-1', 'terrace-1'],
          minCovers: 3,
          maxCovers: 8,
        },
      ],
      pacing: {
        intervalMinutes: 30,
        lunch: { online: 20, staff: null },
        dinner: { online: null, staff: 30 },
      },
      noShowAfterMinutes: 20,
    });
  });

  it('gives a new entry its id from its name, what points at it follows, and a saved id never changes', async () => {
    const { api, user } = await openEditor('/admin/content/tables');
    await user.click(await screen.findByRole('button', { name: 'Add an area' }));
    await user.type(within(lastOf('Areas')).getByLabelText('Name'), 'Cellar');
    await user.click(screen.getByRole('button', { name: 'Add a table' }));
    await user.type(within(lastOf('Tables')).getByLabelText('Name'), 'Snug');
    await user.selectOptions(within(lastOf('Tables')).getByLabelText('Area'), 'Cellar');
    await retype(user, within(lastOf('Areas')).getByLabelText('Name'), 'Wine cellar');
    expect(within(lastOf('Tables')).getByLabelText('Area')).toHaveDisplayValue('Wine cellar');

    await saved(user);
    expect(api.savedDocument('tables').areas.at(-1)).toEqual({
      id: 'wine-cellar',
      name: 'Wine cellar',
      closed: [],
    });
    // The seed has a table called "snug" already.
    expect(api.savedDocument('tables').tables.at(-1)).toMatchObject({ id: 'snug-2', area: 'wine-cellar' });

    await retype(user, within(lastOf('Areas')).getByLabelText('Name'), 'Cellar bar');
    await user.click(saveButton());
    expect(await screen.findByText(/version 3/)).toBeInTheDocument();
    expect(api.savedDocument('tables').areas.at(-1)).toEqual({
      id: 'wine-cellar',
      name: 'Cellar bar',
      closed: [],
    });
    expect(api.savedDocument('tables').tables.at(-1)).toMatchObject({ id: 'snug-2', area: 'wine-cellar' });
  });

  it('shows a table seating fewer than its minimum under its field, and saves nothing', async () => {
    const { api, user } = await openEditor('/admin/content/tables');
    const tables = await screen.findByRole('list', { name: 'Tables' });
    await user.click(within(tables).getByRole('button', { name: /^Table 1/ }));
    const first = within(tables).getAllByRole('listitem')[0] as HTMLElement;
    await retype(user, within(first).getByLabelText('Smallest party'), '3');
    expect(within(first).getByLabelText('Largest party')).toHaveAccessibleDescription(
      /Must seat at least its minimum/,
    );

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('says capacity is counted by the tables in tables mode, keeps that mode, and labels every field', async () => {
    const api = stubContentApi();
    api.saveElsewhere('tables', (document) => {
      document.mode = 'tables';
    });
    const user = userEvent.setup();
    const { container } = renderRoute('/admin/content/tables');
    expect(await screen.findByText('Capacity is counted by these tables.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a table' }));
    await user.click(screen.getByRole('button', { name: 'Add a join' }));
    const fields = container.querySelectorAll('input, select, textarea');
    expect(fields.length).toBeGreaterThan(10);
    for (const field of fields) expect(field).toHaveAccessibleName();

    await user.type(within(lastOf('Tables')).getByLabelText('Name'), 'Window');
    await user.click(screen.getByRole('button', { name: 'Remove Join 4' }));
    await saved(user);
    expect(api.savedDocument('tables').mode).toBe('tables');
    expect(api.savedDocument('tables').tables.at(-1)).toMatchObject({ id: 'window', name: 'Window' });
  });
});
