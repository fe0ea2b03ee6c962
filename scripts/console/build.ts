import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputsHash } from '../inputs-hash.js';

/**
 * Builds the staff console (console/ -> console/dist) only when what it is made from changed:
 * its sources and config (console/ but its dist/), the typed client it calls the API through, and the lockfile. The hash
 * of those inputs is kept beside the output, like the contracts' (scripts/local/contracts-cache.ts).
 */
const INPUTS = [
  'console/index.html',
  'console/vite.config.ts',
  'console/tsconfig.json',
  'console/src',
  'client/schema.d.ts',
  'client/index.ts',
  'package-lock.json',
];
const OUT = join('console', 'dist');
const MARK = join(OUT, '.inputs-hash');

export async function buildConsole(options: {
  root: string;
  progress?: (line: string) => void;
}): Promise<{ built: boolean; dir: string }> {
  const { root, progress } = options;
  const dir = join(root, OUT);
  const hash = inputsHash(root, INPUTS);
  const mark = join(root, MARK);
  if (existsSync(mark) && readFileSync(mark, 'utf8') === hash && existsSync(join(dir, 'index.html'))) {
    progress?.('console: up to date');
    return { built: false, dir };
  }
  progress?.('console: building with Vite');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'console', 'vite.config.ts'), logLevel: 'warn' });
  writeFileSync(mark, hash);
  progress?.('console: built');
  return { built: true, dir };
}
