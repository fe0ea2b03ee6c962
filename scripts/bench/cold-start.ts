/**
 * Cold-start suite: per Lambda function, the size of the bundle serverless-esbuild would deploy
 * and the time a fresh Node process spends in `require(bundle)` (module init: parsing the bundle,
 * SDK clients, Middy pipeline, validators). Handlers are never invoked, so there is no network.
 *
 * Budget (from the performance requirements): a naive handler (Middy + Ajv compiling schemas at
 * run time + bundled SDK) measures about 920 KB and 170 ms init on the reference machines; every
 * HTTP function should need at most half of both (workers are measured and shown the same way). The naive handler is rebuilt and measured here in
 * the same run, so the comparison holds on whatever machine runs the benchmark.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { createCustomer } from '../../lib/schemas/customers.js';
import { readServiceConfig } from './_serverless.js';
import { hasFlag, intOption, percentile, renderTable, round, type BenchContext, type BenchSuite, type SuiteReport } from './_suite.js';

const DEFAULT_RUNS = 7;
/** Each function may use at most this share of the naive baseline's size and init time. */
const BUDGET_RATIO = 0.5;
const REFERENCE = { sizeKb: 920, initMs: 170 };
const TOP_INPUTS = 10;
const KB = 1024;

/** Env of the measured processes: dummies for what module scope reads, nothing inherited. */
const CHILD_ENV = {
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'bench-table',
  BUCKET_NAME: 'bench-bucket',
};

interface InputShare {
  path: string;
  bytes: number;
}

interface Bundle {
  name: string;
  kind: 'function' | 'baseline';
  source: string;
  exportName: string;
  file: string;
  sizeBytes: number;
  gzipBytes: number;
  /** The function's deployment zip: its one bundle and the files its package.patterns add, deflated, plus the zip headers. */
  zipBytes: number;
  /** Called by API Gateway (the budget is for these); false for workers and the baseline. */
  http: boolean;
  /** Bytes of the files its package adds beside the bundle (served content such as the API reference's script). */
  packageFileBytes: number;
  inputs: InputShare[];
  packages: InputShare[];
}

interface Measured extends Bundle {
  samplesMs: number[];
  p50Ms: number;
  p95Ms: number;
  error?: string;
}

interface BuildFailure {
  name: string;
  error: string;
}

