import { useSearchParams } from 'react-router';
import { KeptFromServer } from '../components/kept-from-server.tsx';
import { ChristmasForm } from '../features/christmas/christmas-form.tsx';
import { ChristmasHero } from '../features/christmas/christmas-hero.tsx';
import { useChristmasSeason } from '../features/christmas/use-season.ts';
import { useChristmasDay } from '../features/content/site-content.tsx';

export function Component() {
  const utmSource = useSearchParams()[0].get('utm_source');
  const season = useChristmasSeason();
  const christmasDay = useChristmasDay();
  return (
    <>
      <KeptFromServer from={[christmasDay]}>
        <ChristmasHero />
      </KeptFromServer>
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
