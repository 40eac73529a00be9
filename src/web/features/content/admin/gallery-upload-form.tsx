import { type RefObject, useEffect, useId, useRef } from 'react';
import { type FieldErrors, type Resolver, useController, useWatch } from 'react-hook-form';
import { GALLERY_MESSAGES } from '#shared/content/gallery.ts';
import { IMAGE_MESSAGES, imageUploadFieldsSchema, MAX_IMAGE_BYTES } from '#shared/content/uploaded-images.ts';
import { FormTextAreaField, FormTextField } from '#web/forms/fields.tsx';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { ApiError } from '#web/lib/api.ts';
import { forgetContent } from '../use-content.ts';
import { GALLERY_ADMIN_MESSAGES } from './gallery-messages.ts';
import * as api from './images-api.ts';

const NEW_CATEGORY = '\u0000new';

interface UploadValues {
  file: File | null;
  alt: string;
  /** The category chosen from the list, or `NEW_CATEGORY` for one named in `category`. */
  choice: string;
  /** The name of a new category. */
  category: string;
}

type UploadField = 'file' | 'alt' | 'category';

/** Every problem of the photo and its words, each beside its field: the file's size, then the shared schema's. */
const checkUpload: Resolver<UploadValues> = (values) => {
  const found: Partial<Record<UploadField, string>> = {};
  const creating = values.choice === NEW_CATEGORY;
  if (!values.file) found.file = IMAGE_MESSAGES.noFile;
  else if (values.file.size > MAX_IMAGE_BYTES) found.file = IMAGE_MESSAGES.tooLarge;
  const fields = imageUploadFieldsSchema.safeParse({
    alt: values.alt,
    category: creating ? values.category : values.choice,
  });
  for (const issue of fields.success ? [] : fields.error.issues) {
    found[issue.path[0] === 'category' ? 'category' : 'alt'] ??= issue.message;
  }
  if (creating && !values.category.trim()) found.category ??= GALLERY_MESSAGES.categoryRequired;
  const errors = Object.entries(found).map(([field, message]) => [field, { type: 'validate', message }]);
  return errors.length === 0
    ? { values, errors: {} }
    : { values: {}, errors: Object.fromEntries(errors) as FieldErrors<UploadValues> };
};

/** The photo itself: from the phone's camera when the phone offers it, or its files. */
function PhotoField({ fileInput }: { fileInput: RefObject<HTMLInputElement | null> }) {
  const id = useId();
  const { field, fieldState } = useController<UploadValues, 'file'>({ name: 'file' });
  const error = fieldState.error?.message;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Photo<span aria-hidden="true"> *</span>
      </label>
      <input
        ref={(input) => {
          field.ref(input);
          fileInput.current = input;
        }}
        id={id}
        type="file"
        accept="image/*"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? `${id}-error ` : ''}${id}-hint`}
        onBlur={field.onBlur}
        onChange={(change) => field.onChange(change.target.files?.[0] ?? null)}
        className="field-input min-h-11 file:mr-3 file:rounded-md file:border-0 file:bg-green-800 file:px-3 file:py-1.5 file:font-semibold file:text-cream-50"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-burgundy-700">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-soft">
        Take one now or choose one: JPEG, PNG, WebP or HEIC, up to 20 MB. Where it was taken is never
        published.
      </p>
    </div>
  );
}

/** One photo from the phone (its camera, when the phone offers it), its description and its category. */
export function UploadForm({
  categories,
  onUploaded,
}: {
  categories: string[];
  onUploaded: (category: string) => Promise<void>;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const upload = useSiteForm<UploadValues>({
    defaultValues: { file: null, alt: '', choice: categories[0] ?? NEW_CATEGORY, category: '' },
    validate: checkUpload,
    send: async ({ file, alt, choice, category: newName }) => {
      if (!file) return;
      const category = (choice === NEW_CATEGORY ? newName : choice).trim();
      const sent = new FormData();
      sent.append('alt', alt);
      sent.append('category', category);
      sent.append('file', file);
      try {
        await api.uploadImage(sent);
      } catch (error) {
        // A refusal that names no field is the file's: not a photo the server can read.
        if (!(error instanceof ApiError && error.status === 400 && error.issues.length === 0)) throw error;
        upload.form.setError('file', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      forgetContent('gallery');
      upload.form.reset({ file: null, alt: '', choice: category, category: '' });
      if (fileInput.current) fileInput.current.value = '';
      void onUploaded(category);
    },
    failure: GALLERY_ADMIN_MESSAGES.uploadFailed,
  });
  const choice = useWatch({ control: upload.form.control, name: 'choice' });
  // A category may have gone (its last photo moved away) since it was chosen.
  const selected =
    choice === NEW_CATEGORY || categories.includes(choice) ? choice : (categories[0] ?? NEW_CATEGORY);
  useEffect(() => {
    if (selected !== choice) upload.form.setValue('choice', selected);
  }, [upload.form, selected, choice]);

  return (
    <SiteForm form={upload} aria-labelledby={`${id}-title`} className="card space-y-5 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl">
        Add a photo
      </h2>
      <FormError />
      <PhotoField fileInput={fileInput} />
      <FormTextAreaField
        name="alt"
        label="Description"
        required
        rows={2}
        maxLength={300}
        hint="What the photo shows, read aloud to guests who cannot see it, e.g. “The inglenook fire lit on a winter evening”."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-choice`} className="field-label">
            Category
          </label>
          <select
            id={`${id}-choice`}
            value={selected}
            onChange={(change) => upload.form.setValue('choice', change.target.value)}
            className="field-input min-h-11"
          >
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={NEW_CATEGORY}>New category…</option>
          </select>
        </div>
        {selected === NEW_CATEGORY ? (
          <FormTextField name="category" label="New category name" required maxLength={60} />
        ) : null}
      </div>
      <SubmitButton className="btn-dark min-h-11 w-full px-6 sm:w-auto" busyLabel="Uploading…">
        Upload photo
      </SubmitButton>
    </SiteForm>
  );
}
