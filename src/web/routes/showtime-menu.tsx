import showtimeMenuJson from '../../../content/showtime-menu.json' with { type: 'json' };
import type { ShowtimeMenu } from '../../shared/content/schemas.ts';
import { ShowtimeMenuView } from '../features/content/menu/showtime-menu-view.tsx';

/** Checked against showtimeMenuSchema by the build; web code does not load zod. */
const showtimeMenu = showtimeMenuJson as ShowtimeMenu;

export function Component() {
  return <ShowtimeMenuView menu={showtimeMenu} />;
}
