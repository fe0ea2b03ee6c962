import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { startS3Local, type S3Local } from './s3-local.js';
import { localEnvironment } from './bootstrap.js';
import { prebundle } from './prebundle.js';
import type { DemoKey } from './demo-keys.js';
import { startTcpGate, type TcpGate } from './tcp-gate.js';

export interface StackOptions {
  root: string;
  httpPort: number;
  lambdaPort: number;
  dynamoPort: number;
  s3Port: number;
  /** Keep data on disk under this folder; in memory when absent (tests). */
  dataDir?: string;
  keysFile?: string;
  /** Start serverless-offline too (false: only the data services, for integration tests). */
  withApi: boolean;
  rateLimit?: { rps: number; burst: number; quotaPerDay: number };
  /** Cars to generate when the catalogue is empty. */
  catalogueSize: number;
  /** Seconds a warm list function trusts its catalogue copy (60 in AWS). */
  catalogueRefreshSeconds?: number;
  /** How often the local outbox runner looks for due side effects (the Streams trigger in AWS). */
  outboxIntervalMs?: number;
  /** How often the local feed runner looks for new files under feeds/ in the bucket (S3 events in AWS). */
  feedIntervalMs?: number;
  /** Recipients the local chat outbox refuses (tests of the dispatch-failure path). */
  chatFailNumbers?: string[];
  /** serverless-offline's and the functions' output, as it comes. */
  log?: (line: string) => void;
  /** One line per phase of the start (DynamoDB, S3, table, seed, bundling, API). */
  progress?: (phase: string) => void;
  /**
   * Settles when the generated contracts are in place (npm start compiles them while the data
   * services start): the demo seed imports them, and the API bundles are made from them.
   */
  contractsReady?: Promise<void>;
  /**
   * Bundle the functions with one esbuild call and keep the bundles for the next start while
   * nothing they are made from changes (npm start; scripts/local/prebundle.ts), instead of
   * serverless-esbuild bundling each function at every start (the test stack).
   */
  prebundle?: boolean;

  /**
   * Seed an empty catalogue after the API answers instead of before (npm start's first run: the
   * 6,000 writes take DynamoDB Local about 10 s on disk). `catalogueSeeded` settles when done.
   */
  catalogueInBackground?: boolean;
  /**
   * Reach DynamoDB Local through a gate on this port, which `dynamoGate` can shut (an outage of
   * the table: the reference's 503 examples are recorded so).
   */
  dynamoGatePort?: number;
}

export interface RunningStack {
  baseUrl: string;
  env: Record<string, string>;
  keys: DemoKey[];
  /** Settles with the catalogue's size once it is in place (at once unless seeded in the background). */
  catalogueSeeded: Promise<number>;
  /** The gate in front of DynamoDB Local, when `dynamoGatePort` was given. */
  dynamoGate?: TcpGate;
  /** Settles, naming the part and why, if DynamoDB Local, the S3 emulator or the API stops on its own. */
  failed: Promise<string>;
  stop(): Promise<void>;
}

type Part = { stop(): Promise<void>; exited: Promise<string> };

const TABLE_NAME = 'vehicle-purchase-orders-local';
/** How long serverless-offline may take to answer (it exits with its output when it fails sooner). */
const START_TIMEOUT_S = 300;
const BUCKET_NAME = 'vehicle-purchase-orders-local-archive';

