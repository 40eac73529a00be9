import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContentDocument, ContentKey } from '#shared/content/documents.ts';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { changeList, openEditor, restoreStubsAroundEachTest, saveButton } from './editor-test-kit.ts';
import type { stubContentApi } from './fake-content-api.ts';

async function saveAndRead<K extends ContentKey>(api: ReturnType<typeof stubContentApi>, key: K) {
  const user = userEvent.setup();
  await user.click(saveButton());
  expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  const saved = api.saves().at(-1);
  if (!saved) throw new Error('Nothing was saved');
  expect(saved.url).toBe(`/api/admin/content/${key}`);
  return (saved.body as { document: ContentDocument<K> }).document;
}

describe('the content editors', () => {
  restoreStubsAroundEachTest();

  it('booking settings: changes the capacity of a slot and the days of a service', async () => {
    expect(seedContent['booking-settings'].services.lunch.weekdays).toContain(0);
    const { api, user } = await openEditor('/admin/content/booking-settings');
    const capacity = await screen.findByLabelText('Guests seated at once');
    await user.clear(capacity);
    await user.type(capacity, '10');
    const lunchDays = screen.getByRole('group', { name: 'Days with lunch bookings' });
    await user.click(within(lunchDays).getByRole('checkbox', { name: 'Sun' }));
    expect(changeList()).toHaveTextContent(
      'Lunch › days: Sun, Tue, Wed, Thu, Fri, Sat → Tue, Wed, Thu, Fri, Sat',
    );

    const saved = await saveAndRead(api, 'booking-settings');
    expect(saved.coversPerSlot).toBe(10);
    expect(saved.services.lunch.weekdays).toEqual([2, 3, 4, 5, 6]);
    expect(saved.services.dinner).toEqual(seedContent['booking-settings'].services.dinner);
  });

  it('booking settings: turns the standby list off and changes its claim time', async () => {
    const { api, user } = await openEditor('/admin/content/booking-settings');
    const standby = await screen.findByRole('region', { name: 'Standby list' });
    const cap = within(standby).getByLabelText('Standby list: share of a service’s covers (%)');
    expect(cap).toHaveAccessibleDescription(/0 turns the list off/);
    await user.clear(cap);
    await user.type(cap, '0');
    const claim = within(standby).getByLabelText('Minutes a standby guest has to claim a freed table');
    await user.clear(claim);
    await user.type(claim, '20');
    expect(changeList()).toHaveTextContent('Standby list: share of a service’s covers (%): 50 → 0');
    expect(changeList()).toHaveTextContent('Minutes a standby guest has to claim a freed table: 30 → 20');

    const saved = await saveAndRead(api, 'booking-settings');
    expect(saved.standbyCapPercent).toBe(0);
    expect(saved.standbyClaimMinutes).toBe(20);
  });

  it('booking settings: lunch must end before dinner starts', async () => {
    const { api, user } = await openEditor('/admin/content/booking-settings');
    const opens = await screen.findByLabelText('Dinner opens');
    await user.clear(opens);
    await user.type(opens, '15:00');
    expect(opens).toHaveAccessibleDescription(/Lunch must end before dinner starts/);
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('about page: adds a paragraph to the story and moves it up', async () => {
    const story = seedContent.about.story;
    const { api, user } = await openEditor('/admin/content/about');
    await user.click(await screen.findByRole('button', { name: 'Add a paragraph' }));
    const added = screen.getByLabelText(`Paragraph ${story.length + 1}`);
    expect(added).toHaveFocus();
    await user.type(added, 'In 2024 the skittle alley reopened.');
    await user.click(screen.getByRole('button', { name: `Move paragraph ${story.length + 1} up` }));
    expect(screen.getByLabelText(`Paragraph ${story.length}`)).toHaveValue(
      'In 2024 the skittle alley reopened.',
    );

    const saved = await saveAndRead(api, 'about');
    expect(saved.story).toEqual([
      ...story.slice(0, -1),
      'In 2024 the skittle alley reopened.',
      ...story.slice(-1),
    ]);
  });

  it('showtime menu: changes the title and a dish, with no dietary badge to set', async () => {
    const [firstTitle = ''] = Object.keys(seedContent['showtime-menu'].sections);
    const [firstDish] = seedContent['showtime-menu'].sections[firstTitle] ?? [];
    if (!firstDish) throw new Error('No showtime dish');
    const { api, user } = await openEditor('/admin/content/showtime-menu');
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Quiz Night Menu');
    const section = screen.getByRole('region', { name: firstTitle });
    await user.click(within(section).getByRole('button', { name: new RegExp(`^${firstDish.name}`) }));
    expect(within(section).queryByLabelText('Dietary badge')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'Off today (shown struck through)' }));

    const saved = await saveAndRead(api, 'showtime-menu');
    expect(saved.title).toBe('Quiz Night Menu');
    expect(saved.sections[firstTitle]?.[0]).toEqual({ ...firstDish, offToday: true });
  });
});
