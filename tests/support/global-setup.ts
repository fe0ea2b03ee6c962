/**
 * Starts the whole local stack once for the test run, in memory, on ports of its own so it does
 * not collide with a developer's `npm start`: DynamoDB Local, s3rver, the seeded table, and the
 * API through serverless-offline. Stopped when the run ends.
 */
import { buildConsole } from '../../scripts/console/build.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { DemoKey } from '../../scripts/local/demo-keys.js';
import { startStack, type RunningStack } from '../../scripts/local/stack.js';
import { bundleCli } from './cli-bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stackEnv: Record<string, string>;
    demoKeys: DemoKey[];
    /** The staff CLI bundled for this run (tests/support/cli-bundle.ts). */
    cliBundle: string;
  }
}

/** A number the test stack's chat channel refuses (see CHAT_LOCAL_FAIL_NUMBERS). */
export const CHAT_FAIL_NUMBER = '+971509999999';

let stack: RunningStack | undefined;
const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Short, so the test of a revoked key in continuous use waits seconds, not the minute AWS containers keep a key. */
const API_KEY_CACHE_SECONDS = '10';

/**
 * Webhook timings for tests: the feed settles in 2 s; the retry schedule (about 27.6 hours in
 * AWS) is scaled down to about 10 s; an endpoint failing for 20 s is disabled (5 days in AWS),
 * later than its deliveries' last retry, as in AWS.
 */
export const WEBHOOK_TEST_ENV = {
  EVENT_SETTLE_MS: '2000',
  WEBHOOK_RETRY_SCALE: '0.0001',
  WEBHOOK_DISABLE_AFTER_MS: '20000',
};

/**
 * Catalogue feeds: a full list may remove 5% of a provider's cars unconfirmed (30% in AWS), so
 * the feed tests hold a list by removing a handful of their own cars, never the seeded ones.
 */
const FEED_TEST_ENV = { FEED_MAX_REMOVAL_SHARE: '0.05' };

export async function setup(project: TestProject): Promise<void> {
  process.env.API_KEY_CACHE_SECONDS = API_KEY_CACHE_SECONDS;
  Object.assign(process.env, FEED_TEST_ENV);
  Object.assign(process.env, WEBHOOK_TEST_ENV);
  stack = await startStack({
    root,
    httpPort: port('TEST_HTTP_PORT', 3100),
    lambdaPort: port('TEST_LAMBDA_PORT', 3102),
    dynamoPort: port('TEST_DYNAMODB_PORT', 8100),
    s3Port: port('TEST_S3_PORT', 4600),
    withApi: true,
    catalogueSize: 600,
    // Short, so the import test sees its cars without waiting a minute.
    catalogueRefreshSeconds: 2,
    outboxIntervalMs: 250,
    // The local chat outbox refuses this number, so tests can see a dispatch failure end to end.
    chatFailNumbers: [CHAT_FAIL_NUMBER],
    // Demo keys get a generous limit so parallel tests never trip it; rate-limit tests make their own keys.
    rateLimit: { rps: 100_000, burst: 100_000, quotaPerDay: 100_000_000 },
    log: process.env.DEBUG_OFFLINE ? (text) => process.stdout.write(text) : undefined,
  });
  // The console's browser tests open it from the stack (/console/); built after the start, which
  // it would slow, and only when its sources changed.
  await buildConsole({ root });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('stackEnv', { ...stack.env, API_KEY_CACHE_SECONDS, ...WEBHOOK_TEST_ENV, ...FEED_TEST_ENV });
  project.provide('demoKeys', stack.keys);
  project.provide('cliBundle', await bundleCli(root));
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