/** The ports already taken, by their role: another stack (or program) listening there would answer in this one's place. */
async function takenPorts(ports: Record<string, number>): Promise<string[]> {
  const taken = await Promise.all(
    Object.entries(ports).map(
      ([role, port]) =>
        new Promise<string | undefined>((resolve) => {
          const probe = createServer();
          probe.once('error', () => resolve(`${port} (${role})`));
          probe.listen(port, () => probe.close(() => resolve(undefined)));
        }),
    ),
  );
  return taken.filter((port): port is string => port !== undefined);
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const ports = {
    API: options.httpPort,
    'Lambda invoke': options.lambdaPort,
    'DynamoDB Local': options.dynamoPort,
    'S3 emulator': options.s3Port,
    ...(options.dynamoGatePort ? { 'DynamoDB gate': options.dynamoGatePort } : {}),
  };
  const taken = await takenPorts(
    options.withApi ? ports : { 'DynamoDB Local': options.dynamoPort, 'S3 emulator': options.s3Port },
  );
  if (taken.length > 0)
    throw new Error(
      `port ${taken.join(', ')} is in use: another stack runs there? Stop it, or choose other ports (PORT, LAMBDA_PORT, DYNAMODB_PORT, S3_PORT; the tests: TEST_HTTP_PORT, ...)`,
    );
  const started: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
  };
  const progress = options.progress ?? (() => undefined);
  // The endpoints follow from the ports, so the API can be bundled while the data services start.
  const env = localEnvironment({
    dynamoEndpoint: `http://127.0.0.1:${options.dynamoGatePort ?? options.dynamoPort}`,
    s3Endpoint: `http://127.0.0.1:${options.s3Port}`,
    lambdaEndpoint: `http://127.0.0.1:${options.lambdaPort}`,
    tableName: TABLE_NAME,
    bucketName: BUCKET_NAME,
  });
  let offline: Promise<Part> | undefined;
  try {
    if (options.withApi) {
      offline = (options.contractsReady ?? Promise.resolve()).then(() => startOffline(options, env));
      // Registered now, so a failure below still stops it.
      started.push({ stop: async () => (await offline?.catch(() => undefined))?.stop() });
    }
    progress(
      `DynamoDB Local: starting on port ${options.dynamoPort}${options.dataDir ? '' : ' (in memory)'}, the S3 emulator on port ${options.s3Port}`,
    );
    // Side by side: the emulator's start then costs nothing next to the JVM's.
    const [dynamoStart, s3Start] = await Promise.allSettled([
      startDynamoDbLocal({
        port: options.dynamoPort,
        dataDir: options.dataDir ? join(options.dataDir, 'dynamodb') : undefined,
        quickStart: options.catalogueInBackground,
      }).then((dynamo) => {
        progress('DynamoDB Local: ready');
        return dynamo;
      }),
      startS3Local({ port: options.s3Port, dataDir: options.dataDir ? join(options.dataDir, 's3') : undefined }).then(
        (s3) => {
          progress(`S3 emulator: ready on port ${options.s3Port}`);
          return s3;
        },
      ),
    ]);
    if (dynamoStart.status === 'fulfilled') started.push(dynamoStart.value);
    if (s3Start.status === 'fulfilled') started.push(s3Start.value);
    if (dynamoStart.status === 'rejected') throw dynamoStart.reason;
    if (s3Start.status === 'rejected') throw s3Start.reason;
    const dynamo: DynamoDbLocal = dynamoStart.value;
    const s3Local: S3Local = s3Start.value;
    const dynamoGate = options.dynamoGatePort
      ? await startTcpGate(options.dynamoGatePort, options.dynamoPort)
      : undefined;
    if (dynamoGate) started.push(dynamoGate);

    Object.assign(process.env, env);
    // Imported only now: the SDK clients read the endpoints from the environment when created,
    // and the seed's use cases import the generated contracts, which may still be compiling.
    await options.contractsReady;
    const { ensureTableAndBucket } = await import('./bootstrap.js');
    const { seedDemoData } = await import('./seed.js');
    await ensureTableAndBucket(TABLE_NAME, BUCKET_NAME);
    progress(`table ${TABLE_NAME} and bucket ${BUCKET_NAME}: ready`);
    const keys = await seedDemoData({ keysFile: options.keysFile, rateLimit: options.rateLimit });
    progress('demo tenants, staff and keys: ready');
    const { seedCatalogue } = await import('./seed-catalogue.js');
    const seeding = (async () => {
      const catalogue = await seedCatalogue({ count: options.catalogueSize, s3Endpoint: s3Local.endpoint, progress });
      progress(`catalogue: ${catalogue.count} cars${catalogue.seeded ? ' (seeded now)' : ''}`);
      return catalogue.count;
    })();
    if (!options.catalogueInBackground) await seeding;
    else
      seeding.catch((error: Error) =>
        progress(`catalogue: seeding stopped: ${error.message} (it starts again on the next start)`),
      );

    // The outbox runner sends notifications from this process, so it needs the same chat settings,
    // and the address the buyers' tracking links in them point at (as the functions get it).
    if (options.chatFailNumbers) process.env.CHAT_LOCAL_FAIL_NUMBERS = options.chatFailNumbers.join(',');
    process.env.PUBLIC_API_URL = `http://localhost:${options.httpPort}`;
    const { startOutboxRunner } = await import('./outbox-runner.js');
    started.push(startOutboxRunner({ intervalMs: options.outboxIntervalMs ?? 1000, log: options.log }));
    // Providers' feeds dropped in the bucket are imported as the S3 events and the schedule do in AWS.
    const { startFeedRunner } = await import('./feed-runner.js');
    started.push(startFeedRunner({ intervalMs: options.feedIntervalMs ?? 2000, log: options.log }));

    const baseUrl = `http://localhost:${options.httpPort}`;
    if (offline) {
      progress('API: waiting for the bundles');
      await offline;
      progress(`API: answering on ${baseUrl}/api/v1`);
    }
    const parts: Array<Promise<string>> = [dynamo.exited, s3Local.exited];
    if (offline) parts.push(offline.then((api) => api.exited));
    return { baseUrl, env, keys, catalogueSeeded: seeding, dynamoGate, failed: Promise.race(parts), stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** serverless-offline in its own process group, so stopping it also stops its esbuild and workers. */
async function startOffline(options: StackOptions, env: Record<string, string>): Promise<Part> {
  // Old bundles (another format, a deleted function) must not shadow the fresh ones.
  const workFolder = `.esbuild/port-${options.httpPort}`;
  const prebuilt = join(options.root, '.esbuild', `prebuilt-${options.httpPort}`);
  if (options.prebundle) {
    options.progress?.('API: checking the bundles');
    const built = await prebundle(options.root, prebuilt);
    options.progress?.(
      built
        ? 'API: functions bundled (one esbuild call); starting serverless-offline'
        : 'API: bundles up to date; starting serverless-offline',
    );
  } else {
    rmSync(join(options.root, workFolder), { recursive: true, force: true });
    options.progress?.(
      'API: bundling the functions (serverless-offline and esbuild), in parallel with the data services',
    );
  }
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // Answers hapi itself gives (malformed paths, oversized request lines) in the error envelope.
      '--require',
      join(options.root, 'scripts', 'local', 'offline-envelope.cjs'),
      // A body without Content-Type reaches the function without one, as through API Gateway.
      '--import',
      pathToFileURL(join(options.root, 'scripts', 'local', 'offline-gateway-body.mjs')).href,
      join(options.root, 'node_modules', 'serverless', 'bin', 'serverless.js'),
      'offline',
      'start',
      '--stage',
      'local',
    ],
    {
      cwd: options.root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        ESBUILD_WORK_FOLDER: workFolder,
        ...(options.prebundle ? { LOCAL_PREBUILT: '1', OFFLINE_LOCATION: prebuilt } : {}),
        ...(options.chatFailNumbers ? { CHAT_LOCAL_FAIL_NUMBERS: options.chatFailNumbers.join(',') } : {}),
        ...(options.catalogueRefreshSeconds !== undefined
          ? { CATALOGUE_REFRESH_SECONDS: String(options.catalogueRefreshSeconds) }
          : {}),
        PORT: String(options.httpPort),
        // Where the buyers' tracking links in chat messages point (serverless.yml: params.local.publicApiUrl).
        PUBLIC_API_URL: `http://localhost:${options.httpPort}`,
        LAMBDA_PORT: String(options.lambdaPort),
        SLS_TELEMETRY_DISABLED: '1',
        // Printed once by npm start, not by every function that loads the SDK.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        SLS_NOTIFICATIONS_MODE: 'off',
        SLS_DEPRECATION_DISABLE: '*',
      },
    },
  );
  let output = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    options.log?.(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // If the starting process exits without stopping it (a signal during the start), it goes too.
  const killGroup = () => {
    try {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', killGroup);
  let stopping = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping)
        resolve(
          `the API (serverless-offline) exited (${signal ?? `code ${code}`}): ${output.trim().split('\n').slice(-3).join(' | ')}`,
        );
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.pid === undefined) return resolve();
      child.once('exit', () => resolve());
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        resolve();
      }
      setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5_000).unref();
    });
  // Bundling every function takes about a minute on two idle cores; a busy machine takes longer.
  const deadline = Date.now() + START_TIMEOUT_S * 1000;
  const probe = `http://127.0.0.1:${options.httpPort}/api/v1/openapi.json`;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`serverless-offline exited (${child.exitCode}):\n${output.slice(-3000)}`);
    try {
      const response = await fetch(probe);
      if (response.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `serverless-offline did not answer on port ${options.httpPort} within ${START_TIMEOUT_S} s:\n${output.slice(-3000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { stop, exited };
}
