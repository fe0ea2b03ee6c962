import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';

/**
 * Runs `npm start` as a user would (its own ports and data folder), and measures what the user
 * waits for: the first answer of the API, the "ready" line, the longest silence in the output,
 * and, after a signal to the npm process, how long until every port it opened is free again.
 */
export interface StartRun {
  firstAnswerMs: number;
  readyMs: number;
  longestSilenceMs: number;
  /** Lines the output repeats (a third-party notice printed by every function, say). */
  repeatedLines: string[];
  stopMs: number;
  portsFreed: boolean;
  output: string;
}

export interface StartPorts {
  http: number;
  lambda: number;
  dynamo: number;
  s3: number;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The processes whose parent is `pid` (Linux /proc), to signal the one npm started. */
function childrenOf(pid: number): number[] {
  const found = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  return found.stdout.split('\n').filter(Boolean).map(Number);
}

export async function measureStart(options: {
  root: string;
  dataDir: string;
  ports: StartPorts;
  signal?: NodeJS.Signals;
  /** `npm`: the npm process (what a process manager stops); `child`: the process npm started. */
  signalTarget?: 'npm' | 'child';
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Runs once the stack is ready and its catalogue in, before the signal (a test uses the printed key). */
  whileRunning?: (output: string) => Promise<void>;
}): Promise<StartRun> {
  const { ports } = options;
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: options.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(ports.http),
      LAMBDA_PORT: String(ports.lambda),
      DYNAMODB_PORT: String(ports.dynamo),
      S3_PORT: String(ports.s3),
      LOCAL_DATA_DIR: options.dataDir,
      ...options.env,
    },
  });
  let output = '';
  let lastOutput = Date.now();
  let longestSilenceMs = 0;
  let readyMs = 0;
  const onData = (chunk: Buffer) => {
    const now = Date.now();
    if (output.length > 0) longestSilenceMs = Math.max(longestSilenceMs, now - lastOutput);
    lastOutput = now;
    output += chunk.toString();
    if (!readyMs && /ready after [\d.]+ s/.test(output)) readyMs = now - started;
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const deadline = started + (options.timeoutMs ?? 120_000);
  let firstAnswerMs = 0;
  while (!firstAnswerMs && Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${ports.http}/api/v1/openapi.json`);
      if (response.ok) firstAnswerMs = Date.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  while (!readyMs && Date.now() < deadline && child.exitCode === null)
    await new Promise((resolve) => setTimeout(resolve, 100));
  // The first start seeds the catalogue after "ready": wait until the catalogue is in (or its
  // seeding stopped), so the next start is a restart.
  while (Date.now() < deadline && child.exitCode === null && !/catalogue: (\d+ cars|seeding stopped)/.test(output)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const counts = new Map<string, number>();
  for (const line of output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 20))
    counts.set(line, (counts.get(line) ?? 0) + 1);
  const repeatedLines = [...counts.entries()]
    .filter(([line, n]) => n > 2 && !/ -> \d{3} /.test(line) && !/still:/.test(line))
    .map(([line]) => line);

  // Its failure is reported after the stop, so a failing check never leaves the stack running.
  let checkFailure: unknown;
  if (options.whileRunning && child.exitCode === null && readyMs > 0)
    await options.whileRunning(output).catch((error: unknown) => (checkFailure = error));

  const stopAt = Date.now();
  const target = options.signalTarget === 'child' ? childrenOf(child.pid!)[0] : child.pid;
  if (target !== undefined) process.kill(target, options.signal ?? 'SIGTERM');
  let portsFreed = false;
  while (Date.now() - stopAt < 15_000) {
    const open = await Promise.all(Object.values(ports).map(portOpen));
    if (open.every((isOpen) => !isOpen)) {
      portsFreed = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stopMs = Date.now() - stopAt;
  if (child.exitCode === null) child.kill('SIGKILL');
  if (checkFailure) throw checkFailure;
  return { firstAnswerMs, readyMs, longestSilenceMs, repeatedLines, stopMs, portsFreed, output };
}
