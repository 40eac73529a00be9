import { cpSync, existsSync, readdirSync } from 'node:fs';

/** Uploaded photos live as files beside the database: a backup FILE keeps them in FILE.photos/. */
export function photosFolderOf(backupFile: string): string {
  return `${backupFile}.photos`;
}

function hasFiles(folder: string): boolean {
  return existsSync(folder) && readdirSync(folder).length > 0;
}

/** Copies the uploaded photos beside the backup; answers how many photos (folders) it copied. */
export function copyPhotosOut(imagesDir: string, backupFile: string): number {
  if (!hasFiles(imagesDir)) return 0;
  cpSync(imagesDir, photosFolderOf(backupFile), { recursive: true });
  return readdirSync(imagesDir).length;
}

/** Copies the photos kept beside a backup into the images folder; answers how many it copied. */
export function copyPhotosIn(backupFile: string, imagesDir: string): number {
  const folder = photosFolderOf(backupFile);
  if (!hasFiles(folder)) return 0;
  cpSync(folder, imagesDir, { recursive: true });
  return readdirSync(folder).length;
}
