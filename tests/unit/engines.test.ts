/**
 * The Node versions the project says it runs on (package.json `engines`) are ones every installed
 * dependency accepts, so `npm ci` prints no engine warning on any of them, and this machine's
 * Node is one of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
};

describe('engines', () => {
  it('names only Node versions that every dependency in the lockfile accepts', () => {
    const refusing = Object.entries(lock.packages)
      // Optional platform packages (another OS's binary) are never installed here.
      .filter(([path, pkg]) => path !== '' && !pkg.optional && !Array.isArray(pkg.engines) && pkg.engines?.node)
      .filter(([, pkg]) => !semver.subset(manifest.engines.node, (pkg.engines as { node: string }).node))
      .map(
        ([path, pkg]) =>
          `${path.replace(/^.*node_modules\//, '')}@${pkg.version} wants node ${(pkg.engines as { node: string }).node}`,
      );
    expect(refusing).toEqual([]);
  });

  it("includes the Node that runs the tests, and Lambda's Node 22 line", () => {
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
    expect(semver.intersects(manifest.engines.node, '22.x')).toBe(true);
  });
});
