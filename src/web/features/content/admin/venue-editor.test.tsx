import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { changeList, openEditor, restoreStubsAroundEachTest, saveButton } from './editor-test-kit.ts';
import { stubContentApi } from './fake-content-api.ts';
import { GARDEN_PHOTO as garden, stubUploadedImages } from './fake-images-api.ts';

describe('the venue editor', () => {
  restoreStubsAroundEachTest();

  it('adds a closed bank holiday to the special dates', async () => {
    const { api, user } = await openEditor('/admin/content/venue?part=dates');
    expect(await screen.findByRole('button', { name: 'Special dates' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Add a special date' }));

    const dates = screen.getByRole('list', { name: 'Special dates' });
    const added = within(dates).getAllByRole('listitem').at(-1) as HTMLElement;
    const date = within(added).getByLabelText('Date');
    expect(date).toHaveFocus();
    await user.type(date, '2026-08-31');
    await user.type(within(added).getByLabelText('Name'), 'Summer bank holiday');
    expect(within(added).getByRole('checkbox', { name: 'Closed all day' })).toBeChecked();
    expect(changeList()).toHaveTextContent('Special dates › Summer bank holiday: added');

    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('venue').specialDates).toEqual([
      ...seedContent.venue.specialDates,
      { date: '2026-08-31', label: 'Summer bank holiday', closed: true },
    ]);
  });

  it('asks for the hours of a special date that is open, and says when a date is listed twice', async () => {
    const { api, user } = await openEditor('/admin/content/venue?part=dates');
    await user.click(await screen.findByRole('button', { name: 'Add a special date' }));
    const added = within(screen.getByRole('list', { name: 'Special dates' }))
      .getAllByRole('listitem')
      .at(-1) as HTMLElement;
    const existing = seedContent.venue.specialDates[0];
    await user.type(within(added).getByLabelText('Date'), existing?.date ?? '');
    await user.type(within(added).getByLabelText('Name'), 'Late opening');
    await user.click(within(added).getByRole('checkbox', { name: 'Closed all day' }));
    expect(within(added).getByLabelText('Opens')).toHaveAccessibleDescription(/Must be a time \(HH:MM\)/);
    expect(within(added).getByLabelText('Closes')).toHaveAccessibleDescription(/Must be a time \(HH:MM\)/);
    expect(screen.getByText('Lists a date twice')).toBeVisible();

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('changes the weekly hours and shows the problems of a hidden part on its button', async () => {
    const { api, user } = await openEditor('/admin/content/venue');
    const email = await screen.findByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'not an address');
    expect(email).toHaveAccessibleDescription(/Must be an e-mail address/);

    await user.click(screen.getByRole('button', { name: 'Opening hours' }));
    expect(screen.getByRole('button', { name: 'Details (1 problem)' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Opening hours' })).getAllByRole('listitem');
    const sunday = rows.at(-1) as HTMLElement;
    const closes = within(sunday).getByLabelText('Closes');
    await user.clear(closes);
    await user.type(closes, '23:00');
    expect(changeList()).toHaveTextContent('Opening hours › Sun › closes: “22:00” → “23:00”');

    await user.click(screen.getByRole('button', { name: 'Details (1 problem)' }));
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'bar@roseandcrown.example');
    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('venue').openingHours.at(-1)).toMatchObject({ days: 'Sun', closes: '23:00' });
    expect(api.savedDocument('venue').email).toBe('bar@roseandcrown.example');
  });

  it('shows the text rule beside the pub’s name: a name pasted too long, or with a tab in it', async () => {
    const { api, user } = await openEditor('/admin/content/venue');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(name);
    await user.paste('The Rose & Crown '.repeat(5));
    expect(name).toHaveAccessibleDescription(/Must be 80 characters or fewer/);
    expect(screen.getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'Name: must be 80 characters or fewer',
    );
    await user.clear(name);
    await user.paste('The Rose\t& Crown');
    expect(name).toHaveAccessibleDescription(/Contains characters we cannot accept/);

    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);
  });

  it('chooses an uploaded photo as the home page picture, with a description of its own', async () => {
    const api = stubContentApi();
    stubUploadedImages();
    const user = userEvent.setup();
    renderRoute('/admin/content/venue');
    const card = await screen.findByRole('region', { name: 'Home page picture' });
    await user.click(within(card).getByRole('button', { name: 'Choose another picture' }));
    await user.click(await within(card).findByRole('radio', { name: garden.alt }));
    expect(changeList()).toHaveTextContent(`Home page picture: the site’s own picture → “${garden.alt}”`);

    const description = within(card).getByLabelText('Description');
    await user.clear(description);
    expect(description).toHaveAccessibleDescription(/Describe the photo for guests who cannot see it/);
    expect(screen.getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'Home page picture › description: Describe the photo for guests who cannot see it.',
    );
    await user.type(description, 'Tables in the beer garden on a summer evening');

    await user.click(saveButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(api.savedDocument('venue').heroPicture).toEqual({
      imageId: garden.id,
      alt: 'Tables in the beer garden on a summer evening',
      width: garden.width,
      height: garden.height,
    });
    expect(api.savedDocument('venue').name).toBe(seedContent.venue.name);
  });
});
