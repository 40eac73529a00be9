import { type FormEvent, useId, useRef, useState } from 'react';
import { GALLERY_MESSAGES } from '#shared/content/gallery.ts';
import { IMAGE_MESSAGES, imageUploadFieldsSchema, MAX_IMAGE_BYTES } from '#shared/content/uploaded-images.ts';
import { TextAreaField, TextField } from '#web/components/form-fields.tsx';
import { Notice } from '#web/features/staff/notice.tsx';
import { ApiError, failureText } from '#web/lib/api.ts';
import { forgetContent } from '../use-content.ts';
import { GALLERY_ADMIN_MESSAGES } from './gallery-messages.ts';
import * as api from './images-api.ts';

const NEW_CATEGORY = '\u0000new';

interface UploadFormProps {
  categories: string[];
  onUploaded: (category: string) => Promise<void>;
}

type UploadField = 'file' | 'alt' | 'category';

/** One photo from the phone (its camera, when the phone offers it), its description and its category. */
export function UploadForm({ categories, onUploaded }: UploadFormProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [choice, setChoice] = useState(categories[0] ?? NEW_CATEGORY);
  const [newName, setNewName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<UploadField, string>>>({});
  const [failure, setFailure] = useState('');
  const [uploading, setUploading] = useState(false);
  const fieldId = (field: UploadField) => `${id}-${field}`;
  const errorId = (field: UploadField) => `${id}-${field}-error`;
  // A category may have gone (its last photo moved away) since it was chosen.
  const selected =
    choice === NEW_CATEGORY || categories.includes(choice) ? choice : (categories[0] ?? NEW_CATEGORY);
  const creating = selected === NEW_CATEGORY;

  function problems(): Partial<Record<UploadField, string>> {
    const found: Partial<Record<UploadField, string>> = {};
    if (!file) found.file = IMAGE_MESSAGES.noFile;
    else if (file.size > MAX_IMAGE_BYTES) found.file = IMAGE_MESSAGES.tooLarge;
    const fields = imageUploadFieldsSchema.safeParse({ alt, category: creating ? newName : selected });
    for (const issue of fields.success ? [] : fields.error.issues) {
      const field = issue.path[0] === 'category' ? 'category' : 'alt';
      found[field] ??= issue.message;
    }
    if (creating && !newName.trim()) found.category ??= GALLERY_MESSAGES.categoryRequired;
    return found;
  }

  function show(found: Partial<Record<UploadField, string>>) {
    setErrors(found);
    const first = (['file', 'alt', 'category'] as const).find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure('');
    const found = problems();
    show(found);
    if (Object.keys(found).length > 0 || !file) return;
    const category = (creating ? newName : selected).trim();
    const form = new FormData();
    form.append('alt', alt);
    form.append('category', category);
    form.append('file', file);
    setUploading(true);
    try {
      await api.uploadImage(form);
      forgetContent('gallery');
    } catch (error) {
      setUploading(false);
      if (error instanceof ApiError && error.issues.length > 0) {
        show(
          Object.fromEntries(
            error.issues.map((issue) => [issue.path === 'category' ? 'category' : 'alt', issue.message]),
          ),
        );
      } else if (error instanceof ApiError && error.status === 400) {
        show({ file: error.message });
      } else {
        setFailure(failureText(error, GALLERY_ADMIN_MESSAGES.uploadFailed));
      }
      return;
    }
    setUploading(false);
    setFile(null);
    setAlt('');
    setNewName('');
    setChoice(category);
    if (fileInput.current) fileInput.current.value = '';
    await onUploaded(category);
  }

  const fieldError = (field: UploadField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm font-semibold text-burgundy-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="card space-y-5 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="font-serif text-2xl">
        Add a photo
      </h2>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div>
        <label htmlFor={fieldId('file')} className="field-label">
          Photo<span aria-hidden="true"> *</span>
        </label>
        <input
          ref={fileInput}
          id={fieldId('file')}
          type="file"
          accept="image/*"
          required
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={`${errors.file ? `${errorId('file')} ` : ''}${id}-file-hint`}
          onChange={(change) => setFile(change.target.files?.[0] ?? null)}
          className="field-input min-h-11 file:mr-3 file:rounded-md file:border-0 file:bg-green-800 file:px-3 file:py-1.5 file:font-semibold file:text-cream-50"
        />
        {fieldError('file')}
        <p id={`${id}-file-hint`} className="mt-1.5 text-sm text-ink-soft">
          Take one now or choose one: JPEG, PNG, WebP or HEIC, up to 20 MB. Where it was taken is never
          published.
        </p>
      </div>
      <div>
        <TextAreaField
          id={fieldId('alt')}
          label="Description"
          required
          rows={2}
          maxLength={300}
          value={alt}
          hint="What the photo shows, read aloud to guests who cannot see it, e.g. “The inglenook fire lit on a winter evening”."
          invalid={Boolean(errors.alt)}
          errorId={errorId('alt')}
          onValue={setAlt}
        />
        {fieldError('alt')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-choice`} className="field-label">
            Category
          </label>
          <select
            id={`${id}-choice`}
            value={selected}
            onChange={(change) => setChoice(change.target.value)}
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
        {creating ? (
          <div>
            <TextField
              id={fieldId('category')}
              label="New category name"
              required
              maxLength={60}
              value={newName}
              invalid={Boolean(errors.category)}
              errorId={errorId('category')}
              onValue={setNewName}
            />
            {fieldError('category')}
          </div>
        ) : null}
      </div>
      <button type="submit" disabled={uploading} className="btn-dark min-h-11 w-full px-6 sm:w-auto">
        {uploading ? 'Uploading…' : 'Upload photo'}
      </button>
    </form>
  );
}
