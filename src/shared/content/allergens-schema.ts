import { z } from 'zod';
import { ALLERGENS, type AllergenDeclaration, DECLARE_ALLERGENS_MESSAGE } from './allergens.ts';

const declaredSchema = z.object({
  declared: z.literal(true),
  contains: z
    .array(z.enum(ALLERGENS, { error: 'is not one of the 14 allergens' }))
    .refine((list) => new Set(list).size === list.length, { message: 'lists an allergen twice' }),
});

/**
 * A dish's allergens: declared, with the ones it contains (none is a declaration of its own), or not yet
 * declared. A document is saved only when every dish is declared: a dish added without its allergens cannot
 * reach a menu as free of them.
 */
export const allergensSchema = z
  .discriminatedUnion('declared', [z.object({ declared: z.literal(false) }), declaredSchema], {
    error: 'must say which of the 14 allergens the dish contains',
  })
  // A boolean, not a type guard: a draft holds dishes not yet declared, and the pages still handle one.
  .refine((allergens): boolean => allergens.declared, {
    message: DECLARE_ALLERGENS_MESSAGE,
  }) satisfies z.ZodType<AllergenDeclaration, unknown>;
