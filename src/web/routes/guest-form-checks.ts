import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** A guest form's box for news of events and offers: optional, unticked, beside how the pub uses details. */
export function expectOptionalNewsBox(form: HTMLElement): HTMLElement {
  const news = within(form).getByRole('checkbox', { name: /Send me news of events and offers/ });
  expect(news).not.toBeChecked();
  expect(news).not.toBeRequired();
  expect(within(form).getByRole('link', { name: 'How we use your details' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  return news;
}
