import type { ReactNode } from 'react';

/** The green banner that opens every inner page. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="pattern-tiles text-cream-50">
      <div className="bg-gradient-to-b from-green-900/90 to-green-800/95">
        <div className="container-page py-14 sm:py-20">
          {eyebrow ? <p className="eyebrow text-brass-300">{eyebrow}</p> : null}
          <h1 className="mt-2 font-serif text-4xl text-cream-50 sm:text-5xl lg:text-6xl">{title}</h1>
          {children ? <div className="mt-4 max-w-2xl text-lg text-cream-100">{children}</div> : null}
        </div>
      </div>
    </section>
  );
}
