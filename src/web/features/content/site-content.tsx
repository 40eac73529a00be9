import { createContext, type ReactNode, useContext } from 'react';
import type { ChristmasDay } from '#shared/christmas/season-schema.ts';
import { pageDataKey } from '#shared/content/page-data.ts';
import type { Venue } from '#shared/content/schemas.ts';
import { useAsync } from '#web/hooks/use-async.ts';
import { loadChristmasSeason } from '../christmas/use-season.ts';
import { useContent } from './use-content.ts';

interface SiteContent {
  venue: Venue;
  christmasDay: ChristmasDay;
}

const SiteContentContext = createContext<SiteContent | null>(null);

/**
 * What every screen may show: the pub's details (header, footer, phone numbers in messages) and this year's
 * Christmas Day (the promo, the home page). The server sends both with every page, so the screens below
 * always have them.
 */
export function SiteContentProvider({ children }: { children: ReactNode }) {
  const venue = useContent('venue');
  // A page served without it fetches the whole season: a season is a day, with a menu no screen below reads.
  const christmasDay = useAsync<ChristmasDay>(loadChristmasSeason, pageDataKey.christmasDay);
  if (!venue || christmasDay.status !== 'done') return null;
  return (
    <SiteContentContext.Provider value={{ venue, christmasDay: christmasDay.value }}>
      {children}
    </SiteContentContext.Provider>
  );
}

function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('A screen rendered outside SiteContentProvider');
  return content;
}

/** The pub's name, address, phone, hours and special dates, as staff last saved them. */
export function useVenue(): Venue {
  return useSiteContent().venue;
}

/** This year's Christmas Day: date, sittings, prices and cut-offs. */
export function useChristmasDay(): ChristmasDay {
  return useSiteContent().christmasDay;
}
