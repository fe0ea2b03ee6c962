import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The checkout as a fresh clone has it: the files git knows of (committed, or new and not
 * ignored), without anything built (generated contracts, bundles, data). node_modules is linked,
 * as `npm ci` would have filled it. What a newcomer's `npm start` meets on its first run.
 */
export function cleanCopy(root: string, prefix = 'vpo-clone-'): string {
  const to = mkdtempSync(join(tmpdir(), prefix));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    // A file deleted in the work tree but not yet in the index is not part of the clone either.
    try {
      cpSync(join(root, file), join(to, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(root, 'node_modules'), join(to, 'node_modules'), 'dir');
  return to;
}
