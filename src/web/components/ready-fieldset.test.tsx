import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
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

describe('ReadyFieldset', () => {
  it('arrives from the server disabled, and React enables it once the page is hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Book Table' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Getting the form ready…');

    await act(async () => {
      hydrateRoot(container, <Form />);
    });
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Book Table' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    container.remove();
  });

  it('is enabled in a transition after hydration when the entry hydrates the page', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    beginHydration();
    await act(async () => {
      hydrateRoot(
        container,
        <>
          <Form />
          <PageHydrated />
        </>,
      );
    });
    expect(screen.getByLabelText('Name')).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    container.remove();
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
