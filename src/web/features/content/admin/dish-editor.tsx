import { ALLERGEN_SHORT_LABELS, type AllergenDeclaration, NOT_DECLARED } from '#shared/content/allergens.ts';
import { DIETARY_BADGES } from '#shared/content/menu.ts';
import type { MenuItem } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import type { RowView } from '#web/forms/row-list.tsx';
import type { ChangeWords } from './changes.ts';
import { AllergenChecklist, DraftCheckbox } from './choice-fields.tsx';
import { fieldId, PenceInput, TextInput } from './fields.tsx';
import { DraftRowList, FoldingEntry } from './list-entries.tsx';

/** "gluten, milk", "none of the 14" or "not declared". */
export function allergenWords(value: unknown): string {
  const allergens = value as AllergenDeclaration;
  if (!allergens.declared) return 'not declared';
  return allergens.contains.length === 0
    ? 'none of the 14'
    : allergens.contains.map((allergen) => ALLERGEN_SHORT_LABELS[allergen]).join(', ');
}

/** How a dish's fields read in "What will change". */
export const DISH_WORDS = {
  fields: {
    pricePence: 'price',
    ingredients: 'description',
    badge: 'dietary badge',
    offToday: 'off today',
  },
  values: {
    pricePence: (value) => (value === undefined ? 'no price' : formatMoney(value as number)),
    allergens: allergenWords,
    offToday: (value) => (value ? 'yes' : 'no'),
  },
} satisfies ChangeWords;

const DIETARY_BADGE_LIST = 'dietary-badges';

const BADGE_HINT = `${Object.entries(DIETARY_BADGES)
  .map(([code, meaning]) => `${code} for ${meaning.toLowerCase()}`)
  .join(', ')}, or a word such as Local. Blank for none.`;

/** One dish, folded to its name and price until staff open it. */
function DishCard({
  dish,
  path,
  withBadge,
  added,
  actions,
}: { dish: MenuItem; path: string; withBadge: boolean } & Pick<RowView<MenuItem>, 'added' | 'actions'>) {
  const summary = (
    <>
      {dish.offToday ? (
        <span className="rounded-full bg-burgundy-700/10 px-2 text-sm font-semibold text-burgundy-800">
          Off today
        </span>
      ) : null}
      {dish.pricePence !== undefined ? (
        <span className="font-semibold tabular-nums">{formatMoney(dish.pricePence)}</span>
      ) : null}
    </>
  );
  return (
    <FoldingEntry path={path} title={dishName(dish)} summary={summary} initiallyOpen={added}>
      <TextInput path={`${path}.name`} label="Name" />
      <TextInput path={`${path}.ingredients`} label="Description" multiline optional />
      <div className="grid gap-5 sm:grid-cols-2">
        <PenceInput
          path={`${path}.pricePence`}
          label="Price (£)"
          hint="In pounds, e.g. 7.50. Blank when the heading or a deal gives the price."
        />
        {withBadge ? (
          <TextInput
            path={`${path}.badge`}
            label="Dietary badge"
            hint={BADGE_HINT}
            list={DIETARY_BADGE_LIST}
            optional
          />
        ) : null}
      </div>
      <DraftCheckbox path={`${path}.offToday`} label="Off today (shown struck through)" optional />
      <AllergenChecklist path={`${path}.allergens`} />
      {actions}
    </FoldingEntry>
  );
}

/** The badge field's suggestions; once on a page that edits badges. */
export function DietaryBadgeOptions() {
  return (
    <datalist id={DIETARY_BADGE_LIST}>
      {Object.keys(DIETARY_BADGES).map((code) => (
        <option key={code} value={code} />
      ))}
    </datalist>
  );
}

/** A dish staff add: nameless, its allergens not declared until they tick them or confirm there are none. */
export function newDish(): MenuItem {
  return { name: '', allergens: NOT_DECLARED };
}

const dishName = (dish: MenuItem) => dish.name.trim() || 'New dish';

/** A section's dishes: open one to edit it; add, move and remove them. */
export function DishList({
  path,
  sectionName,
  withBadge,
}: {
  path: string;
  sectionName: string;
  withBadge: boolean;
}) {
  return (
    <div className="space-y-3">
      <DraftRowList<MenuItem>
        path={path}
        label={`Dishes in ${sectionName}`}
        className="space-y-2"
        nameOf={dishName}
        newRow={newDish}
        addLabel={`Add a dish to ${sectionName}`}
        focusField="name"
        focusOnMove={(index) => `${fieldId(`${path}.${index}`)}-toggle`}
      >
        {({ row, path: dishPath, added, actions }) => (
          <DishCard dish={row} path={dishPath} withBadge={withBadge} added={added} actions={actions} />
        )}
      </DraftRowList>
    </div>
  );
}
