import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Whether the generated contracts (lib/schemas/generated, client/) still match what they are
 * built from, so `npm start` can skip the build on a restart. The hash covers the route specs,
 * the domain constants they read, the document builder, the build scripts and the lockfile.
 */
const INPUTS = ['lib/schemas', 'lib/openapi', 'lib/domain', 'scripts/build-contracts.ts', 'scripts/build-client.ts', 'package-lock.json'];
const MARK = join('lib', 'schemas', 'generated', '.inputs-hash');

function files(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .filter((name) => name !== 'generated')
    .sort()
    .flatMap((name) => files(root, relative(root, join(full, name))));
}

export function contractInputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => files(root, input))) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  return hash.digest('hex');
}

export function contractsUpToDate(root: string, inputs: string): boolean {
  const mark = join(root, MARK);
  return existsSync(mark) && readFileSync(mark, 'utf8') === inputs && existsSync(join(root, 'client', 'schema.d.ts'));
}

export function markContractsBuilt(root: string, inputs: string): void {
  writeFileSync(join(root, MARK), inputs);
}

