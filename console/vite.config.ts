import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The staff console: static files served at /console/ on the same origin as the API (/api/v1).
 * `npm run build:console` writes console/dist; in development, VPO_API (default
 * http://localhost:3000) is where the dev server sends /api.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': { target: process.env.VPO_API ?? 'http://localhost:3000', changeOrigin: false } } },
  preview: { proxy: { '/api': { target: process.env.VPO_API ?? 'http://localhost:3000', changeOrigin: false } } },
});
