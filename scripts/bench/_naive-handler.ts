import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { createCustomer } from '../../lib/schemas/customers.js';
import { type Bundle, bundleOne, errorText } from './_lambda-bundle.js';

/**
 * The naive handler the cold-start budget compares against (Middy + Ajv compiling its schema at
 * run time + the bundled SDK), built in the same run with the same options, so the comparison
 * holds on whatever machine runs the benchmark.
 */

/** The naive handler the budget compares against, written to the temp dir (never the repo). */
function naiveSource(variant: 'middy-transpile' | 'ajv-compile'): string {
  // The createCustomer event schema, as JSON (TypeBox's symbols dropped), compiled at module init.
  // The service's own formats (phone, currency: lib/schemas/formats.ts) are left out: a naive
  // handler checks those in code, and Ajv refuses formats it does not know.
  const ownFormats = new Set(['phone', 'currency']);
  const body = JSON.parse(JSON.stringify(createCustomer.body), (key, value: unknown) =>
    key === 'format' && ownFormats.has(String(value)) ? undefined : value,
  ) as unknown;
  const schema = JSON.stringify({ type: 'object', required: ['body'], properties: { body } });
  const compile =
    variant === 'middy-transpile'
      ? `import { transpileSchema } from '@middy/validator/transpile';\nconst eventSchema = transpileSchema(${schema});`
      : `import Ajv from 'ajv';\nimport addFormats from 'ajv-formats';\nconst ajv = new Ajv({ allErrors: true, coerceTypes: 'array', useDefaults: 'empty', strict: false });\naddFormats(ajv);\nconst eventSchema = ajv.compile(${schema});`;
  return `// Naive baseline for the cold-start benchmark (written by scripts/bench/cold-start.ts).
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import validator from '@middy/validator';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
${compile}

const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));

const base = async (event) => {
  const item = { pk: 'CUSTOMER#' + event.body.mobileNumber, sk: 'PROFILE', ...event.body };
  await ddb.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: item }));
  return { statusCode: 201, body: JSON.stringify({ success: true, data: item }) };
};

export const handler = middy().use(httpJsonBodyParser()).use(validator({ eventSchema })).handler(base);
`;
}

export type BaselineVariant = 'middy-transpile' | 'ajv-compile';

/**
 * The naive baseline, with the service's options. Prefer Middy's own run-time compiler; fall back
 * to plain Ajv when the transpile entry's dependencies are not installed.
 */
export async function bundleBaseline(
  rootDir: string,
  workDir: string,
  options: { buildOptions: BuildOptions; outExtension: string },
  log: (message: string) => void,
): Promise<{ baseline: Bundle | undefined; baselineVariant: BaselineVariant | undefined; baselineNotes: string[] }> {
  let baseline: Bundle | undefined;
  let baselineVariant: BaselineVariant | undefined;
  const baselineNotes: string[] = [];
  for (const variant of ['middy-transpile', 'ajv-compile'] as const) {
    const dir = join(workDir, `naive-${variant}`);
    mkdirSync(dir, { recursive: true });
    const entry = join(dir, 'naive-handler.mjs');
    writeFileSync(entry, naiveSource(variant));
    log(`bundling naive baseline (${variant})`);
    try {
      const candidate = await bundleOne(rootDir, options.buildOptions, options.outExtension, join(dir, 'out'), {
        name: `naive (${variant})`,
        kind: 'baseline',
        entry,
        exportName: 'handler',
      });
      baseline = candidate;
      baselineVariant = variant;
      break;
    } catch (error) {
      baselineNotes.push(`${variant} did not build: ${errorText(error)}`);
    }
  }
  for (const note of baselineNotes) log(`warning: ${note}`);
  return { baseline, baselineVariant, baselineNotes };
}
