import { setMenuOccasions } from '../../src/shared/christmas/occasion.ts';
import type { ContentKey, RetiredContentKey } from '../../src/shared/content/documents.ts';
import { seedChristmasDocuments, seedContent } from './seed-content.ts';

type Entries = Record<string, unknown>;

const asList = (dish: Entries) => {
  const allergens = dish.allergens as { declared: boolean; contains?: string[] };
  return { ...dish, allergens: allergens.contains ?? [] };
};

function withoutFields(document: Entries, ...fields: string[]): Entries {
  return Object.fromEntries(Object.entries(document).filter(([field]) => !fields.includes(field)));
}

/**
 * The seeded documents in the shapes a database kept before the content migrations: a venue without its hero
 * picture, an about page without its picture, booking settings counting bookings per slot, and dishes listing
 * their allergens (an empty list for none), Christmas Day as its own two documents (its sittings with their times
 * typed as labels), and occasions whose courses do not say whether diners may go without them. What a start on
 * such a database must bring up to date.
 */
export function olderContent(): Record<ContentKey | RetiredContentKey, unknown> {
  const content = structuredClone({ ...seedContent, ...seedChristmasDocuments }) as unknown as Record<
    ContentKey | RetiredContentKey,
    Entries
  >;
  const dishesBySection = (menu: Entries) => ({
    ...menu,
    sections: Object.fromEntries(
      Object.entries(menu.sections as Record<string, Entries[]>).map(([title, dishes]) => [
        title,
        dishes.map(asList),
      ]),
    ),
  });
  const christmasMenu = content['christmas-menu'];
  const season = content['christmas-season'];
  const typedLabels: Record<string, Entries> = {
    'xmas-early': { label: '12:00 – 2:00 PM', promoLabel: '12–2pm' },
    'xmas-late': { label: '2:30 – 4:30 PM', promoLabel: '2:30–4:30pm' },
  };
  return {
    ...content,
    venue: withoutFields(content.venue, 'heroPicture'),
    about: withoutFields(content.about, 'picture'),
    'booking-settings': {
      ...withoutFields(
        content['booking-settings'],
        'coversPerSlot',
        'coversPerService',
        'turnMinutes',
        'largePartyTurnMinutes',
        'largePartyFrom',
        'standbyCapPercent',
        'standbyClaimMinutes',
      ),
      capacityPerSlot: 7,
    },
    menu: dishesBySection(content.menu),
    'showtime-menu': dishesBySection(content['showtime-menu']),
    'christmas-season': {
      ...season,
      sittings: (season.sittings as Entries[]).map((sitting) => ({
        ...sitting,
        ...typedLabels[sitting.id as string],
      })),
    },
    occasions: {
      ...content.occasions,
      occasions: setMenuOccasions(content.occasions.occasions as (Entries & { slug: string })[]).map(
        (occasion) => ({
          ...occasion,
          courses: (occasion.courses as Entries[]).map((course) => withoutFields(course, 'optional')),
        }),
      ),
    },
    'christmas-menu': Object.fromEntries(
      Object.entries(christmasMenu).map(([course, dishes]) => [course, (dishes as Entries[]).map(asList)]),
    ),
  };
}
