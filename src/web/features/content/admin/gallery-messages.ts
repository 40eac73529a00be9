/** What the gallery manager tells staff. */
export const GALLERY_ADMIN_MESSAGES = {
  loadFailed: 'Could not load the gallery. Please try again.',
  saveFailed: 'Could not save the gallery. Please try again.',
  uploadFailed: 'Could not upload the photo. Please try again.',
  deleteFailed: 'Could not delete the photo. Please try again.',
  confirmDeleteUpload: 'Delete this photo? It comes off the website at once and cannot be brought back.',
  confirmRemoveBuiltIn: 'Take this picture off the gallery? It comes off the website at once.',
  uploaded: (category: string) => `Photo uploaded. It is now last in “${category}”.`,
  moved: (alt: string, direction: 'up' | 'down') => `Moved “${alt}” ${direction}.`,
  recategorised: (alt: string, category: string) => `Moved “${alt}” to “${category}”.`,
  deleted: (alt: string) => `Deleted “${alt}”.`,
} as const;
