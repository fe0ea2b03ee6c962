import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Bundle, errorText } from './_lambda-bundle.js';
import { percentile, round } from './_suite.js';

/**
 * A bundle's module init: the time a fresh Node process spends in `require(bundle)` (parsing the
 * bundle, SDK clients, Middy pipeline, validators). Handlers are never invoked, so there is no network.
 */

/** Env of the measured processes: dummies for what module scope reads, nothing inherited. */
const CHILD_ENV = {
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'bench-table',
  BUCKET_NAME: 'bench-bucket',
};

export interface Measured extends Bundle {
  samplesMs: number[];
  p50Ms: number;
  p95Ms: number;
  error?: string;
}

/** The probe each fresh process runs: time `require(bundle)` and nothing else. */
const PROBE = `'use strict';
const { performance } = require('node:perf_hooks');
const [file, exportName] = process.argv.slice(2);
const t0 = performance.now();
const mod = require(file);
const t1 = performance.now();
if (typeof mod[exportName] !== 'function') {
  process.stderr.write('export ' + exportName + ' is not a function');
  process.exit(3);
}
process.stdout.write(JSON.stringify({ initMs: t1 - t0 }));
`;

function initOnce(probe: string, bundle: Bundle, env: Record<string, string>): number {
  const child = spawnSync(process.execPath, [probe, bundle.file, bundle.exportName], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (child.status !== 0) {
    const why = child.error?.message ?? (child.stderr.trim().split('\n').slice(-3).join(' ') || `exit ${child.status}`);
    throw new Error(`require(${bundle.name}) failed: ${why}`);
  }
  const parsed = JSON.parse(child.stdout) as { initMs: number };
  return parsed.initMs;
}

/** Each bundle's init times over `runs` fresh processes, round-robin over the bundles so drift hits all alike. */
export function measureInit(
  workDir: string,
  rootDir: string,
  all: Bundle[],
  runs: number,
  literalEnvironment: Record<string, string>,
  log: (message: string) => void,
): { measured: Measured[]; env: Record<string, string> } {
  const probe = join(workDir, 'probe.cjs');
  writeFileSync(probe, PROBE);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    // What serverless.yml's `exclude` leaves to the Lambda runtime's SDK is loaded from here,
    // as Lambda loads it from its own node_modules (NODE_PATH): its load time is counted.
    NODE_PATH: join(rootDir, 'node_modules'),
    ...literalEnvironment,
    ...CHILD_ENV,
  };
  const samples = new Map<Bundle, number[]>(all.map((b) => [b, []]));
  const errors = new Map<Bundle, string>();
  log(`measuring module init: ${all.length} bundles x ${runs} fresh processes (+1 warm-up each)`);
  for (let run = 0; run <= runs; run += 1) {
    for (const bundle of all) {
      if (errors.has(bundle)) continue;
      try {
        const ms = initOnce(probe, bundle, env);
        if (run > 0) samples.get(bundle)?.push(ms); // run 0 warms the page cache, not counted
      } catch (error) {
        errors.set(bundle, errorText(error));
      }
    }
  }
  const measured: Measured[] = all.map((bundle) => {
    const values = samples.get(bundle) ?? [];
    const error = errors.get(bundle);
    return {
      ...bundle,
      samplesMs: values.map((v) => round(v, 2)),
      p50Ms: round(percentile(values, 50), 1),
      p95Ms: round(percentile(values, 95), 1),
      ...(error ? { error } : {}),
    };
  });
  return { measured, env };
}
