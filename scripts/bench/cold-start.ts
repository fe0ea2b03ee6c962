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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BUDGET_RATIO, type BuildFailure, coldStartReport, REFERENCE } from './_cold-start-report.js';
import { type Bundle, bundleOne, errorText } from './_lambda-bundle.js';
import { measureInit } from './_module-init.js';
import { bundleBaseline } from './_naive-handler.js';
import { readServiceConfig } from './_serverless.js';
import { hasFlag, intOption, type BenchContext, type BenchSuite, type SuiteReport } from './_suite.js';

const DEFAULT_RUNS = 7;

export const suite: BenchSuite = {
  name: 'cold-start',
  description:
    'bundle size and module-init time of every Lambda (serverless.yml esbuild options) vs a naive Middy+Ajv handler',
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
          bundles.push(
            await bundleOne(rootDir, service.buildOptions, service.outExtension, join(workDir, 'functions', fn.name), {
              ...fn,
              kind: 'function',
            }),
          );
        } catch (error) {
          failures.push({ name: fn.name, error: errorText(error) });
        }
      }

      // 2. The naive baseline, with the same options. Prefer Middy's own run-time compiler; fall back
      //    to plain Ajv when the transpile entry's dependencies are not installed.
      const { baseline, baselineVariant, baselineNotes } = await bundleBaseline(rootDir, workDir, service, log);

      // 3. Init time: fresh processes, round-robin over the bundles so drift hits all alike.
      const { measured, env } = measureInit(
        workDir,
        rootDir,
        baseline ? [...bundles, baseline] : bundles,
        runs,
        service.literalEnvironment,
        log,
      );

      // 4. Every function against the budget (_cold-start-report.ts).
      const report = coldStartReport({ runs, env, measured, failures, baselineVariant, baselineNotes });
      const ok = failures.length === 0 && measured.every((m) => !m.error) && baseline !== undefined;

      if (hasFlag(argv, 'keep')) log(`kept ${workDir}`);
      return {
        ok,
        withinBudget: report.withinBudget,
        text: report.text,
        data: {
          runs,
          node: process.version,
          configSource: service.source,
          buildOptions: service.buildOptions,
          budget: { ratioToBaseline: BUDGET_RATIO, reference: REFERENCE },
          baselineVariant: baselineVariant ?? null,
          baselineNotes,
          functions: report.functions,
          baseline: report.baseline,
          buildFailures: failures,
        },
      };
    } finally {
      if (!hasFlag(argv, 'keep')) rmSync(workDir, { recursive: true, force: true });
    }
  },
};
