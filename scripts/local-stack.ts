/**
 * `npm start`: DynamoDB Local + s3rver (data kept under .local/), the table, the bucket, demo
 * tenants and keys, and the API on http://localhost:$PORT/api/v1 through serverless-offline.
 * Ctrl-C or SIGTERM stops everything it started.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { javaAvailable, JAVA_MISSING_MESSAGE } from './local/dynamodb-local.js';
import { printKeyTable } from './local/seed.js';
import { startStack } from './local/stack.js';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

if (!javaAvailable()) {
  console.error(JAVA_MISSING_MESSAGE);
  process.exit(1);
}

const stack = await startStack({
  root,
  httpPort: port('PORT', 3000),
  lambdaPort: port('LAMBDA_PORT', 3002),
  dynamoPort: port('DYNAMODB_PORT', 8000),
  s3Port: port('S3_PORT', 4569),
  dataDir: process.env.LOCAL_DATA_DIR ?? join(root, '.local'),
  keysFile: join(process.env.LOCAL_DATA_DIR ?? join(root, '.local'), 'demo-keys.json'),
  withApi: true,
  catalogueSize: Number(process.env.DEMO_CATALOGUE_SIZE ?? 3000),
  log: (text) => process.stdout.write(text),
}).catch((error: Error) => {
  console.error(`Could not start the local stack: ${error.message}`);
  process.exit(1);
});

printKeyTable(stack.keys);
console.log(`API:  ${stack.baseUrl}/api/v1   docs: ${stack.baseUrl}/api/v1/docs   (Ctrl-C stops everything)`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping serverless-offline, s3rver and DynamoDB Local...`);
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
