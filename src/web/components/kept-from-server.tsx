import { type HTMLAttributes, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { isHydratingPage } from '#web/hooks/use-hydrated.ts';

/** React leaves the children of an element it sets the HTML of as they are, and does not walk them. */
const SERVER_MARKUP = { __html: '' };

const sameSources = (kept: readonly unknown[] | null, from: readonly unknown[]) =>
  kept !== null && kept.length === from.length && kept.every((source, index) => source === from[index]);

/**
 * A part of a page with nothing to do in the browser (text, pictures, plain links): when the page comes from
 * the server, hydration adopts the element as it is instead of building and matching a component for each
 * element inside it (on a phone, the main thread's longest tasks while a page comes alive: issue 34). Its
 * links then load their page from the server. Rendered by the browser (after a move within the site, or where
 * React could not adopt the server's markup), or once one of `from` (what the children are made of: content
 * documents, events) is replaced, it renders its children as any element does.
 */
export function KeptFromServer({
  as: Tag = 'div',
  from,
  children,
  ...attributes
}: {
  as?: 'aside' | 'div' | 'section' | 'ul';
  from: readonly unknown[];
  children: ReactNode;
} & Pick<HTMLAttributes<HTMLElement>, 'className' | 'aria-label' | 'aria-labelledby'>) {
  const [keptFrom, setKeptFrom] = useState(() => (isHydratingPage() ? from : null));
  const kept = sameSources(keptFrom, from);
  const element = useRef<HTMLElement | null>(null);
  // React renders a part afresh where the server's markup did not match: there is nothing to keep then.
  useLayoutEffect(() => {
    if (kept && !element.current?.hasChildNodes()) setKeptFrom(null);
  }, [kept]);
  return kept ? (
    <Tag
      key="kept"
      ref={(node: HTMLElement | null) => {
        element.current = node;
      }}
      {...attributes}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, never content: it only tells React to leave the server's children alone
      dangerouslySetInnerHTML={SERVER_MARKUP}
    />
  ) : (
    <Tag key="rendered" {...attributes}>
      {children}
    </Tag>
  );
}
