/** The occasions document's editor: being written (issue 30). */
export function OccasionsEditor() {
  return null;
}
