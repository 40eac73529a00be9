import { z } from 'zod';
import { ALLERGENS } from './allergens.ts';

/** Every dish says which allergens it contains; an empty list says it contains none of the 14. */
export const allergensSchema = z
  .array(z.enum(ALLERGENS, { error: 'is not one of the 14 allergens' }))
  .refine((list) => new Set(list).size === list.length, { message: 'lists an allergen twice' });
