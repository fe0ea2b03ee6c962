/**
 * Local start suite: `npm start` in a clean copy of the checkout (as `git clone` gives it: the
 * contracts are compiled and the functions bundled first) on a fresh data folder (the demo data
 * and the 3,000-car catalogue are seeded), then again on the same folder (a restart). Reports the time to
 * the first answer and to the "ready" line, the longest silence in the output, repeated lines, and
 * how long SIGTERM to the npm process takes to stop everything and free the four ports.
 *
 * Goals (issue "ready to run in production"): first answer within 20 s fresh and 10 s on a
 * restart on a quiet 2-core machine; no silence over 5 s; stopped within 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanCopy } from '../local/clean-copy.js';
import { measureStart } from '../local/measure-start.js';
import { renderTable, round, type BenchContext, type BenchSuite, type SuiteReport } from './_suite.js';

const PORTS = { http: 3750, lambda: 3752, dynamo: 8750, s3: 4750 };
const GOALS = { freshMs: 20_000, restartMs: 10_000, silenceMs: 5_000, stopMs: 10_000 };

export const suite: BenchSuite = {
  name: 'local-start',
  description: 'npm start, fresh and restarted: time to first answer and to ready, longest silence, stop on SIGTERM',
  async run(context: BenchContext): Promise<SuiteReport> {
    const dataDir = mkdtempSync(join(tmpdir(), 'vpo-start-'));
    const clone = cleanCopy(context.rootDir, 'vpo-start-bench-');
    try {
      context.log(
        'local-start: fresh start of a clean clone (compiles, bundles, seeds the demo data and catalogue)...',
      );
      const fresh = await measureStart({ root: clone, dataDir, ports: PORTS });
      context.log('local-start: restart on the same data...');
      const restart = await measureStart({ root: clone, dataDir, ports: PORTS });
      const s = (ms: number) => round(ms / 1000, 1);
      const row = (name: string, run: typeof fresh, goalMs: number) => [
        name,
        s(run.firstAnswerMs),
        s(run.readyMs),
        s(run.longestSilenceMs),
        run.repeatedLines.length,
        s(run.stopMs),
        run.portsFreed ? 'yes' : 'NO',
        run.firstAnswerMs > 0 &&
        run.firstAnswerMs <= goalMs &&
        run.longestSilenceMs <= GOALS.silenceMs &&
        run.stopMs <= GOALS.stopMs &&
        run.portsFreed
          ? 'ok'
          : 'over',
      ];
      const text = [
        renderTable(
          [
            'start',
            'first answer s',
            'ready s',
            'longest silence s',
            'repeated lines',
            'stop s',
            'ports freed',
            'goal',
          ],
          [row('fresh clone (builds, seeds)', fresh, GOALS.freshMs), row('restart', restart, GOALS.restartMs)],
          ['left', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
        ),
        '',
        `goals: first answer <= ${GOALS.freshMs / 1000} s fresh, <= ${GOALS.restartMs / 1000} s restart; silence <= ${GOALS.silenceMs / 1000} s; stop <= ${GOALS.stopMs / 1000} s with the ports freed.`,
        'A fresh start answers before the catalogue is in: it is seeded in the background, and the output says when it is done.',
        ...[...fresh.repeatedLines, ...restart.repeatedLines].slice(0, 5).map((line) => `repeated: ${line}`),
      ].join('\n');
      const within = [row('', fresh, GOALS.freshMs), row('', restart, GOALS.restartMs)].every((r) => r[7] === 'ok');
      return {
        text,
        data: { fresh: { ...fresh, output: undefined }, restart: { ...restart, output: undefined }, goals: GOALS },
        withinBudget: within,
        ok: fresh.firstAnswerMs > 0 && restart.firstAnswerMs > 0,
      };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clone, { recursive: true, force: true });
    }
  },
};
