import { PageHero } from '../components/page-hero.tsx';
import { GalleryPlaceholder } from '../features/content/gallery/gallery-placeholder.tsx';
import { GalleryView } from '../features/content/gallery/gallery-view.tsx';
import { useContent } from '../features/content/use-content.ts';

export function Component() {
  const gallery = useContent('gallery');
  return (
    <>
      <PageHero eyebrow="Around the pub" title="Gallery">
        <p>The bar and the inglenook, Sunday roasts, quiz nights and summer evenings in the garden.</p>
      </PageHero>
      <div className="container-page py-12 sm:py-16">
        {gallery ? <GalleryView categories={gallery} /> : <GalleryPlaceholder />}
      </div>
    </>
  );
}
