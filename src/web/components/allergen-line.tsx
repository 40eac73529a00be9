import { type AllergenDeclaration, allergenSummary } from '#shared/content/allergens.ts';

/** A dish's allergens in words, on the page: a guest on a phone has no hover. */
export function AllergenLine({ allergens }: { allergens: AllergenDeclaration }) {
  return <p className="mt-1 text-sm text-green-800">{allergenSummary(allergens)}</p>;
}
