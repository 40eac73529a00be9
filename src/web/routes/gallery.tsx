import galleryJson from '../../../content/gallery.json' with { type: 'json' };
import type { GalleryCategory } from '../../shared/content/schemas.ts';
import { PageHero } from '../components/page-hero.tsx';
import { GalleryView } from '../features/content/gallery/gallery-view.tsx';

/** Checked against gallerySchema when the site is built. */
const categories = galleryJson as GalleryCategory[];

export function Component() {
  return (
    <>
      <PageHero eyebrow="Around the pub" title="Gallery">
        <p>The bar and the inglenook, Sunday roasts, quiz nights and summer evenings in the garden.</p>
      </PageHero>
      <div className="container-page py-12 sm:py-16">
        <GalleryView categories={categories} />
      </div>
    </>
  );
}
