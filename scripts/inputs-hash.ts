import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Build output and dependencies never count as inputs, wherever they sit. */
const SKIPPED = new Set(['generated', 'node_modules', '.esbuild', '.serverless', '.local', '.bench']);

function files(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .sort()
    .flatMap((name) => files(root, relative(root, join(full, name))));
}

/**
 * A fingerprint of what some output is made from: the names and contents of every file under
 * the given paths (files or folders, relative to root). The same tree gives the same hash on any
 * clone, so "made from this code" can be checked without git history.
 */
export function inputsHash(root: string, paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((input) => files(root, input)))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}
