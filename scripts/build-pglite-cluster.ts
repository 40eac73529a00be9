/** Part of `npm run build`: the initialised PGlite cluster an empty data directory starts from (src/db/pglite-cluster.ts). */
import { relative, resolve } from 'node:path';
import { writeClusterArchive } from '../src/db/pglite-cluster.ts';

const archive = await writeClusterArchive();
console.log(`PGlite cluster: ${relative(resolve(import.meta.dirname, '..'), archive)}`);
