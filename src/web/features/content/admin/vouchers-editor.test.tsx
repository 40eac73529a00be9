import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '#shared/content/documents.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { changeList, openEditor, restoreStubsAroundEachTest, saveButton } from './editor-test-kit.ts';
import { stubContentApi } from './fake-content-api.ts';

async function saveAndRead(api: ReturnType<typeof stubContentApi>) {
  const user = userEvent.setup();
  await user.click(saveButton());
  expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  const saved = api.saves().at(-1);
  if (!saved) throw new Error('Nothing was saved');
  expect(saved.url).toBe('/api/admin/content/vouchers');
  return (saved.body as { document: ContentDocument<'vouchers'> }).document;
}

describe('the gift vouchers editor', () => {
  restoreStubsAroundEachTest();

  it('is listed among the site’s content', async () => {
    stubContentApi();
    renderRoute('/admin/content');
    expect(await screen.findByRole('link', { name: /Gift vouchers/ })).toHaveAttribute(
      'href',
      '/admin/content/vouchers',
    );
  });

  it('adds an amount in pounds, changes the custom limit and a term, and saves them', async () => {
    const { api, user } = await openEditor('/admin/content/vouchers');
    const amounts = await screen.findByRole('region', { name: 'Amounts' });
    expect(within(amounts).getByLabelText('Amount 2, in pounds')).toHaveValue('50.00');
    await user.click(within(amounts).getByRole('button', { name: 'Add an amount' }));
    const added = within(amounts).getByLabelText('Amount 4, in pounds');
    await user.clear(added);
    await user.type(added, '75');
    await user.tab();
    const largest = screen.getByLabelText('Largest, in pounds');
    await user.clear(largest);
    await user.type(largest, '300');
    await user.tab();
    const term = screen.getByLabelText('Term 3');
    await user.clear(term);
    await user.type(term, 'No cash alternative.');
    await waitFor(() => expect(changeList()).toHaveTextContent('Largest other amount: £250.00 → £300.00'));

    const saved = await saveAndRead(api);
    expect(saved.amountsPence).toEqual([...seedContent.vouchers.amountsPence, 7500]);
    expect(saved.customMaxPence).toBe(30_000);
    expect(saved.terms[2]).toBe('No cash alternative.');
    expect(saved.headline).toBe(seedContent.vouchers.headline);
  });

  it('takes vouchers off sale and refuses a smallest amount above the largest', async () => {
    const { api, user } = await openEditor('/admin/content/vouchers');
    await user.click(await screen.findByRole('checkbox', { name: 'Sell gift vouchers on the website' }));
    const smallest = screen.getByLabelText('Smallest, in pounds');
    await user.clear(smallest);
    await user.type(smallest, '400');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByLabelText('Largest, in pounds')).toHaveAccessibleDescription(
        /at least the smallest custom amount/,
      ),
    );
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot save yet');
    expect(api.saves()).toEqual([]);

    await user.clear(smallest);
    await user.type(smallest, '10');
    await user.tab();
    const saved = await saveAndRead(api);
    expect(saved.onSale).toBe(false);
    expect(saved.customMinPence).toBe(1000);
  });
});
