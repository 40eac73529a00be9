import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_FILES, describeContentErrors } from './src/shared/content-schemas.ts';

/** A broken content file fails the build, naming the file and the field. */
function validateContent(): Plugin {
  return {
    name: 'validate-content',
    buildStart() {
      const problems: string[] = [];
      for (const [file, schema] of Object.entries(CONTENT_FILES)) {
        const path = `content/${file}`;
        this.addWatchFile(path);
        let data: unknown;
        try {
          data = JSON.parse(readFileSync(path, 'utf8'));
        } catch (error) {
          problems.push(`${path}: ${(error as Error).message}`);
          continue;
        }
        const result = schema.safeParse(data);
        if (!result.success) problems.push(describeContentErrors(file, result.error));
      }
      if (problems.length > 0) this.error(`Invalid content:\n${problems.join('\n')}`);
    },
  };
}

export default defineConfig({
  plugins: [validateContent(), react(), tailwindcss()],
  publicDir: false,
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
      '/favicon.svg': 'http://localhost:3000',
    },
  },
});
