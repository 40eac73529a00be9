import type { ReactNode } from 'react';
import { formatMoney } from '#shared/money/money.ts';
import { NO_DISH } from '#shared/occasions/rules.ts';
import type { Occasion, OccasionCourse, OccasionDish, OccasionsDocument } from '#shared/occasions/schema.ts';
import { AllergenChecklist, DraftCheckbox } from '#web/features/content/admin/choice-fields.tsx';
import { FieldCard, fieldId, ListProblem, TextInput, useDraft } from '#web/features/content/admin/fields.tsx';
import { DraftRowList, FoldingEntry } from '#web/features/content/admin/list-entries.tsx';
import { idFromName } from '#web/features/tables/admin/row-ids.ts';
import { DraftSelect } from '#web/features/tables/admin/tables-fields.tsx';
import { RowList } from '#web/forms/row-list.tsx';
import { dishIdsOf, newDish, useSavedOccasion } from './occasion-editor-ids.ts';
import { PoundsField } from './occasion-editor-money.tsx';

const ROW_CARD = 'space-y-5 rounded-xl border border-cream-300 bg-cream-50 p-4';

const dishName = (dish: OccasionDish, index: number) => dish.name.trim() || `Dish ${index + 1}`;
const courseName = (course: OccasionCourse, index: number) => course.name.trim() || `Course ${index + 1}`;

/** The course and dish ids saved with the occasion: bookings' pre-orders point at them, so they never change. */
interface Ids {
  savedCourses: ReadonlySet<string>;
  savedDishes: ReadonlySet<string>;
}

/** A dish id from its name, taken by no other dish of the occasion, saved or not, and never `NO_DISH`. */
function dishIdFor(occasion: Occasion, ids: Ids, name: string, own?: string): string {
  const taken = new Set([...ids.savedDishes, ...dishIdsOf(occasion).filter((id) => id !== own), NO_DISH]);
  return idFromName(name, 'dish', taken);
}

function courseIdFor(occasion: Occasion, ids: Ids, name: string, own?: string): string {
  const taken = new Set([
    ...ids.savedCourses,
    ...occasion.courses.map((course) => course.id).filter((id) => id !== own),
  ]);
  return idFromName(name, 'course', taken);
}

/** The default dish stays one of the course's dishes: the first, when the one it was is removed. */
function withDefault(course: OccasionCourse): OccasionCourse {
  const known = course.dishes.some((dish) => dish.id === course.defaultDishId);
  return known ? course : { ...course, defaultDishId: course.dishes[0]?.id ?? '' };
}

function DishEntry({
  occasionIndex,
  courseIndex,
  index,
  ids,
  added,
  actions,
}: {
  occasionIndex: number;
  courseIndex: number;
  index: number;
  ids: Ids;
  added: boolean;
  actions: ReactNode;
}) {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const course = draft.occasions[occasionIndex]?.courses[courseIndex];
  const dish = course?.dishes[index];
  if (!course || !dish) return null;
  const path = `occasions.${occasionIndex}.courses.${courseIndex}.dishes.${index}`;
  const rename = (name: string) =>
    edit((document) => {
      const occasion = document.occasions[occasionIndex];
      const target = occasion?.courses[courseIndex];
      const entry = target?.dishes[index];
      if (!occasion || !target || !entry) return;
      entry.name = name;
      if (ids.savedDishes.has(entry.id)) return;
      const id = dishIdFor(occasion, ids, name, entry.id);
      if (target.defaultDishId === entry.id) target.defaultDishId = id;
      entry.id = id;
    });
  const summary = (
    <>
      {course.defaultDishId === dish.id ? (
        <span className="rounded-full bg-green-700/10 px-2 text-sm font-semibold text-green-900">
          Default
        </span>
      ) : null}
      {dish.supplementPence > 0 ? (
        <span className="text-sm font-semibold tabular-nums">+{formatMoney(dish.supplementPence)}</span>
      ) : null}
    </>
  );
  return (
    <FoldingEntry
      path={path}
      title={dishName(dish, index)}
      summary={summary}
      initiallyOpen={added || dish.name === ''}
    >
      <TextInput path={`${path}.name`} label="Name" value={dish.name} onValue={rename} />
      <TextInput path={`${path}.description`} label="Description" hint="e.g. Brandy sauce (v)" multiline />
      <PoundsField
        path={`${path}.supplementPence`}
        label="Supplement (£)"
        hint="Added to the diner’s price when chosen; 0 for none"
      />
      <AllergenChecklist path={`${path}.allergens`} />
      {actions}
    </FoldingEntry>
  );
}

