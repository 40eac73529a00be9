import { expect, expectNoAxeViolations, SEVERAL_SCREENS_TIMEOUT, test, useOwnerSession } from './fixtures.ts';

/**
 * The walk-in queue (issue 31) behind the bar, on the main server (covers mode): three parties added, one told
 * their table is ready, one seated. Each project's parties carry its own names: both share tonight's queue.
 */
test.describe('Walk-in queue', () => {
  test('staff add three parties, tell one their table is ready and seat them', async ({ page }, testInfo) => {
    test.setTimeout(SEVERAL_SCREENS_TIMEOUT * 2);
    const tag = `${testInfo.project.name} ${testInfo.retry}`;
    await useOwnerSession(page);
    await page.goto('/admin/queue');
    await expect(page.getByRole('heading', { level: 1, name: 'Walk-in queue' })).toBeVisible();
    await expectNoAxeViolations(page);

    for (const [name, size, contact] of [
      [`Ada ${tag}`, 2, { Phone: '07700 900601' }],
      [`Bert ${tag}`, 4, { Email: 'bert@example.com' }],
      [`Cora ${tag}`, 3, { Phone: '07700 900603' }],
    ] as const) {
      await page.getByRole('button', { name: 'Add to queue' }).click();
      const form = page.getByRole('form', { name: 'Add to queue' });
      await form.getByRole('button', { name: `Party of ${size}` }).click();
      await form.getByLabel(/^Name/).fill(name);
      for (const [label, value] of Object.entries(contact))
        await form.getByLabel(new RegExp(`^${label}`)).fill(value);
      if (name.startsWith('Ada')) await expectNoAxeViolations(page);
      await form.getByRole('button', { name: 'Add to queue' }).click();
      await expect(page.getByText(new RegExp(`^${name}, ${size} guests, added to the queue`))).toBeVisible();
    }

    const waiting = page.getByRole('list', { name: 'Waiting' });
    const ada = waiting.getByRole('listitem', { name: new RegExp(`Ada ${tag}`) });
    await expect(ada).toContainText(/Table free now|About \d|No table tonight/);
    await expectNoAxeViolations(page);

    await ada.getByRole('button', { name: `Table ready Ada ${tag}` }).click();
    await expect(ada).toContainText(/Told at/);

    await ada.getByRole('button', { name: `Seat Ada ${tag}` }).click();
    await page.getByRole('button', { name: 'Seat now' }).click();
    await expect(page.getByText(new RegExp(`^Ada ${tag}, 2 guests, seated \\(RC-`))).toBeVisible();
    await expect(waiting.getByRole('listitem', { name: new RegExp(`Ada ${tag}`) })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
