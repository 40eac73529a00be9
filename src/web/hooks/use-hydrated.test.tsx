import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageHydrated, beginHydration, PageHydrated } from './use-hydrated.ts';

/** Whether the promise has settled by the time the microtasks queued so far have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await act(async () => {});
  return done;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('afterPageHydrated', () => {
  it('resolves at once when no server page is being adopted (the browser renders the page itself)', async () => {
    expect(await settled(afterPageHydrated())).toBe(true);
  });

  it("waits while React adopts the server's page, then for the browser's next idle moment", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PageHydrated />);
    document.body.append(container);

    beginHydration();
    const loaded = afterPageHydrated();
    expect(await settled(loaded)).toBe(false);

    const root = await act(async () => hydrateRoot(container, <PageHydrated />));
    expect(idle).toHaveLength(1);
    expect(await settled(loaded)).toBe(false);

    idle[0]?.();
    expect(await settled(loaded)).toBe(true);
    // Once the page is in, what is asked for later is not held back.
    expect(await settled(afterPageHydrated())).toBe(true);
    act(() => root.unmount());
    container.remove();
  });
});
