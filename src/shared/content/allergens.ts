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

/**
 * What a dish says of the 14: not yet declared (a dish staff have just added), or declared, listing the ones
 * it contains; an empty list is a declaration too, that it contains none of them.
 */
export type AllergenDeclaration = { declared: false } | { declared: true; contains: Allergen[] };

/** A dish just added: its allergens are unknown until staff tick them or confirm there are none. */
export const NOT_DECLARED: AllergenDeclaration = { declared: false };

export const NO_ALLERGENS_TEXT = 'None of the 14 allergens';
export const ALLERGENS_NOT_DECLARED_TEXT = 'Allergens: please ask us';
/** The save's refusal of a dish whose allergens are not declared, shown on that dish in the editor. */
export const DECLARE_ALLERGENS_MESSAGE = 'tick this dish’s allergens, or confirm it contains none of the 14';
/** The editor's box that declares a dish free of all 14. */
export const CONTAINS_NONE_LABEL = 'Contains none of the 14 allergens';

/** "Contains: gluten, milk" in the law's order, "None of the 14 allergens", or "Allergens: please ask us". */
export function allergenSummary(allergens: AllergenDeclaration): string {
  if (!allergens.declared) return ALLERGENS_NOT_DECLARED_TEXT;
  if (allergens.contains.length === 0) return NO_ALLERGENS_TEXT;
  const ordered = ALLERGENS.filter((allergen) => allergens.contains.includes(allergen));
  return `Contains: ${ordered.map((allergen) => ALLERGEN_SHORT_LABELS[allergen]).join(', ')}`;
}
