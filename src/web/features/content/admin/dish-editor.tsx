import { ALLERGEN_SHORT_LABELS, type AllergenDeclaration, NOT_DECLARED } from '#shared/content/allergens.ts';
import { DIETARY_BADGES } from '#shared/content/menu.ts';
import type { MenuItem } from '#shared/content/schemas.ts';
import { formatMoney } from '#shared/money/money.ts';
import type { ChangeWords } from './changes.ts';
import { AllergenChecklist, Checkbox } from './choice-fields.tsx';
import { fieldId, PenceInput, TextInput } from './fields.tsx';
import {
  AddButton,
  EntryActions,
  FoldingEntry,
  moved,
  useFocusAfterRender,
  useOpenEntries,
} from './list-entries.tsx';

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

/** The entry with an optional field set, or left out when `value` is undefined or blank. */
function withOptional<T extends object, F extends keyof T>(entry: T, field: F, value: T[F] | undefined): T {
  const next = { ...entry };
  if (value === undefined || value === '') delete next[field];
  else next[field] = value;
  return next;
}

/** One dish, folded to its name and price until staff open it. */
function DishCard({
  dish,
  path,
  index,
  count,
  withBadge,
  open,
  onOpen,
  onDish,
  onMove,
  onRemove,
}: {
  dish: MenuItem;
  path: string;
  index: number;
  count: number;
  withBadge: boolean;
  open: boolean;
  onOpen: (open: boolean) => void;
  onDish: (dish: MenuItem) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const id = fieldId(path);
  const name = dish.name.trim() || 'New dish';
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
    <FoldingEntry path={path} title={name} summary={summary} open={open} onOpen={onOpen}>
      <TextInput
        path={`${path}.name`}
        label="Name"
        value={dish.name}
        onValue={(value) => onDish({ ...dish, name: value })}
      />
      <TextInput
        path={`${path}.ingredients`}
        label="Description"
        multiline
        value={dish.ingredients ?? ''}
        onValue={(value) => onDish(withOptional(dish, 'ingredients', value))}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <PenceInput
          path={`${path}.pricePence`}
          label="Price (£)"
          hint="In pounds, e.g. 7.50. Blank when the heading or a deal gives the price."
          value={dish.pricePence}
          onValue={(pence) => onDish(withOptional(dish, 'pricePence', pence))}
        />
        {withBadge ? (
          <TextInput
            path={`${path}.badge`}
            label="Dietary badge"
            hint={BADGE_HINT}
            list={DIETARY_BADGE_LIST}
            value={dish.badge ?? ''}
            onValue={(value) => onDish(withOptional(dish, 'badge', value.trim() === '' ? undefined : value))}
          />
        ) : null}
      </div>
      <Checkbox
        id={`${id}-offToday`}
        label="Off today (shown struck through)"
        checked={dish.offToday === true}
        onChecked={(checked) => onDish(withOptional(dish, 'offToday', checked ? true : undefined))}
      />
      <AllergenChecklist
        path={`${path}.allergens`}
        allergens={dish.allergens}
        onAllergens={(allergens) => onDish({ ...dish, allergens })}
      />
      <EntryActions name={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
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

/** A section's dishes: open one to edit it; add, move and remove them. */
export function DishList({
  dishes,
  path,
  sectionName,
  withBadge,
  onDishes,
}: {
  dishes: readonly MenuItem[];
  path: string;
  sectionName: string;
  withBadge: boolean;
  onDishes: (dishes: MenuItem[]) => void;
}) {
  const { isOpen, setOpen, follow } = useOpenEntries<number>();
  const focusAfterRender = useFocusAfterRender();
  const toggleId = (index: number) => `${fieldId(`${path}.${index}`)}-toggle`;

  function move(from: number, to: number) {
    onDishes(moved(dishes, from, to));
    follow((index) => (index === from ? to : index === to ? from : index));
    focusAfterRender(toggleId(to));
  }

  function remove(index: number) {
    onDishes(dishes.filter((_, at) => at !== index));
    follow((open) => (open === index ? undefined : open > index ? open - 1 : open));
    focusAfterRender(`${fieldId(path)}-add`);
  }

  function add() {
    onDishes([...dishes, newDish()]);
    setOpen(dishes.length, true);
    focusAfterRender(fieldId(`${path}.${dishes.length}.name`));
  }

  return (
    <div className="space-y-3">
      <ul aria-label={`Dishes in ${sectionName}`} className="space-y-2">
        {dishes.map((dish, index) => (
          <DishCard
            // biome-ignore lint/suspicious/noArrayIndexKey: dishes have no id; a moved dish's fields follow their values
            key={index}
            dish={dish}
            path={`${path}.${index}`}
            index={index}
            count={dishes.length}
            withBadge={withBadge}
            open={isOpen(index)}
            onOpen={(open) => setOpen(index, open)}
            onDish={(next) => onDishes(dishes.map((old, at) => (at === index ? next : old)))}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
          />
        ))}
      </ul>
      <AddButton id={`${fieldId(path)}-add`} onClick={add}>
        Add a dish to {sectionName}
      </AddButton>
    </div>
  );
}
