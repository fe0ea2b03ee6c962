import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';

/** Font files load as their bytes, as esbuild's binary loader bundles them (lib/documents/fonts.d.ts). */
const binaryFonts: Plugin = {
  name: 'binary-fonts',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('.ttf')) return undefined;
    return `export default new Uint8Array(Buffer.from(${JSON.stringify(readFileSync(id).toString('base64'))}, 'base64'));`;
  },
};

/**
 * Two projects: `unit` (pure rules, no servers) and `stack` (data layer, CLI and HTTP tests
 * against a whole local stack that tests/support/global-setup.ts starts and stops).
 * `npx vitest run --project unit` runs the fast ones alone.
 */
export default defineConfig({
  plugins: [binaryFonts],
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['tests/e2e/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/env.ts'],
        },
      },
    ],
  },
});
