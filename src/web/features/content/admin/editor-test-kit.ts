import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { stubContentApi } from './fake-content-api.ts';

/** Each test of a content screen starts with no global stubbed (fetch) and ends with its mocks restored. */
export function restoreStubsAroundEachTest() {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** The content editor's Save button. */
export const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

/** "What will change", as a list: absent while nothing has changed. */
export const changeList = () => screen.getByRole('list', { name: 'Changes' });

/**
 * Opens a content screen on the fake content API, as the signed-in member of staff, once it has settled: its
 * versions list, a chunk of its own, has arrived. Arriving while a test types, its render could reset a field
 * user-event was clearing (a booking-settings test typed "10" into "24" and read "2410").
 */
export async function openEditor(path: string) {
  const api = stubContentApi();
  const user = userEvent.setup();
  renderRoute(path);
  await screen.findByRole('region', { name: 'Previous versions' });
  return { api, user };
}
