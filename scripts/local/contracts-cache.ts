import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inputsHash } from '../inputs-hash.js';

/**
 * Whether the generated contracts (lib/schemas/generated, client/) still match what they are
 * built from, so `npm start` can skip the build on a restart. The hash covers the route specs,
 * the domain constants they read, the document builder, the record schemas (their JSON is built
 * too), the build scripts and the lockfile.
 */
const INPUTS = [
  'lib/schemas',
  'lib/openapi',
  'lib/domain',
  'lib/store/records',
  'scripts/build-contracts.ts',
  'scripts/contracts',
  'scripts/build-client.ts',
  'scripts/build-records.ts',
  'package-lock.json',
];
const MARK = join('lib', 'schemas', 'generated', '.inputs-hash');

export function contractInputsHash(root: string): string {
  return inputsHash(root, INPUTS);
}

export function contractsUpToDate(root: string, inputs: string): boolean {
  const mark = join(root, MARK);
  return existsSync(mark) && readFileSync(mark, 'utf8') === inputs && existsSync(join(root, 'client', 'schema.d.ts'));
}

export function markContractsBuilt(root: string, inputs: string): void {
  writeFileSync(join(root, MARK), inputs);
}
