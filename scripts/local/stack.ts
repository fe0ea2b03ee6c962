import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { startS3Local, type S3Local } from './s3-local.js';
import { localEnvironment } from './bootstrap.js';

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
  /** Recipients the local chat outbox refuses (tests of the dispatch-failure path). */
  chatFailNumbers?: string[];
  log?: (line: string) => void;
}

export interface RunningStack {
  baseUrl: string;
  env: Record<string, string>;
  keys: import('./seed.js').DemoKey[];
  stop(): Promise<void>;
}

const TABLE_NAME = 'vehicle-purchase-orders-local';
const BUCKET_NAME = 'vehicle-purchase-orders-local-archive';

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const started: Array<{ stop(): Promise<void> }> = [];
  const stopAll = async () => {
    for (const service of started.reverse()) await service.stop().catch(() => undefined);
  };
  try {
    const dynamo: DynamoDbLocal = await startDynamoDbLocal({
      port: options.dynamoPort,
      dataDir: options.dataDir ? join(options.dataDir, 'dynamodb') : undefined,
    });
    started.push(dynamo);
    const s3Local: S3Local = await startS3Local({ port: options.s3Port, dataDir: options.dataDir ? join(options.dataDir, 's3') : undefined });
    started.push(s3Local);

    const env = localEnvironment({ dynamoEndpoint: dynamo.endpoint, s3Endpoint: s3Local.endpoint, tableName: TABLE_NAME, bucketName: BUCKET_NAME });
    Object.assign(process.env, env);
    // Imported only now: the SDK clients read the endpoints from the environment when created.
    const { ensureTableAndBucket } = await import('./bootstrap.js');
    const { seedDemoData } = await import('./seed.js');
    await ensureTableAndBucket(TABLE_NAME, BUCKET_NAME);
    const keys = await seedDemoData({ keysFile: options.keysFile, rateLimit: options.rateLimit });
    const { seedCatalogue } = await import('./seed-catalogue.js');
    const catalogue = await seedCatalogue({ count: options.catalogueSize, s3Endpoint: s3Local.endpoint });
    options.log?.(`catalogue: ${catalogue.count} cars${catalogue.seeded ? ' (seeded now)' : ''}\n`);

    // The outbox runner sends notifications from this process, so it needs the same chat settings.
    if (options.chatFailNumbers) process.env.CHAT_LOCAL_FAIL_NUMBERS = options.chatFailNumbers.join(',');
    const { startOutboxRunner } = await import('./outbox-runner.js');
    started.push(startOutboxRunner({ intervalMs: options.outboxIntervalMs ?? 1000, log: options.log }));

    const baseUrl = `http://localhost:${options.httpPort}`;
    if (options.withApi) {
      const offline = await startOffline(options, env);
      started.push(offline);
    }
    return { baseUrl, env, keys, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** serverless-offline in its own process group, so stopping it also stops its esbuild and workers. */
async function startOffline(options: StackOptions, env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  // Old bundles (another format, a deleted function) must not shadow the fresh ones.
  const workFolder = `.esbuild/port-${options.httpPort}`;
  rmSync(join(options.root, workFolder), { recursive: true, force: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [join(options.root, 'node_modules', 'serverless', 'bin', 'serverless.js'), 'offline', 'start', '--stage', 'local'],
    {
      cwd: options.root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        ESBUILD_WORK_FOLDER: workFolder,
        ...(options.chatFailNumbers ? { CHAT_LOCAL_FAIL_NUMBERS: options.chatFailNumbers.join(',') } : {}),
        ...(options.catalogueRefreshSeconds !== undefined ? { CATALOGUE_REFRESH_SECONDS: String(options.catalogueRefreshSeconds) } : {}),
        PORT: String(options.httpPort),
        LAMBDA_PORT: String(options.lambdaPort),
        SLS_TELEMETRY_DISABLED: '1',
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
  const stop = () =>
    new Promise<void>((resolve) => {
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
  const deadline = Date.now() + 120_000;
  const probe = `http://127.0.0.1:${options.httpPort}/api/v1/openapi.json`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serverless-offline exited (${child.exitCode}):\n${output.slice(-3000)}`);
    try {
      const response = await fetch(probe);
      if (response.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`serverless-offline did not answer on port ${options.httpPort} within 120 s:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { stop };
}
