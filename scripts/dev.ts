/** `npm run dev`: the API server with reload on change, and Vite's dev server (hot reload) in front of it. */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch-path=src', '--watch-preserve-output', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', stopAll);
