/**
 * `npm start` as a user runs it, twice on one data folder (a first start, then a restart), each
 * stopped by a signal: SIGTERM to the npm process (what a process manager sends), then SIGINT to
 * the process npm started (Ctrl-C). Every port it opened must be free again within 10 s, with no
 * process of it left. Start times are measured by `npm run bench -- --only local-start`, not here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { measureStart, type StartRun } from '../../scripts/local/measure-start.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'vpo-start-test-'));
const PORTS = { http: 3770, lambda: 3772, dynamo: 8770, s3: 4770 };
// A small catalogue keeps the first start short on a busy test machine.
const env = { DEMO_CATALOGUE_SIZE: '60' };

/** Processes still running from this start: anything listening on its ports or using its data folder. */
function leftovers(): string[] {
  const found = spawnSync('pgrep', ['-af', dataDir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  const listening = spawnSync('ss', ['-ltnp'], { encoding: 'utf8' }).stdout.split('\n').filter((line) => Object.values(PORTS).some((port) => line.includes(`:${port} `)));
  return [...found, ...listening];
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
});

describe('npm start, stopped by a signal', () => {
  it('stops everything and frees its four ports within 10 s of SIGTERM to the npm process', async () => {
    const run = await measureStart({ root, dataDir, ports: PORTS, env, signal: 'SIGTERM', signalTarget: 'npm' });

    expectCleanStart(run);
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
});
