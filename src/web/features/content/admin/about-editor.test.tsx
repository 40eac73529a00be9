import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { About } from '#shared/content/schemas.ts';
import { renderRoute } from '#tests/helpers/render-route.tsx';
import { seedContent } from '#tests/helpers/seed-content.ts';
import { changeList, restoreStubsAroundEachTest } from './editor-test-kit.ts';
import { stubContentApi } from './fake-content-api.ts';
import { GARDEN_PHOTO, stubUploadedImages } from './fake-images-api.ts';

describe('the about page editor', () => {
  restoreStubsAroundEachTest();

  it('chooses the picture beside the story from the uploaded photos, and back to the site’s own', async () => {
    const api = stubContentApi();
    stubUploadedImages();
    const user = userEvent.setup();
    renderRoute('/admin/content/about');
    const card = await screen.findByRole('region', { name: 'Picture beside our story' });
    expect(within(card).getByLabelText('Description')).toHaveValue(seedContent.about.picture.alt);
    await user.click(within(card).getByRole('button', { name: 'Choose another picture' }));
    await user.click(await within(card).findByRole('radio', { name: GARDEN_PHOTO.alt }));
    expect(changeList()).toHaveTextContent(
      `Picture beside our story: the site’s own picture → “${GARDEN_PHOTO.alt}”`,
    );

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    const [save] = api.saves();
    expect((save?.body as { document: About } | undefined)?.document).toEqual({
      ...seedContent.about,
      picture: {
        imageId: GARDEN_PHOTO.id,
        alt: GARDEN_PHOTO.alt,
        width: GARDEN_PHOTO.width,
        height: GARDEN_PHOTO.height,
      },
    });

    // The same photo, described otherwise: only its description changes.
    await user.type(within(card).getByLabelText('Description'), ', at noon');
    expect(changeList()).toHaveTextContent(
      `Picture beside our story › description: “${GARDEN_PHOTO.alt}” → “${GARDEN_PHOTO.alt}, at noon”`,
    );
    await user.click(within(card).getByRole('radio', { name: 'The site’s own picture' }));
    expect(within(card).getByLabelText('Description')).toHaveValue(seedContent.about.picture.alt);
    expect(changeList()).toHaveTextContent(
      `Picture beside our story: “${GARDEN_PHOTO.alt}” → the site’s own picture`,
    );
  });
});
