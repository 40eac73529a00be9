/**
 * `npm start`: builds the site when nothing is built yet or a source changed since, then serves it. A start
 * with the build current goes straight to the server.
 */
import { ensureCurrentBuild } from './lib/build.ts';

ensureCurrentBuild('inherit');
await import('../src/server/server.ts');
