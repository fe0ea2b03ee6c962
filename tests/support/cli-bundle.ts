import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles the staff CLI once for the test run (the global setup calls this): the suite runs a few
 * hundred CLI commands, each a process of its own as staff run it, and compiling the TypeScript
 * again in each (as `npm run cli` does through tsx) cost about 0.6 s of CPU per command. Packages
 * stay in node_modules and the store modules stay lazily loaded chunks, as the CLI needs them.
 * Answers the bundle's entry file.
 */
export async function bundleCli(root: string): Promise<string> {
  const outdir = join(root, '.esbuild', 'cli-test');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(root, 'scripts', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    packages: 'external',
    outdir,
    logLevel: 'warning',
  });
  return join(outdir, 'cli.js');
}
