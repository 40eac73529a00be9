import { type ComponentType, lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import {
  CONTENT_KEYS,
  CONTENT_TITLES,
  type ContentKey,
  canEditContent,
  contentEditorRole,
  isContentKey,
} from '#shared/content/document-keys.ts';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { RequireAdmin, useAdminRole } from '#web/features/staff/admin-session.tsx';
import { AboutEditor } from './about-editor.tsx';
import { BookingSettingsEditor } from './booking-settings-editor.tsx';
import type { EditableKey } from './editor-shell.tsx';
import { MenuEditor } from './menu-editor.tsx';
import { PrivacyEditor } from './privacy-editor.tsx';
import { ShowtimeMenuEditor } from './showtime-menu-editor.tsx';
import { VenueEditor } from './venue-editor.tsx';

// Its own chunk: this screen's JavaScript is near its budget, and only the tables' settings need it.
const TablesEditor = lazy(() =>
  import('#web/features/tables/admin/tables-editor.tsx').then((module) => ({ default: module.TablesEditor })),
);

const DepositRulesEditor = lazy(() =>
  import('#web/features/deposits/admin/deposit-rules-editor.tsx').then((module) => ({
    default: module.DepositRulesEditor,
  })),
);

const OccasionsEditor = lazy(() =>
  import('#web/features/occasions/admin/occasions-editor.tsx').then((module) => ({
    default: module.OccasionsEditor,
  })),
);

const VouchersEditor = lazy(() =>
  import('./vouchers-editor.tsx').then((module) => ({ default: module.VouchersEditor })),
);

const EDITORS: Record<EditableKey, ComponentType> = {
  venue: VenueEditor,
  menu: MenuEditor,
  'showtime-menu': ShowtimeMenuEditor,
  about: AboutEditor,
  occasions: OccasionsEditor,
  'booking-settings': BookingSettingsEditor,
  tables: TablesEditor,
  'deposit-rules': DepositRulesEditor,
  vouchers: VouchersEditor,
  privacy: PrivacyEditor,
};

/** What staff change on each page, under its title in the list. */
const CONTENT_SUMMARIES: Record<ContentKey, string> = {
  menu: 'Dishes, prices, allergens and what is off today',
  'showtime-menu': 'The quiz and comedy night menu',
  venue: 'Address, phone, opening and kitchen hours, bank holidays',
  'booking-settings': 'Booking times, slots and how many tables',
  tables: 'Areas, tables, joins and the kitchen’s pacing',
  'deposit-rules': 'Which bookings pay a deposit or hold a card, and until when they are free to cancel',
  occasions: 'Party nights, set-menu days and ticketed events: dates, sittings, courses and payment',
  vouchers: 'Gift vouchers on sale: amounts, expiry and terms',
  about: 'Our story, values and timeline',
  gallery: 'Upload, describe, order and remove photos',
  privacy: 'What we keep about guests and why: the owner’s to change',
};

/** Every document staff edit, each a link to its editor. */
export function ContentHubPage() {
  useAdminTitle('Site content');
  const role = useAdminRole();
  const keys = CONTENT_KEYS.filter((key) => role !== null && canEditContent(role, key));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="font-serif text-3xl sm:text-4xl">Site content</h1>
        <p className="mt-1 text-ink-soft">
          What guests read on the website. A saved change shows on the site straight away.
        </p>
      </div>
      <ul className="card divide-y divide-cream-200 overflow-hidden">
        {keys.map((key) => (
          <li key={key}>
            <Link
              to={`/admin/content/${key}`}
              className="flex min-h-16 items-center justify-between gap-4 px-4 py-3 no-underline transition-colors hover:bg-cream-100 sm:px-6"
            >
              <span className="min-w-0">
                <span className="block font-serif text-xl font-semibold text-green-900">
                  {CONTENT_TITLES[key]}
                </span>
                <span className="block text-sm text-ink-soft">{CONTENT_SUMMARIES[key]}</span>
              </span>
              <span aria-hidden="true" className="text-2xl text-brass-600">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/admin/google" className="link">
          Be booked from Google
        </Link>
        : the pub’s booking link and how to add it to its Google Business Profile.
      </p>
    </div>
  );
}

function UnknownContent() {
  useAdminTitle('Page not found');
  return (
    <div className="py-10">
      <h1 className="font-serif text-3xl">Page not found</h1>
      <p className="mt-3">
        <Link to="/admin/content" className="link">
          See all site content
        </Link>
      </p>
    </div>
  );
}

/** /admin/content/:key: the editor of that document (the gallery has its own route). */
export function ContentEditorPage() {
  const { key = '' } = useParams();
  if (!isContentKey(key) || key === 'gallery') return <UnknownContent />;
  const Editor = EDITORS[key];
  return (
    <RequireAdmin minimumRole={contentEditorRole(key)}>
      <Suspense
        fallback={
          <p role="status" className="mx-auto max-w-3xl text-ink-soft">
            Loading…
          </p>
        }
      >
        <Editor key={key} />
      </Suspense>
    </RequireAdmin>
  );
}
