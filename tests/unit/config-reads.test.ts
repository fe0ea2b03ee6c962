import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under a folder, generated code aside. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.ts') && !join(entry.parentPath, entry.name).includes('/generated/'),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

// The integrators' guide shows a receiver reading its own secret from its environment: a code sample, not a read.
const SAMPLES = new Set(['lib/openapi/guide.ts']);

describe('environment settings', () => {
  it('are read in lib/config.ts only, so each has one name, one default and one place to look', () => {
    const readers = [...sources('lib'), ...sources('functions')].filter(
      (file) => file !== 'lib/config.ts' && !SAMPLES.has(file) && readFileSync(file, 'utf8').includes('process.env'),
    );

    expect(readers).toEqual([]);
  });
});
