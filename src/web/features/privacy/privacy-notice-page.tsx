import { paragraphsOf } from '#shared/content/paragraphs.ts';
import { formatAddressLines, telephoneHref } from '#shared/content/venue.ts';
import { KeptFromServer } from '#web/components/kept-from-server.tsx';
import { PageHero } from '#web/components/page-hero.tsx';
import { useVenue } from '../content/site-content.tsx';
import { useContent } from '../content/use-content.ts';

const TITLE = 'Privacy notice';

/** How to reach the pub about your data: from the venue document, so it is always the current address. */
function AskUs() {
  const venue = useVenue();
  return (
    <section aria-labelledby="ask-us-heading" className="card p-6 sm:p-8">
      <h2 id="ask-us-heading" className="font-serif text-2xl text-green-900">
        To ask about your data
      </h2>
      <address className="mt-3 not-italic leading-7">
        <span className="block font-semibold">{venue.name}</span>
        {formatAddressLines(venue.address).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <a href={`mailto:${venue.email}`} className="link mt-3 block">
          {venue.email}
        </a>
        <a href={telephoneHref(venue.phone)} className="link block">
          {venue.phone}
        </a>
      </address>
    </section>
  );
}

/** /privacy: the notice the owner edits (the privacy document), and how to reach the pub about it. */
export function PrivacyNoticePage() {
  const notice = useContent('privacy');
  if (!notice) {
    return (
      <>
        <PageHero eyebrow="Your data" title={TITLE} />
        <p role="status" className="container-page min-h-[40rem] py-12">
          Loading…
        </p>
      </>
    );
  }
  return (
    <>
      <PageHero eyebrow="Your data" title={TITLE}>
        {notice.intro}
      </PageHero>
      <KeptFromServer from={[notice]} className="container-page max-w-3xl space-y-10 py-16">
        {notice.sections.map((section) => (
          <section key={section.heading} className="below-first-screen space-y-4">
            <h2 className="font-serif text-3xl text-green-900">{section.heading}</h2>
            {paragraphsOf(section.text).map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="text-lg leading-8">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <AskUs />
        <p className="text-sm text-ink-soft">Last updated {notice.updated}.</p>
      </KeptFromServer>
    </>
  );
}
