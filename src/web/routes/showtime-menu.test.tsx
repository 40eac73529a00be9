import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AllergenDeclaration } from '#shared/content/allergens.ts';
import type { ShowtimeMenu } from '#shared/content/schemas.ts';
import { PROMO_DISMISSED_KEY } from '#shared/promo/promo.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { ShowtimeMenuView } from '../features/content/menu/showtime-menu-view.tsx';

/** A dish declared free of the 14 allergens. */
const NONE: AllergenDeclaration = { declared: true, contains: [] };

beforeEach(() => sessionStorage.setItem(PROMO_DISMISSED_KEY, '1'));

function renderView(menu: ShowtimeMenu) {
  return render(
    <MemoryRouter>
      <ShowtimeMenuView menu={menu} />
    </MemoryRouter>,
  );
}

describe('Showtime menu page', () => {
  it('is titled Quiz Night & Comedy Night Menu, with the intro and small plates in sections', async () => {
    renderRoute('/menu/showtimeMenu');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Quiz Night & Comedy Night Menu' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Brain food for quizzers and hecklers alike/)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Small Plates',
      'To Share',
      'Something Sweet',
    ]);
    const plate = screen.getByText('Halloumi Fries').closest('li') as HTMLElement;
    expect(plate).toHaveTextContent('Hot honey, pomegranate and mint yoghurt');
    expect(plate).toHaveTextContent('£7.50');
    expect(screen.queryByText('Menu coming soon.')).toBeNull();
  });

  it('links back to the main menu', async () => {
    const user = userEvent.setup();
    renderRoute('/menu/showtimeMenu');
    const back = await screen.findByRole('link', { name: 'Back to the main menu' });
    expect(back).toHaveAttribute('href', '/menu');
    await user.click(back);
    expect(await screen.findByRole('tablist', { name: 'Menus' })).toBeInTheDocument();
  });

  it('says Menu coming soon. when there are no sections', () => {
    renderView({ title: 'Quiz Night & Comedy Night Menu', intro: '', sections: {} });
    expect(screen.getByText('Menu coming soon.')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to the main menu' })).toHaveAttribute('href', '/menu');
  });

  it('says Menu coming soon. when the sections have no dishes, and hides empty sections otherwise', () => {
    const { unmount } = renderView({
      title: 'Showtime',
      intro: '',
      sections: { 'Small Plates': [], 'To Share': [] },
    });
    expect(screen.getByText('Menu coming soon.')).toBeInTheDocument();
    unmount();

    renderView({
      title: 'Showtime',
      intro: '',
      sections: { 'Small Plates': [], 'To Share': [{ name: 'Nachos', allergens: NONE }] },
    });
    expect(screen.queryByText('Menu coming soon.')).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'To Share',
    ]);
  });
});
