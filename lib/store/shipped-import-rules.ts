import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportRuleText } from '../domain/import-rules.js';

/**
 * The import rules the service ships with (docs/import-rules.md): data with its sources, kept in
 * a JSON file every HTTP function's package carries beside its bundle (scripts/serverless/
 * http-functions.ts) and read on first use from the package root, so no bundle carries their
 * notes and sources as code.
 */
export const SHIPPED_IMPORT_RULES_FILE = 'lib/data/import-rules.json';

export type ShippedImportRule = ImportRuleText & { country: string };

let shipped: ReadonlyArray<ShippedImportRule> | undefined;

export function shippedImportRules(): ReadonlyArray<ShippedImportRule> {
  shipped ??= JSON.parse(readFileSync(join(process.cwd(), SHIPPED_IMPORT_RULES_FILE), 'utf8')) as ShippedImportRule[];
  return shipped;
}
