export const ALL = 'All';

interface CategoryFilterProps {
  names: string[];
  selected: string;
  onSelect: (name: string) => void;
}

/** "All" plus one toggle button per category; the pressed one says which is shown. */
export function CategoryFilter({ names, selected, onSelect }: CategoryFilterProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div role="group" aria-label="Show photos of" className="flex flex-wrap gap-2 sm:gap-3">
      {[ALL, ...names].map((name) => {
        const pressed = name === selected;
        return (
          <button
            key={name}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(name)}
            className={`rounded-full border-2 px-4 py-1.5 text-[0.95rem] font-semibold transition-colors duration-150 ${
              pressed
                ? 'border-green-800 bg-green-800 text-cream-50'
                : 'border-green-800/25 bg-white text-green-800 hover:border-green-800 hover:bg-cream-100'
            }`}
          >
            {name}
          </button>
        );
      })}
    </div>
  );
}
