import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

const require = createRequire(import.meta.url);

/** The real DynamoDB Local (Java), as shipped inside the npm package amplify-dynamodb-simulator. */
function dynamoDbLocalJar(): { jar: string; libs: string; cwd: string } {
  const pkg = dirname(require.resolve('amplify-dynamodb-simulator/package.json'));
  const cwd = join(pkg, 'emulator');
  return { jar: join(cwd, 'DynamoDBLocal.jar'), libs: join(cwd, 'DynamoDBLocal_lib'), cwd };
}

export const JAVA_MISSING_MESSAGE =
  'Java 17 or newer is needed to run DynamoDB Local: install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17) and run this again.';

export function javaAvailable(): boolean {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return result.status === 0;
}

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  /** Settles, with a one-line reason, only if DynamoDB Local stops on its own (never after stop()). */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(options: {
  port: number;
  dataDir?: string;
  quickStart?: boolean;
}): Promise<DynamoDbLocal> {
  if (!javaAvailable()) throw new Error(JAVA_MISSING_MESSAGE);
  const { jar, libs, cwd } = dynamoDbLocalJar();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(
    'java',
    [
      '-Xmx1g',
      // Quick start on a small machine: the JIT's first tier only and a serial collector leave the
      // CPU to the bundler that runs meanwhile (npm start); DynamoDB Local is fast enough with it.
      ...(options.quickStart ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : []),
      `-Djava.library.path=${libs}`,
      '-jar',
      jar,
      '-port',
      String(options.port),
      '-sharedDb',
      ...storage,
    ],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // If this process dies without stopping it, DynamoDB Local must not live on.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping)
        resolve(
          `DynamoDB Local exited (${signal ?? `code ${code}`})${output.trim() ? `: ${output.trim().split('\n').slice(-3).join(' | ')}` : ''}`,
        );
    });
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output.slice(-500)}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer on port ${options.port} within 30 s: ${output.slice(-500)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  client.destroy();
  return {
    endpoint,
    process: child,
    exited,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
