import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { beginHydration, PageHydrated } from '#web/hooks/use-hydrated.ts';
import { ReadyFieldset } from './ready-fieldset.tsx';

function Form() {
  return (
    <form aria-label="Book a table">
      <ReadyFieldset>
        <label>
          Name <input name="name" />
        </label>
        <button type="submit">Book Table</button>
      </ReadyFieldset>
    </form>
  );
}

/** The form as the server sent it, in the page, until `hydrate` lets React take it over. */
function serverRendered() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  let root: Root | undefined;
  return {
    fieldset: container.querySelector('fieldset'),
    hydrate: (client: ReactNode = <Form />) =>
      act(async () => {
        root = hydrateRoot(container, client);
      }),
    /** Unmounted, so nothing it scheduled (the frame that brings the transitions back) outlives the test. */
    remove() {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

describe('ReadyFieldset', () => {
  it('arrives from the server disabled, and React enables it once the page is hydrated', async () => {
    const page = serverRendered();
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Book Table' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Getting the form ready…');

    await page.hydrate();
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Book Table' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    page.remove();
  });

  it('enables its controls without their transitions, which are back once that frame is drawn', async () => {
    const page = serverRendered();
    expect(page.fieldset).toHaveClass('**:transition-none');
    await page.hydrate();
    expect(screen.getByLabelText('Name')).toBeEnabled();
    await waitFor(() => expect(page.fieldset).not.toHaveClass('**:transition-none'));
    page.remove();
  });

  it('is enabled in a transition after hydration when the entry hydrates the page', async () => {
    const page = serverRendered();
    beginHydration();
    await page.hydrate(
      <>
        <Form />
        <PageHydrated />
      </>,
    );
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    page.remove();
    // A form mounted later, once the page is live, works from its first render.
    render(<Form />);
    expect(screen.getByLabelText('Name')).toBeEnabled();
  });

  it('is enabled from the start when the browser renders the form itself', () => {
    render(<Form />);
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
