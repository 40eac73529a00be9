/**
 * The 14 allergens UK food law (the Food Information Regulations 2014) requires a food business to declare,
 * in the order the Food Standards Agency lists them, with the names guests read on the menu.
 */
export const ALLERGENS = [
  'celery',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphur dioxide and sulphites',
};

/** Short names for a dish's line on a phone: "Contains: gluten, milk, eggs". */
export const ALLERGEN_SHORT_LABELS: Record<Allergen, string> = {
  celery: 'celery',
  gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'eggs',
  fish: 'fish',
  lupin: 'lupin',
  milk: 'milk',
  molluscs: 'molluscs',
  mustard: 'mustard',
  nuts: 'tree nuts',
  peanuts: 'peanuts',
  sesame: 'sesame',
  soya: 'soya',
  sulphites: 'sulphites',
};

export const NO_ALLERGENS_TEXT = 'None of the 14 allergens';

/** "Contains: gluten, milk" or "None of the 14 allergens", in the law's order. */
export function allergenSummary(allergens: readonly Allergen[]): string {
  if (allergens.length === 0) return NO_ALLERGENS_TEXT;
  const ordered = ALLERGENS.filter((allergen) => allergens.includes(allergen));
  return `Contains: ${ordered.map((allergen) => ALLERGEN_SHORT_LABELS[allergen]).join(', ')}`;
}
