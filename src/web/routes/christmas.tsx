import { useSearchParams } from 'react-router';
import { ChristmasForm } from '../features/christmas/christmas-form.tsx';
import { ChristmasHero } from '../features/christmas/christmas-hero.tsx';

export function Component() {
  const utmSource = useSearchParams()[0].get('utm_source');
  return (
    <>
      <ChristmasHero />
      <div className="container-page py-10 sm:py-14">
        <ChristmasForm utmSource={utmSource} />
      </div>
    </>
  );
}
