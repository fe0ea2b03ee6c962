/**
 * `npm run docs:examples`: the response examples of the API reference, recorded from a real walk.
 *
 * Starts a local stack of its own (ports 3400/3402/8400/4640, in memory), walks it as its users
 * would (a customer, an order from the catalogue taken through every status to Delivered by the
 * role that owns each move, receipts, inspection, contract, payment, customs, export steps and
 * shipment, wallets, staff users and keys, webhooks with a receiver that answers and one that is
 * down, the event feed, the WhatsApp webhooks), then calls every route once more for its refusals
 * (no key, a role that may not, a key not given the route, an unknown id, a closed order, an invalid
 * input, a body that is not JSON or too large, a key over its rate). It keeps one real answer per
 * operation and status, replaces what changes from run to run (ids, keys, secrets, cursors,
 * times) with stable values of the same shape, and writes lib/openapi/generated/response-examples.json.
 * lib/openapi/document.ts shows those answers as the examples of the reference.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scrubExamples } from './docs-examples-scrub.js';
import { outage } from './docs-examples/outage.js';
import { calls, events, log, replacements, setBaseUrl, steps } from './docs-examples/recorder.js';
import { refusals } from './docs-examples/refusals.js';
import { walk } from './docs-examples/walk.js';
import {
  CHAT_FAIL_NUMBER,
  GULF,
  INSPECTION_AT,
  type Keys,
  ROLES_WALKED,
  WALLET_INSPECTION_AT,
} from './docs-examples/walk-data.js';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const OUT = join(root, 'lib', 'openapi', 'generated', 'response-examples.json');
const PORTS = {
  httpPort: Number(process.env.DOCS_HTTP_PORT ?? 3400),
  lambdaPort: Number(process.env.DOCS_LAMBDA_PORT ?? 3402),
  dynamoPort: Number(process.env.DOCS_DYNAMODB_PORT ?? 8400),
  s3Port: Number(process.env.DOCS_S3_PORT ?? 4640),
  dynamoGatePort: Number(process.env.DOCS_DYNAMODB_GATE_PORT ?? 8401),
};

async function main(): Promise<void> {
  // Webhook retries scaled from about 27.6 hours to seconds, so a refused delivery is seen retrying, then failed.
  Object.assign(process.env, {
    EVENT_SETTLE_MS: '1000',
    WEBHOOK_RETRY_SCALE: '0.0001',
    WEBHOOK_DISABLE_AFTER_MS: '3600000',
    API_KEY_CACHE_SECONDS: '1',
  });
  const { startStack } = await import('./local/stack.js');
  log(`starting a local stack on ports ${Object.values(PORTS).join('/')}`);
  const start = () =>
    startStack({
      root,
      ...PORTS,
      withApi: true,
      catalogueSize: 200,
      outboxIntervalMs: 250,
      chatFailNumbers: [CHAT_FAIL_NUMBER],
      prebundle: true,
      rateLimit: { rps: 100_000, burst: 100_000, quotaPerDay: 100_000_000 },
      progress: (phase) => log(phase),
    });
  // On a busy machine DynamoDB Local may miss its 30 s to answer: a second try usually makes it.
  const stack = await start().catch((error: Error) => {
    log(`the stack did not start (${error.message.split('\n')[0]}); trying once more`);
    return start();
  });
  let failure: unknown;
  try {
    setBaseUrl(stack.baseUrl);
    const keyOf = (role: string) => stack.keys.find((k) => k.role === role && k.tenantId === GULF)!.key;
    const platform = stack.keys.find((k) => k.role === 'admin' && k.tenantId === undefined)!.key;
    const keys = { ...Object.fromEntries(ROLES_WALKED.map((role) => [role, keyOf(role)])), platform } as Keys;
    const startedAt = Date.now();
    log('walking the main flow');
    const walked = await walk(keys, startedAt);
    log('calling every route for its refusals');
    await refusals(keys, walked);
    log('calling every route with the table out of reach');
    await outage(keys, stack.dynamoGate!);
    replacements[stack.baseUrl] = 'http://localhost:3000';
    for (const host of [`http://127.0.0.1:${PORTS.s3Port}`, `http://localhost:${PORTS.s3Port}`]) {
      replacements[`${host}/vehicle-purchase-orders-local-archive/`] =
        'https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/';
    }
    const examples = scrubExamples(calls, events, {
      startedAt,
      endedAt: Date.now(),
      steps,
      replacements,
      fixedTimes: [INSPECTION_AT, WALLET_INSPECTION_AT],
    });
    writeFileSync(OUT, `${JSON.stringify(examples, null, 2)}\n`);
    const count = Object.values(examples.examples).reduce((n, byStatus) => n + Object.keys(byStatus).length, 0);
    log(`wrote ${count} examples of ${Object.keys(examples.examples).length} operations to ${OUT}`);
  } catch (error) {
    failure = error;
  } finally {
    await stack.stop();
  }
  if (failure) throw failure;
}

await main();
