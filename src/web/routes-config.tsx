import type { RouteObject } from 'react-router';
import { RootLayout } from './components/layout/root-layout.tsx';
import { HomePage } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';

/** Every screen of the site. Each route but the home page is its own chunk, loaded on demand. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, Component: HomePage },
      { path: 'events', lazy: () => import('./routes/events.tsx') },
      { path: 'events/:slug', lazy: () => import('./routes/event-detail.tsx') },
      { path: 'menu', lazy: () => import('./routes/menu.tsx') },
      { path: 'menu/showtimeMenu', lazy: () => import('./routes/showtime-menu.tsx') },
      { path: 'gallery', lazy: () => import('./routes/gallery.tsx') },
      { path: 'about', lazy: () => import('./routes/about.tsx') },
      { path: 'contact', lazy: () => import('./routes/contact.tsx') },
      { path: 'bookings', lazy: () => import('./routes/bookings.tsx') },
      { path: 'christmas', lazy: () => import('./routes/christmas.tsx') },
      { path: 'christmas/success', lazy: () => import('./routes/christmas-success.tsx') },
      { path: 'christmas/cancel', lazy: () => import('./routes/christmas-cancel.tsx') },
      { path: 'christmas/demo-checkout', lazy: () => import('./routes/christmas-demo-checkout.tsx') },
      { path: '*', Component: NotFoundPage },
    ],
  },
  { path: '/admin/*', lazy: () => import('./routes/admin.tsx'), ErrorBoundary: RouteErrorPage },
];
