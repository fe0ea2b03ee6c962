/**
 * Regenerates the typed client's types (client/schema.d.ts) from the OpenAPI document the build
 * just wrote (client/openapi.json), so the client, the reference and the service cannot drift.
 * Run by `npm run build:contracts`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'client');

export async function buildClientTypes(): Promise<void> {
  const document = JSON.parse(readFileSync(join(clientDir, 'openapi.json'), 'utf8')) as Parameters<typeof openapiTS>[0];
  const ast = await openapiTS(document, { alphabetize: false, exportType: false });
  const file = join(clientDir, 'schema.d.ts');
  const content = `// Generated from client/openapi.json by scripts/build-client.ts: do not edit.\n${astToString(ast)}`;
  // Rewritten only when it changes, so a build that changes nothing touches nothing.
  if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeFileSync(file, content);
}
