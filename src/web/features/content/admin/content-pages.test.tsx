import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_KEYS, CONTENT_TITLES } from '#shared/content/documents.ts';
import { NO_ACCESS } from '#shared/staff/roles.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { openEditor, restoreStubsAroundEachTest } from './editor-test-kit.ts';
import { stubContentApi } from './fake-content-api.ts';
import { fieldId } from './fields.tsx';

describe('the site content pages', () => {
  restoreStubsAroundEachTest();

  it('are in the admin nav, and list every document with a link to its editor', async () => {
    stubContentApi();
    renderRoute('/admin/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site content' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Site content' })).toHaveAttribute('aria-current', 'page');
    for (const key of CONTENT_KEYS) {
      expect(screen.getByRole('link', { name: new RegExp(`^${CONTENT_TITLES[key]}`) })).toHaveAttribute(
        'href',
        `/admin/content/${key}`,
      );
    }
  });

  it('leave the privacy notice out for a manager, and refuse its editor in words', async () => {
    stubContentApi({ role: 'manager' });
    const view = renderRoute('/admin/content');
    expect(await screen.findByRole('link', { name: /^About page/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Privacy notice/ })).toBeNull();
    view.unmount();
    renderRoute('/admin/content/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('let the owner add a section to the privacy notice and save it', async () => {
    const { api, user } = await openEditor('/admin/content/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Sections' });
    await user.click(screen.getByRole('button', { name: 'Add a section' }));
    const count = seedContent.privacy.sections.length;
    await user.type(
      screen.getByLabelText(/^Heading/, { selector: `#${CSS.escape(fieldId(`sections.${count}.heading`))}` }),
      'Cookies',
    );
    await user.type(
      screen.getByLabelText(/^Text/, { selector: `#${CSS.escape(fieldId(`sections.${count}.text`))}` }),
      'We set none but the staff sign-in.',
    );
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(
        api.sent.some((request) => request.method === 'PUT' && request.url === '/api/admin/content/privacy'),
      ).toBe(true),
    );
    const saved = api.sent.find((request) => request.method === 'PUT')?.body as {
      document: { sections: unknown[] };
    };
    expect(saved.document.sections.at(-1)).toEqual({
      heading: 'Cookies',
      text: 'We set none but the staff sign-in.',
    });
  });

  it('open the gallery’s own manager for the gallery', async () => {
    stubContentApi();
    renderRoute('/admin/content/gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gallery' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'What will change' })).not.toBeInTheDocument();
  });

  it('say so when there is no such document', async () => {
    stubContentApi();
    renderRoute('/admin/content/wine-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all site content' })).toHaveAttribute(
      'href',
      '/admin/content',
    );
  });
});
