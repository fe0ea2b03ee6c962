/**
 * `npm start` as a newcomer meets it: in a clean copy of the checkout (what `git clone` gives:
 * no generated contracts, no bundles, no data), then restarted on the same data. The first start
 * must answer, print demo keys that work on a real route, and note its ports for the staff CLI.
 * Each start is stopped by a signal: SIGTERM to the npm process (what a process manager sends),
 * then SIGINT to the process npm started (Ctrl-C). Every port it opened must be free again within
 * 10 s, with no process of it left. Start times are measured by `npm run bench -- --only
 * local-start`, not here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanCopy } from '../../scripts/local/clean-copy.js';
import { measureStart, type StartRun } from '../../scripts/local/measure-start.js';
import { readStackFile } from '../../scripts/local/stack-file.js';

const checkout = join(fileURLToPath(import.meta.url), '..', '..', '..');
const root = cleanCopy(checkout, 'vpo-start-test-clone-');
const dataDir = mkdtempSync(join(tmpdir(), 'vpo-start-test-'));
const PORTS = { http: 3770, lambda: 3772, dynamo: 8770, s3: 4770 };
// A small catalogue keeps the first start short on a busy test machine.
const env = { DEMO_CATALOGUE_SIZE: '60' };

/** Processes still running from this start: anything listening on its ports or using its data folder. */
function leftoversNow(): string[] {
  const found = spawnSync('pgrep', ['-af', dataDir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const listening = spawnSync('ss', ['-ltnp'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => Object.values(PORTS).some((port) => line.includes(`:${port} `)));
  return [...found, ...listening];
}

/**
 * The stack's processes and ports still there once npm start has exited: none, or (on a machine
 * the whole suite loads) a socket the kernel is still closing for a process that has gone; such a
 * one is looked at again for up to 5 s.
 */
function leftovers(): string[] {
  const deadline = Date.now() + 5_000;
  let found = leftoversNow();
  while (found.length > 0 && Date.now() < deadline) {
    spawnSync('sleep', ['0.25']);
    found = leftoversNow();
  }
  return found;
}

function expectCleanStart(run: StartRun): void {
  expect(run.firstAnswerMs, run.output.slice(-3000)).toBeGreaterThan(0);
  expect(run.output).toMatch(/\[\s*[\d.]+ s\] DynamoDB Local: ready/);
  expect(run.output).toMatch(/\[\s*[\d.]+ s\] API: answering on http:\/\/localhost:3770\/api\/v1/);
  expect(run.output).toContain('ready after');
  // No third-party notice repeated per function, no serverless-offline route table or banner.
  expect(run.output).not.toContain('NodeVersionSupportWarning');
  expect(run.output).not.toContain('Invalid configuration');
  expect(run.output).not.toMatch(/2015-03-31\/functions/);
  expect(run.repeatedLines).toEqual([]);
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

/** The key the start printed for a role of the demo tenant, as a newcomer copies it from the table. */
function printedKey(output: string, who: string): string {
  const line = output.split('\n').find((l) => l.startsWith(who));
  const key = line?.trim().split(/\s+/).pop();
  expect(key, `no "${who}" line in the key table:\n${output.slice(-3000)}`).toMatch(/^vpo_/);
  return key!;
}

describe('npm start, stopped by a signal', () => {
  it('starts from a clean clone, with a printed key that works, and frees its four ports within 10 s of SIGTERM to the npm process', async () => {
    const answers: Record<string, unknown> = {};
    const run = await measureStart({
      root,
      dataDir,
      ports: PORTS,
      env,
      signal: 'SIGTERM',
      signalTarget: 'npm',
      whileRunning: async (output) => {
        const key = printedKey(output, 'Gulf Motors marketer');
        const created = await fetch(`http://localhost:${PORTS.http}/api/v1/customers`, {
          method: 'POST',
          headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Newcomer Test', mobileNumber: '+971509870001' }),
        });
        answers.customer = { status: created.status, body: await created.json() };
        const index = await fetch(`http://localhost:${PORTS.http}/api/v1`);
        answers.index = index.status;
        answers.stackFile = readStackFile(dataDir);
      },
    });

    expectCleanStart(run);
    expect(run.output).toContain('contracts: compiled');
    expect(answers.customer).toMatchObject({ status: 201, body: { success: true, data: { name: 'Newcomer Test' } } });
    // The address the start prints answers.
    expect(run.output).toContain(`http://localhost:${PORTS.http}/api/v1`);
    expect(answers.index).toBe(200);
    expect(answers.stackFile).toMatchObject({ ports: PORTS });
    expect(readStackFile(dataDir, { includeDead: true })).toBeUndefined();
    expect(run.portsFreed).toBe(true);
    expect(run.stopMs).toBeLessThanOrEqual(10_000);
    expect(run.output).toContain('SIGTERM: stopping');
    expect(leftovers()).toEqual([]);
  }, 180_000);

  it('restarts on the same data (seeded once) and stops on SIGINT to the process npm started', async () => {
    const run = await measureStart({ root, dataDir, ports: PORTS, env, signal: 'SIGINT', signalTarget: 'child' });

    expectCleanStart(run);
    expect(run.output).toMatch(/catalogue: 60 cars\n/);
    expect(run.output).not.toContain('seeded now');
    expect(run.portsFreed).toBe(true);
    expect(run.stopMs).toBeLessThanOrEqual(10_000);
    expect(run.output).toContain('SIGINT: stopping');
    expect(leftovers()).toEqual([]);
  }, 180_000);

  it('says which part stopped on its own, stops the rest and exits 1 when DynamoDB Local dies', async () => {
    const child = spawn('npm', ['start'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(PORTS.http),
        LAMBDA_PORT: String(PORTS.lambda),
        DYNAMODB_PORT: String(PORTS.dynamo),
        S3_PORT: String(PORTS.s3),
        LOCAL_DATA_DIR: dataDir,
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const deadline = Date.now() + 150_000;
    while (!output.includes('ready after') && Date.now() < deadline && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 200));
    expect(output, output.slice(-3000)).toContain('ready after');

    // The JVM of this stack's DynamoDB Local, found by its data folder.
    const java = spawnSync('pgrep', ['-f', `java.*${join(dataDir, 'dynamodb')}`], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    expect(java).toHaveLength(1);
    process.kill(Number(java[0]), 'SIGKILL');
    const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r('still running'), 15_000))]);

    expect(code).toBe(1);
    expect(output).toMatch(/DynamoDB Local exited \(SIGKILL\)/);
    expect(output).toContain('the local stack cannot go on without it: stopping');
    expect(leftovers()).toEqual([]);
  }, 180_000);
});
