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

/** Opens a content screen on the fake content API, as the signed-in member of staff. */
export function openEditor(path: string) {
  const api = stubContentApi();
  const user = userEvent.setup();
  renderRoute(path);
  return { api, user };
}
