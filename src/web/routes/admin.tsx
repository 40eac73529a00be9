import { Link, Route, Routes } from 'react-router';
import '../admin.css';
import { ActivityPage } from '../features/audit/activity-page.tsx';
import { BookingsDayPage } from '../features/booking/admin/bookings-day-page.tsx';
import { NewBookingPage } from '../features/booking/admin/new-booking-page.tsx';
import { ChristmasAdminPage } from '../features/christmas/admin/christmas-admin-page.tsx';
import { ContentEditorPage, ContentHubPage } from '../features/content/admin/content-pages.tsx';
import { GalleryManagerPage } from '../features/content/admin/gallery-manager.tsx';
import { EnquiriesPage } from '../features/enquiries/admin/enquiries-page.tsx';
import { EventFormPage } from '../features/events/admin/event-form-page.tsx';
import { EventsPage } from '../features/events/admin/events-page.tsx';
import { MailPage } from '../features/mail/admin/mail-page.tsx';
import { GuestDataPage } from '../features/privacy/admin/guest-data-page.tsx';
import { AdminLayout, useAdminTitle } from '../features/staff/admin-layout.tsx';
import { AdminSessionProvider, RequireAdmin } from '../features/staff/admin-session.tsx';
import { ForgotPage } from '../features/staff/forgot-page.tsx';
import { InvitePage } from '../features/staff/invite-page.tsx';
import { LoginPage } from '../features/staff/login-page.tsx';
import { ResetPage } from '../features/staff/reset-page.tsx';
import { StaffPage } from '../features/staff/staff-page.tsx';
import { TwoStepPage } from '../features/staff/two-step-page.tsx';

function AdminNotFound() {
  useAdminTitle('Page not found');
  return (
    <div className="py-10">
      <h1 className="font-serif text-3xl">Page not found</h1>
      <p className="mt-3">
        <Link to="/admin/bookings" className="link">
          Go to today’s bookings
        </Link>
      </p>
    </div>
  );
}

/** The staff admin (spec §2): its own chunk, never loaded by the public pages. */
export function Component() {
  return (
    <AdminSessionProvider>
      <AdminLayout>
        <Routes>
          <Route index element={<LoginPage />} />
          <Route
            path="account"
            element={
              <RequireAdmin>
                <TwoStepPage />
              </RequireAdmin>
            }
          />
          <Route path="invite/:token" element={<InvitePage />} />
          <Route path="forgot" element={<ForgotPage />} />
          <Route path="reset/:token" element={<ResetPage />} />
          <Route
            path="staff"
            element={
              <RequireAdmin minimumRole="owner">
                <StaffPage />
              </RequireAdmin>
            }
          />
          <Route
            path="events"
            element={
              <RequireAdmin minimumRole="manager">
                <EventsPage />
              </RequireAdmin>
            }
          />
          <Route
            path="events/new"
            element={
              <RequireAdmin minimumRole="manager">
                <EventFormPage />
              </RequireAdmin>
            }
          />
          <Route
            path="events/:id"
            element={
              <RequireAdmin minimumRole="manager">
                <EventFormPage />
              </RequireAdmin>
            }
          />
          <Route
            path="bookings"
            element={
              <RequireAdmin>
                <BookingsDayPage />
              </RequireAdmin>
            }
          />
          <Route
            path="bookings/new"
            element={
              <RequireAdmin>
                <NewBookingPage />
              </RequireAdmin>
            }
          />
          <Route
            path="enquiries"
            element={
              <RequireAdmin minimumRole="manager">
                <EnquiriesPage />
              </RequireAdmin>
            }
          />
          <Route
            path="christmas"
            element={
              <RequireAdmin>
                <ChristmasAdminPage />
              </RequireAdmin>
            }
          />
          <Route
            path="content"
            element={
              <RequireAdmin minimumRole="manager">
                <ContentHubPage />
              </RequireAdmin>
            }
          />
          <Route
            path="content/gallery"
            element={
              <RequireAdmin minimumRole="manager">
                <GalleryManagerPage />
              </RequireAdmin>
            }
          />
          <Route
            path="content/:key"
            element={
              <RequireAdmin minimumRole="manager">
                <ContentEditorPage />
              </RequireAdmin>
            }
          />
          <Route
            path="mail"
            element={
              <RequireAdmin minimumRole="manager">
                <MailPage />
              </RequireAdmin>
            }
          />
          <Route
            path="activity"
            element={
              <RequireAdmin minimumRole="owner">
                <ActivityPage />
              </RequireAdmin>
            }
          />
          <Route
            path="guests"
            element={
              <RequireAdmin minimumRole="owner">
                <GuestDataPage />
              </RequireAdmin>
            }
          />
          <Route
            path="*"
            element={
              <RequireAdmin>
                <AdminNotFound />
              </RequireAdmin>
            }
          />
        </Routes>
      </AdminLayout>
    </AdminSessionProvider>
  );
}
