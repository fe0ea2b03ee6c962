import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync as writeFile } from 'node:fs';
import { join } from 'node:path';

/**
 * Files are rewritten only when their content changes, and files no contract produces any more
 * are removed at the end: a build that changes nothing touches nothing, so a running stack's
 * file watchers and bundles are left alone.
 */
const written = new Set<string>();
export function writeOutput(path: string, content: string): void {
  written.add(path);
  if (existsSync(path) && readFileSync(path, 'utf8') === content) return;
  writeFile(path, content);
}

/** Removes the files of `dir` no build step wrote this time (its inputs hash stays). */
export function removeUnwritten(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!written.has(path) && name !== '.inputs-hash') rmSync(path, { force: true });
  }
}
