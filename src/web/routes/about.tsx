import { Link } from 'react-router';
import { isUploaded } from '#shared/content/gallery-pictures.ts';
import { ContentImage } from '../components/content-image.tsx';
import { KeptFromServer } from '../components/kept-from-server.tsx';
import { PageHero } from '../components/page-hero.tsx';
import { useContent } from '../features/content/use-content.ts';

const VALUE_ICONS = [
  'M6 20h12M8 20c-3-2-4-5-4-8h16c0 3-1 6-4 8M9 8c0-2 1-3 0-5M13 8c0-2 1-3 0-5',
  'M7 4h10l-1 16H8L7 4Zm0 4h10M17 8h2a2 2 0 0 1 0 6h-2',
  'M9 18V6l10-2v12M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3Zm10-2a3 3 0 1 1-3-3 3 3 0 0 1 3 3Z',
  'M4 20v-8l8-6 8 6v8M10 20v-5h4v5',
];

export function Component() {
  const about = useContent('about');
  if (!about) {
    return (
      <>
        <PageHero eyebrow="Our story" title="Seven centuries on Church Lane" />
        <p role="status" className="container-page min-h-[60rem] py-12">
          Loading…
        </p>
      </>
    );
  }
  return (
    <>
      <PageHero eyebrow="Our story" title="Seven centuries on Church Lane">
        {about.intro}
      </PageHero>

      <KeptFromServer
        as="section"
        from={[about]}
        className="container-page grid gap-12 py-16 lg:grid-cols-[1.2fr_1fr] lg:items-start"
      >
        <div className="space-y-5 text-lg leading-8">
          {about.story.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
        <ContentImage
          {...(isUploaded(about.picture) ? { imageId: about.picture.imageId } : { src: about.picture.src })}
          alt={about.picture.alt}
          width={about.picture.width}
          height={about.picture.height}
          sizes="(min-width: 1024px) 30rem, 100vw"
          loading="lazy"
          decoding="async"
          className="w-full rounded-2xl shadow-xl ring-1 ring-brass-500/40"
        />
      </KeptFromServer>

      <KeptFromServer
        as="section"
        from={[about]}
        className="bg-cream-100 py-16"
        aria-labelledby="values-heading"
      >
        <div className="container-page">
          <h2 id="values-heading" className="font-serif text-4xl">
            What we stand for
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {about.values.map((value, index) => (
              <li key={value.title} className="card p-6">
                <svg viewBox="0 0 24 24" className="h-10 w-10 text-brass-600" aria-hidden="true">
                  <path
                    d={VALUE_ICONS[index % VALUE_ICONS.length]}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <h3 className="mt-4 font-serif text-2xl">{value.title}</h3>
                <p className="mt-2 text-ink-soft">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </KeptFromServer>

      <KeptFromServer
        as="section"
        from={[about]}
        className="container-page py-16"
        aria-labelledby="timeline-heading"
      >
        <h2 id="timeline-heading" className="font-serif text-4xl">
          Through the years
        </h2>
        <ol className="relative mt-10 space-y-10 border-l-2 border-brass-500/60 pl-8 sm:ml-4">
          {about.timeline.map((entry) => (
            <li key={entry.when} className="relative">
              <span
                className="absolute top-1.5 -left-[2.6rem] h-4 w-4 rounded-full border-2 border-brass-500 bg-cream-50"
                aria-hidden="true"
              />
              <p className="font-serif text-xl font-semibold text-brass-700">{entry.when}</p>
              <h3 className="mt-1 font-serif text-2xl">{entry.title}</h3>
              <p className="mt-1 max-w-2xl text-ink-soft">{entry.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-14 flex flex-wrap gap-4">
          <Link to="/events" className="btn-dark">
            What’s On
          </Link>
          <Link to="/bookings" className="btn-outline">
            Book a Table
          </Link>
        </div>
      </KeptFromServer>
    </>
  );
}
