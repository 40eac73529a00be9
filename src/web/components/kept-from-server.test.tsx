import { act, render, screen } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { beginHydration, PageHydrated } from '#web/hooks/use-hydrated.ts';
import { KeptFromServer } from './kept-from-server.tsx';

interface Notice {
  heading: string;
}

const OPENING: Notice = { heading: 'Opening times' };

function Page({ notice, hydrated = true }: { notice: Notice; hydrated?: boolean }) {
  return (
    <main>
      <KeptFromServer as="section" from={[notice]} aria-label="Notice" className="notice">
        <h2>{notice.heading}</h2>
        <p>
          See the <a href="/menu">menu</a>.
        </p>
      </KeptFromServer>
      {hydrated ? <PageHydrated /> : null}
    </main>
  );
}

const isReactsOwn = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));

let root: Root | undefined;
let container: HTMLElement | undefined;

/** The server's markup of `server`, in the document, then hydrated with `client`. */
async function hydrate(server: ReactElement, client: ReactElement) {
  container = document.createElement('div');
  container.innerHTML = renderToString(server);
  document.body.append(container);
  beginHydration();
  await act(async () => {
    root = hydrateRoot(container as HTMLElement, client, { onRecoverableError: () => undefined });
  });
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

describe('KeptFromServer', () => {
  it('keeps the server’s markup as it is when the page is hydrated, without a component for what is inside', async () => {
    await hydrate(<Page notice={OPENING} />, <Page notice={OPENING} />);
    const section = screen.getByRole('region', { name: 'Notice' });
    const heading = screen.getByRole('heading', { name: 'Opening times' });
    expect(section).toHaveClass('notice');
    expect(isReactsOwn(section)).toBe(true);
    expect(isReactsOwn(heading)).toBe(false);
    expect(screen.getByRole('link', { name: 'menu' })).toHaveAttribute('href', '/menu');
  });

  it('renders its children once what they are made of is replaced', async () => {
    let replace: (notice: Notice) => void = () => undefined;
    function Editable() {
      const [notice, setNotice] = useState(OPENING);
      replace = setNotice;
      return <Page notice={notice} />;
    }
    await hydrate(<Page notice={OPENING} />, <Editable />);
    const kept = screen.getByRole('heading', { name: 'Opening times' });
    act(() => replace({ heading: 'Christmas hours' }));
    const rendered = screen.getByRole('heading', { name: 'Christmas hours' });
    expect(isReactsOwn(rendered)).toBe(true);
    expect(kept).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('renders its children where React could not adopt the server’s markup', async () => {
    await hydrate(
      <main>
        <p>Server text</p>
      </main>,
      <Page notice={OPENING} />,
    );
    const heading = screen.getByRole('heading', { name: 'Opening times' });
    expect(isReactsOwn(heading)).toBe(true);
  });

  it('renders its children when the browser renders the page itself', () => {
    render(<Page notice={OPENING} hydrated={false} />);
    expect(isReactsOwn(screen.getByRole('heading', { name: 'Opening times' }))).toBe(true);
  });

  it('renders its children in a part the browser adds once the page is in', async () => {
    function Later() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setShown(true)}>
            Show
          </button>
          {shown ? <Page notice={{ heading: 'Added later' }} /> : null}
          <PageHydrated />
        </>
      );
    }
    await hydrate(<Later />, <Later />);
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    expect(isReactsOwn(screen.getByRole('heading', { name: 'Added later' }))).toBe(true);
  });
});
