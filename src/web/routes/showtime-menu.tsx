import { ShowtimeMenuView } from '../features/content/menu/showtime-menu-view.tsx';
import { useContent } from '../features/content/use-content.ts';

export function Component() {
  const menu = useContent('showtime-menu');
  if (!menu) {
    return (
      <p role="status" className="container-page min-h-[60rem] py-12">
        Loading the menu…
      </p>
    );
  }
  return <ShowtimeMenuView menu={menu} />;
}
