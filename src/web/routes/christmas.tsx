import { useSearchParams } from 'react-router';
import { ChristmasForm } from '../features/christmas/christmas-form.tsx';
import { ChristmasHero } from '../features/christmas/christmas-hero.tsx';
import { useChristmasSeason } from '../features/christmas/use-season.ts';

export function Component() {
  const utmSource = useSearchParams()[0].get('utm_source');
  const season = useChristmasSeason();
  return (
    <>
      <ChristmasHero />
      <div className="container-page py-10 sm:py-14">
        {season ? (
          <ChristmasForm utmSource={utmSource} season={season} />
        ) : (
          <p role="status" className="min-h-[60rem]">
            Loading the menu…
          </p>
        )}
      </div>
    </>
  );
}
