/**
 * `npm start`: DynamoDB Local + s3rver (data kept under .local/), the table, the bucket, demo
 * tenants and keys, and the API on http://localhost:$PORT/api/v1 through serverless-offline.
 *
 * - One progress line per phase, with the seconds since start; a phase that runs long says so
 *   every 4 seconds, so the terminal is never silent for long.
 * - One compact line per request (method and route, status, error code, ms, request id); the
 *   functions' full JSON logs and serverless-offline's own output with `--verbose` (or VERBOSE=1).
 * - SIGINT (Ctrl-C) or SIGTERM stops everything it started and frees the ports.
 */
import { spawn } from 'node:child_process';
import { buildConsole } from './console/build.js';
import { contractInputsHash, contractsUpToDate, markContractsBuilt } from './local/contracts-cache.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { javaAvailable, JAVA_MISSING_MESSAGE } from './local/dynamodb-local.js';
import { presentOutput } from './local/present-output.js';
import { printKeyTable } from './local/demo-keys.js';
import { removeStackFile, writeStackFile } from './local/stack-file.js';
import { startStack, type RunningStack } from './local/stack.js';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const verbose = process.argv.includes('--verbose') || process.env.VERBOSE === '1';
const dataDir = process.env.LOCAL_DATA_DIR ?? join(root, '.local');
const ports = {
  http: port('PORT', 3000),
  lambda: port('LAMBDA_PORT', 3002),
  dynamo: port('DYNAMODB_PORT', 8000),
  s3: port('S3_PORT', 4569),
};
const startedAt = Date.now();

let lastLine = Date.now();
let phase = 'starting';
const progress = (text: string) => {
  phase = text;
  lastLine = Date.now();
  console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${text}`);
};
// A phase that takes long says it is still at it, so no gap in the output is longer than 4 s.
const heartbeat = setInterval(() => {
  if (Date.now() - lastLine < 4_000) return;
  lastLine = Date.now();
  console.log(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s]   ... still: ${phase}`);
}, 500);

/**
 * Signals are handled from the first moment: a signal during the start stops what has started
 * (the exit handlers of DynamoDB Local and serverless-offline kill them if the stack is not up yet).
 */
let running: RunningStack | undefined;
let stopping = false;
const shutdown = async (signal: string, exitCode = 0) => {
  if (stopping) return;
  stopping = true;
  clearInterval(heartbeat);
  console.log(`\n${signal}: stopping serverless-offline, the S3 emulator and DynamoDB Local...`);
  // Whatever happens, this process is gone within 10 seconds.
  setTimeout(() => process.exit(1), 9_000).unref();
  // First: a stack that is stopping is no longer one the CLI should find.
  removeStackFile(dataDir);
  await running?.stop();
  console.log('stopped');
  process.exit(exitCode);
};
process.on('exit', () => removeStackFile(dataDir));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

if (!javaAvailable()) {
  console.error(JAVA_MISSING_MESSAGE);
  process.exit(1);
}
const major = Number(process.versions.node.split('.')[0]);
if (major < 22)
  progress(
    `note: Node ${process.versions.node} runs the local stack; AWS runs Node 22 (the AWS SDK will require it from 2027)`,
  );

/** The contracts are compiled again only when what they are made from changed (a restart skips it). */
async function buildContracts(): Promise<void> {
  const inputs = contractInputsHash(root);
  if (contractsUpToDate(root, inputs)) {
    progress('contracts: up to date');
    return;
  }
  progress('contracts: compiling validators, the OpenAPI document and the typed client');
  const build = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-contracts.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`the contracts did not build:\n${output}`);
  markContractsBuilt(root, inputs);
  progress('contracts: compiled');
}
const contracts = buildContracts();
contracts.catch(() => undefined);

const stack = await startStack({
  root,
  httpPort: ports.http,
  lambdaPort: ports.lambda,
  dynamoPort: ports.dynamo,
  s3Port: ports.s3,
  dataDir,
  keysFile: join(dataDir, 'demo-keys.json'),
  withApi: true,
  catalogueSize: Number(process.env.DEMO_CATALOGUE_SIZE ?? 3000),
  progress,
  contractsReady: contracts,
  catalogueInBackground: true,
  prebundle: true,
  log: (text) => {
    lastLine = Date.now();
    const shown = presentOutput(text, verbose);
    if (shown) process.stdout.write(shown);
  },
}).catch((error: Error) => {
  console.error(`Could not start the local stack: ${error.message}`);
  process.exit(1);
});
running = stack;
// The staff CLI finds this stack's ports here (scripts/local/stack-file.ts).
writeStackFile(dataDir, { pid: process.pid, startedAt: new Date(startedAt).toISOString(), ports });
// A part that stops on its own takes the rest down: a stack that half answers is worse than none.
void stack.failed.then((reason) => {
  if (stopping) return;
  console.error(`\n${reason}`);
  void shutdown('the local stack cannot go on without it', 1);
});
printKeyTable(stack.keys);
console.log(
  `API:  ${stack.baseUrl}/api/v1   reference: ${stack.baseUrl}/api/v1/docs   (Ctrl-C stops everything; --verbose shows full logs)`,
);
console.log(`ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
// The staff console is built once the API answers (Vite and the stack's start would share the
// cores), and again only when its sources change; the API serves it at /console/ meanwhile saying so.
await buildConsole({ root, progress }).then(
  () => console.log(`Console: ${stack.baseUrl}/console/   (sign in with a key above)\n`),
  (error: Error) => console.error(`The staff console did not build: ${error.message}`),
);
// A first start seeds the demo catalogue in the background, then the demo tenant's customers and
// orders for its cars (scripts/local/demo-orders.ts); the heartbeat goes on until both are in.
const seeded = stack.catalogueSeeded.then(
  () => true,
  () => true,
);
const demoOrders = seeded.then(async () => {
  const { seedDemoOrders } = await import('./local/demo-orders.js');
  const made = await seedDemoOrders(stack.keys, () =>
    progress('demo: placing customers and orders at different stages (first start only)'),
  );
  if (made.orders > 0)
    progress(`demo: ${made.customers} customers and ${made.orders} orders at different stages (first start only)`);
});
void demoOrders
  // A stop during the seed cuts it short: that is no news.
  .catch((error: Error) => {
    if (!stopping) progress(`demo: the customers and orders were not all placed: ${error.message}`);
  })
  .finally(() => clearInterval(heartbeat));
const alreadyIn = await Promise.race([seeded, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50))]);
if (!alreadyIn)
  progress('catalogue: importing the demo cars in the background (GET /cars lists them once this says so)');