function DishRows({
  occasionIndex,
  courseIndex,
  ids,
}: {
  occasionIndex: number;
  courseIndex: number;
  ids: Ids;
}) {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const occasion = draft.occasions[occasionIndex];
  const course = occasion?.courses[courseIndex];
  if (!occasion || !course) return null;
  const path = `occasions.${occasionIndex}.courses.${courseIndex}.dishes`;
  const name = courseName(course, courseIndex);
  return (
    <div className="space-y-3">
      <h4 className="field-label">Dishes</h4>
      <ListProblem path={path} />
      <RowList<OccasionDish>
        rows={course.dishes}
        onRows={(dishes) =>
          edit((document) => {
            const target = document.occasions[occasionIndex]?.courses[courseIndex];
            if (target) Object.assign(target, withDefault({ ...target, dishes }));
          })
        }
        label={`Dishes of ${name}`}
        className="space-y-2"
        nameOf={dishName}
        newRow={() => newDish(dishIdFor(occasion, ids, ''))}
        addLabel={`Add a dish to ${name}`}
        focusOnAdd={(at) => fieldId(`${path}.${at}.name`)}
        focusOnMove={(at) => `${fieldId(`${path}.${at}`)}-toggle`}
      >
        {({ index, added, actions }) => (
          <DishEntry
            occasionIndex={occasionIndex}
            courseIndex={courseIndex}
            index={index}
            ids={ids}
            added={added}
            actions={actions}
          />
        )}
      </RowList>
    </div>
  );
}

function CourseFields({ occasionIndex, index, ids }: { occasionIndex: number; index: number; ids: Ids }) {
  const { draft, edit } = useDraft<OccasionsDocument>();
  const course = draft.occasions[occasionIndex]?.courses[index];
  if (!course) return null;
  const path = `occasions.${occasionIndex}.courses.${index}`;
  const rename = (name: string) =>
    edit((document) => {
      const occasion = document.occasions[occasionIndex];
      const target = occasion?.courses[index];
      if (!occasion || !target) return;
      target.name = name;
      if (!ids.savedCourses.has(target.id)) target.id = courseIdFor(occasion, ids, name, target.id);
    });
  return (
    <>
      <TextInput
        path={`${path}.name`}
        label="Course"
        hint="e.g. Starter"
        value={course.name}
        onValue={rename}
      />
      <DraftCheckbox path={`${path}.optional`} label="Diners may go without this course" />
      <DishRows occasionIndex={occasionIndex} courseIndex={index} ids={ids} />
      <DraftSelect
        path={`${path}.defaultDishId`}
        label={`Default ${course.name.trim() ? course.name.trim().toLowerCase() : 'dish'}`}
        hint="Served to every diner who has not chosen by the deadline"
        value={course.defaultDishId}
        options={course.dishes.map((dish, at) => ({ value: dish.id, label: dishName(dish, at) }))}
        onValue={(defaultDishId) =>
          edit((document) => {
            const target = document.occasions[occasionIndex]?.courses[index];
            if (target) target.defaultDishId = defaultDishId;
          })
        }
      />
    </>
  );
}

/** The set menu: its courses, each with its dishes and the default served to whoever has not chosen. */
export function OccasionCoursesSection({ index }: { index: number }) {
  const { draft } = useDraft<OccasionsDocument>();
  const occasion = draft.occasions[index];
  const saved = useSavedOccasion(occasion?.slug ?? '');
  if (!occasion) return null;
  const ids: Ids = {
    savedCourses: new Set((saved?.courses ?? []).map((course) => course.id)),
    savedDishes: new Set(dishIdsOf(saved)),
  };
  const newCourse = (): OccasionCourse => {
    const dish = newDish(dishIdFor(occasion, ids, ''));
    return {
      id: courseIdFor(occasion, ids, ''),
      name: '',
      optional: false,
      dishes: [dish],
      defaultDishId: dish.id,
    };
  };
  const path = `occasions.${index}.courses`;
  return (
    <FieldCard title="Courses" headingLevel={3}>
      <p className="text-ink-soft">
        {occasion.courses.length === 0
          ? 'No courses: a ticketed event, one ticket a guest and nothing to choose. Add courses for a set menu each diner chooses from.'
          : 'Each diner chooses one dish of every course before the deadline, or none of a course they may go without.'}
      </p>
      <ListProblem path={path} />
      <DraftRowList<OccasionCourse>
        path={path}
        label="Courses"
        ordered
        className="space-y-4"
        itemClassName={ROW_CARD}
        nameOf={courseName}
        newRow={newCourse}
        addLabel="Add a course"
        focusField="name"
        focusFollowsMove
      >
        {({ index: at }) => <CourseFields occasionIndex={index} index={at} ids={ids} />}
      </DraftRowList>
    </FieldCard>
  );
}
