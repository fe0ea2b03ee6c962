/**
 * Package suite: `npm run package` in a clean copy of the checkout, offline, then
 * `npm run -s package:report` on what it wrote: the resources of every CloudFormation template
 * against the limit of 450, and cfn-lint's findings. Its figures are docs/deploying.md's table of
 * stacks; the budget is the limit and a clean cfn-lint.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cleanCopy } from '../local/clean-copy.js';
import { packagingEnv } from '../serverless/templates.js';
import type { BenchContext, BenchSuite, SuiteReport } from './_suite.js';

export const suite: BenchSuite = {
  name: 'package',
  description: 'npm run package in a clean copy: resources per CloudFormation template and cfn-lint findings',
  async run(context: BenchContext): Promise<SuiteReport> {
    const copy = cleanCopy(context.rootDir, 'vpo-package-bench-');
    const step = (args: string[]) =>
      spawnSync(process.execPath, args, {
        cwd: copy,
        env: packagingEnv(),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
    try {
      const started = Date.now();
      context.log('package: compiling the contracts and packaging (serverless package --stage dev)...');
      const build = step([join('node_modules', 'tsx', 'dist', 'cli.mjs'), join('scripts', 'build-contracts.ts')]);
      const packaged =
        build.status === 0
          ? step([join('node_modules', 'serverless', 'bin', 'serverless.js'), 'package', '--stage', 'dev'])
          : build;
      const packagingMs = Date.now() - started;
      if (packaged.status !== 0)
        return {
          text: `packaging failed:\n${packaged.stdout.slice(-2000)}\n${packaged.stderr.slice(-2000)}`,
          data: { packagingMs },
          ok: false,
        };
      const report = step([
        join('node_modules', 'tsx', 'dist', 'cli.mjs'),
        join('scripts', 'serverless', 'template-report.ts'),
      ]);
      return {
        text: report.stdout.trim(),
        data: { packagingMs, report: report.stdout },
        // The report exits 1 when a template is over the limit or cfn-lint finds anything.
        withinBudget: report.status === 0,
        ok: report.status === 0 || report.status === 1,
      };
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  },
};