/** The naive handler the budget compares against, written to the temp dir (never the repo). */
function naiveSource(variant: 'middy-transpile' | 'ajv-compile'): string {
  // The createCustomer event schema, as JSON (TypeBox's symbols dropped), compiled at module init.
  // The service's own formats (phone, currency: lib/schemas/formats.ts) are left out: a naive
  // handler checks those in code, and Ajv refuses formats it does not know.
  const ownFormats = new Set(['phone', 'currency']);
  const body = JSON.parse(JSON.stringify(createCustomer.body), (key, value: unknown) =>
    key === 'format' && ownFormats.has(String(value)) ? undefined : value,
  ) as unknown;
  const schema = JSON.stringify({ type: 'object', required: ['body'], properties: { body } });
  const compile =
    variant === 'middy-transpile'
      ? `import { transpileSchema } from '@middy/validator/transpile';\nconst eventSchema = transpileSchema(${schema});`
      : `import Ajv from 'ajv';\nimport addFormats from 'ajv-formats';\nconst ajv = new Ajv({ allErrors: true, coerceTypes: 'array', useDefaults: 'empty', strict: false });\naddFormats(ajv);\nconst eventSchema = ajv.compile(${schema});`;
  return `// Naive baseline for the cold-start benchmark (written by scripts/bench/cold-start.ts).
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import validator from '@middy/validator';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
${compile}

const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));

const base = async (event) => {
  const item = { pk: 'CUSTOMER#' + event.body.mobileNumber, sk: 'PROFILE', ...event.body };
  await ddb.send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: item }));
  return { statusCode: 201, body: JSON.stringify({ success: true, data: item }) };
};

export const handler = middy().use(httpJsonBodyParser()).use(validator({ eventSchema })).handler(base);
`;
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

/** Label of a metafile input: its package chain (`@middy/validator > ajv`) or `(project) <path>`. */
function packageOf(path: string): string {
  const parts = path.split('node_modules/').slice(1);
  if (parts.length === 0) return '(project)';
  return parts
    .map((part) => {
      const segments = part.split('/');
      return part.startsWith('@') ? `${segments[0]}/${segments[1]}` : (segments[0] as string);
    })
    .join(' > ');
}

function summariseInputs(metafile: Metafile, outFile: string, rootDir: string): { inputs: InputShare[]; packages: InputShare[] } {
  const output = Object.entries(metafile.outputs).find(([path]) => join(rootDir, path) === outFile || path === outFile)?.[1];
  if (!output) return { inputs: [], packages: [] };
  const inputs = Object.entries(output.inputs)
    .map(([path, input]) => ({ path: path.replace(/^(\.\.\/)+/, ''), bytes: input.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes);
  const byPackage = new Map<string, number>();
  for (const input of inputs) byPackage.set(packageOf(input.path), (byPackage.get(packageOf(input.path)) ?? 0) + input.bytes);
  const packages = [...byPackage.entries()].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { inputs, packages };
}

async function bundleOne(
  rootDir: string,
  options: BuildOptions,
  outExtension: string,
  outDir: string,
  spec: { name: string; kind: Bundle['kind']; entry: string; exportName: string; http?: boolean; packageFiles?: string[] },
): Promise<Bundle> {
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    ...options,
    absWorkingDir: rootDir,
    entryPoints: [spec.entry],
    outdir: outDir,
    outExtension: { '.js': outExtension },
    // The baseline lives in the temp dir; its packages resolve from the repo's node_modules.
    nodePaths: [join(rootDir, 'node_modules')],
    metafile: true,
    write: true,
    logLevel: 'silent',
  });
  const file = join(outDir, basename(spec.entry).replace(/\.[^.]+$/, '') + outExtension);
  const code = readFileSync(file);
  // One entry each: local header (30) + central directory entry (46), its name twice; the end record (22) once.
  const zipEntry = (bytes: Buffer, name: string) => deflateRawSync(bytes, { level: 9 }).length + 76 + 2 * Buffer.byteLength(name);
  const extras = (spec.packageFiles ?? []).map((name) => ({ name, bytes: readFileSync(join(rootDir, name)) }));
  return {
    name: spec.name,
    kind: spec.kind,
    source: relative(rootDir, spec.entry).startsWith('..') ? spec.entry : relative(rootDir, spec.entry),
    exportName: spec.exportName,
    file,
    sizeBytes: statSync(file).size,
    gzipBytes: gzipSync(code).length,
    zipBytes: zipEntry(code, relative(rootDir, file)) + extras.reduce((sum, extra) => sum + zipEntry(extra.bytes, extra.name), 0) + 22,
    http: spec.http ?? false,
    packageFileBytes: extras.reduce((sum, extra) => sum + extra.bytes.length, 0),
    ...summariseInputs(result.metafile, file, rootDir),
  };
}

function errorText(error: unknown): string {
  const failure = error as { errors?: Array<{ text: string; location?: { file: string } | null }> };
  if (Array.isArray(failure.errors) && failure.errors.length > 0) {
    return failure.errors
      .slice(0, 3)
      .map((e) => (e.location ? `${e.location.file}: ${e.text}` : e.text))
      .join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

function initOnce(probe: string, bundle: Bundle, env: Record<string, string>): number {
  const child = spawnSync(process.execPath, [probe, bundle.file, bundle.exportName], { env, encoding: 'utf8', timeout: 60_000 });
  if (child.status !== 0) {
    const why = child.error?.message ?? (child.stderr.trim().split('\n').slice(-3).join(' ') || `exit ${child.status}`);
    throw new Error(`require(${bundle.name}) failed: ${why}`);
  }
  const parsed = JSON.parse(child.stdout) as { initMs: number };
  return parsed.initMs;
}

const kb = (bytes: number) => round(bytes / KB, 1);
const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(2)}x` : '-');

export const suite: BenchSuite = {
  name: 'cold-start',
  description: 'bundle size and module-init time of every Lambda (serverless.yml esbuild options) vs a naive Middy+Ajv handler',
  flags: {
    '--runs <n>': `fresh processes per bundle (default ${DEFAULT_RUNS}; one extra warm-up run is discarded)`,
    '--keep': 'keep the temp dir with the bundles, metafiles and the naive handler',
  },

  async run(context: BenchContext): Promise<SuiteReport> {
    const { rootDir, argv, log } = context;
    const runs = intOption(argv, 'runs', DEFAULT_RUNS);
    const service = readServiceConfig(rootDir);
    for (const warning of service.warnings) log(`warning: ${warning}`);

    const workDir = mkdtempSync(join(tmpdir(), 'bench-cold-start-'));
    try {
      const bundles: Bundle[] = [];
      const failures: BuildFailure[] = [];

      // 1. Bundle every function exactly as serverless-esbuild would.
      for (const fn of service.functions) {
        log(`bundling ${fn.name} (${relative(rootDir, fn.entry)})`);
        try {
          bundles.push(await bundleOne(rootDir, service.buildOptions, service.outExtension, join(workDir, 'functions', fn.name), { ...fn, kind: 'function' }));
        } catch (error) {
          failures.push({ name: fn.name, error: errorText(error) });
        }
      }

      // 2. The naive baseline, with the same options. Prefer Middy's own run-time compiler; fall back
      //    to plain Ajv when the transpile entry's dependencies are not installed.
      let baseline: Bundle | undefined;
      let baselineVariant: 'middy-transpile' | 'ajv-compile' | undefined;
      const baselineNotes: string[] = [];
      for (const variant of ['middy-transpile', 'ajv-compile'] as const) {
        const dir = join(workDir, `naive-${variant}`);
        mkdirSync(dir, { recursive: true });
        const entry = join(dir, 'naive-handler.mjs');
        writeFileSync(entry, naiveSource(variant));
        log(`bundling naive baseline (${variant})`);
        try {
          const candidate = await bundleOne(rootDir, service.buildOptions, service.outExtension, join(dir, 'out'), {
            name: `naive (${variant})`,
            kind: 'baseline',
            entry,
            exportName: 'handler',
          });
          baseline = candidate;
          baselineVariant = variant;
          break;
        } catch (error) {
          baselineNotes.push(`${variant} did not build: ${errorText(error)}`);
        }
      }
      for (const note of baselineNotes) log(`warning: ${note}`);

      // 3. Init time: fresh processes, round-robin over the bundles so drift hits all alike.
      const probe = join(workDir, 'probe.cjs');
      writeFileSync(probe, PROBE);
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        // What serverless.yml's `exclude` leaves to the Lambda runtime's SDK is loaded from here,
        // as Lambda loads it from its own node_modules (NODE_PATH): its load time is counted.
        NODE_PATH: join(rootDir, 'node_modules'),
        ...service.literalEnvironment,
        ...CHILD_ENV,
      };
      const all = baseline ? [...bundles, baseline] : bundles;
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
      const base = measured.find((m) => m.kind === 'baseline');
      const functions = measured.filter((m) => m.kind === 'function');

      // 4. Budget: at most half the naive size and half its median init time, for every HTTP
      //    function. Workers (streams, schedules, the PDF renderer) are measured against it too.
      const verdict = (m: Measured) => {
        if (m.error) return { within: false, label: 'ERROR' };
        if (!base || base.error) return { within: undefined, label: '?' };
        const sizeOk = m.sizeBytes <= BUDGET_RATIO * base.sizeBytes;
        const initOk = m.p50Ms <= BUDGET_RATIO * base.p50Ms;
        const label = sizeOk && initOk ? 'ok' : `${[!sizeOk && 'SIZE', !initOk && 'INIT'].filter(Boolean).join('+')} over`;
        return { within: sizeOk && initOk, label: m.http ? label : `worker: ${label}` };
      };

      const header = ['function', 'size KB', 'zip KB', 'init p50 ms', 'init p95 ms', 'size/naive', 'init/naive', 'budget'];
      const rows = measured.map((m) => [
        m.kind === 'baseline' ? `${m.name} [baseline]` : m.name,
        kb(m.sizeBytes),
        kb(m.zipBytes),
        m.error ? 'error' : m.p50Ms,
        m.error ? 'error' : m.p95Ms,
        ratio(m.sizeBytes, base?.sizeBytes),
        m.error ? '-' : ratio(m.p50Ms, base && !base.error ? base.p50Ms : undefined),
        m.kind === 'baseline' ? '-' : verdict(m).label,
      ]);
      const largest = [...functions].sort((a, b) => b.sizeBytes - a.sizeBytes)[0];
      const lines: string[] = [
        renderTable(header, rows, ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left']),
        'zip KB = the deployment package of the function: its bundle and any file its package.patterns add, deflated (npm run package makes one zip per function, source maps left out).',
        '',
        `init = require(bundle) in a fresh node ${process.version} process, ${runs} runs (p95 = nearest rank), env ${Object.keys(env)
          .filter((k) => k !== 'PATH')
          .join(', ')}.`,
        `budget: <= ${BUDGET_RATIO * 100}% of the naive baseline's size and init p50 in this run` +
          (base && !base.error ? ` (<= ${kb(BUDGET_RATIO * base.sizeBytes)} KB, <= ${round(BUDGET_RATIO * base.p50Ms, 1)} ms)` : '') +
          `; reference machines: naive ~${REFERENCE.sizeKb} KB / ~${REFERENCE.initMs} ms.`,
      ];
      const httpFunctions = functions.filter((m) => m.http);
      lines.push(
        `HTTP functions within the budget: ${httpFunctions.filter((m) => verdict(m).within === true).length} of ${httpFunctions.length}; workers (not API Gateway's, measured all the same): ${functions.filter((m) => !m.http && verdict(m).within === true).length} of ${functions.length - httpFunctions.length} within.`,
      );
      for (const m of functions.filter((x) => x.packageFileBytes > 0))
        lines.push(
          `${m.name}: its package also carries ${kb(m.packageFileBytes)} KB of files it serves, read on the first request (not part of the bundle or its init).`,
        );
      if (baselineVariant === 'ajv-compile') lines.push('note: baseline uses plain Ajv compile (the @middy/validator/transpile variant did not build).');
      for (const failure of failures) lines.push(`BUILD FAILED ${failure.name}: ${failure.error}`);
      for (const m of measured.filter((x) => x.error)) lines.push(`INIT FAILED ${m.name}: ${m.error}`);
      if (!baseline) lines.push(`BASELINE FAILED: ${baselineNotes.join(' | ')}`);
      for (const [title, bundle] of [
        ['largest function bundle', largest],
        ['naive baseline', base],
      ] as const) {
        if (!bundle) continue;
        const total = bundle.sizeBytes;
        const share = (bytes: number) => `${((100 * bytes) / total).toFixed(1)}%`;
        lines.push(
          '',
          `Top ${TOP_INPUTS} inputs of the ${title} (${bundle.name}, ${kb(total)} KB; bytes in the minified output):`,
          renderTable(
            ['input', 'KB', 'share'],
            bundle.inputs.slice(0, TOP_INPUTS).map((i) => [i.path, kb(i.bytes), share(i.bytes)]),
          ),
          '',
          `By package (${bundle.name}):`,
          renderTable(
            ['package', 'KB', 'share'],
            bundle.packages.slice(0, TOP_INPUTS).map((p) => [p.path, kb(p.bytes), share(p.bytes)]),
          ),
        );
      }

      const verdicts = functions.filter((m) => m.http).map(verdict);
      const withinBudget = verdicts.some((v) => v.within === undefined) ? undefined : verdicts.every((v) => v.within === true);
      const ok = failures.length === 0 && errors.size === 0 && baseline !== undefined;
      const rowJson = (m: Measured) => ({
        name: m.name,
        kind: m.kind,
        source: m.source,
        sizeBytes: m.sizeBytes,
        sizeKb: kb(m.sizeBytes),
        gzipKb: kb(m.gzipBytes),
        zipKb: kb(m.zipBytes),
        initP50Ms: m.p50Ms,
        initP95Ms: m.p95Ms,
        initSamplesMs: m.samplesMs,
        sizeRatioToBaseline: base ? round(m.sizeBytes / base.sizeBytes, 3) : null,
        initRatioToBaseline: base && !base.error && !m.error ? round(m.p50Ms / base.p50Ms, 3) : null,
        http: m.http,
        packageFileKb: kb(m.packageFileBytes),
        withinBudget: m.kind === 'function' ? (verdict(m).within ?? null) : null,
        ...(m.error ? { error: m.error } : {}),
        topInputs: m.inputs.slice(0, TOP_INPUTS),
        packages: m.packages,
      });

      if (hasFlag(argv, 'keep')) log(`kept ${workDir}`);
      return {
        ok,
        withinBudget,
        text: lines.join('\n'),
        data: {
          runs,
          node: process.version,
          configSource: service.source,
          buildOptions: service.buildOptions,
          budget: { ratioToBaseline: BUDGET_RATIO, reference: REFERENCE },
          baselineVariant: baselineVariant ?? null,
          baselineNotes,
          functions: functions.map(rowJson),
          baseline: base ? rowJson(base) : null,
          buildFailures: failures,
        },
      };
    } finally {
      if (!hasFlag(argv, 'keep')) rmSync(workDir, { recursive: true, force: true });
    }
  },
};
