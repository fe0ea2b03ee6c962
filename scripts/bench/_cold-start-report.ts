import type { Measured } from './_module-init.js';
import type { BaselineVariant } from './_naive-handler.js';
import { renderTable, round } from './_suite.js';

/**
 * The cold-start suite's verdict and tables: every function against the budget (from the
 * performance requirements): a naive handler (Middy + Ajv compiling schemas at run time + bundled
 * SDK) measures about 920 KB and 170 ms init on the reference machines; every HTTP function should
 * need at most half of both, against the naive handler measured in the same run.
 */

/** Each function may use at most this share of the naive baseline's size and init time. */
export const BUDGET_RATIO = 0.5;
export const REFERENCE = { sizeKb: 920, initMs: 170 };
const TOP_INPUTS = 10;
const KB = 1024;

export interface BuildFailure {
  name: string;
  error: string;
}

const kb = (bytes: number) => round(bytes / KB, 1);
const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(2)}x` : '-');

/** What one run of the suite measured. */
export interface ColdStartRun {
  runs: number;
  env: Record<string, string>;
  measured: Measured[];
  failures: BuildFailure[];
  baselineVariant: BaselineVariant | undefined;
  baselineNotes: string[];
}

/** The run in words and tables, whether every HTTP function is within the budget, and each function's figures. */
export function coldStartReport({ runs, env, measured, failures, baselineVariant, baselineNotes }: ColdStartRun) {
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
    `init = require(bundle) in a fresh node ${process.version} process, ${runs} runs (p95 = nearest rank), env ${Object.keys(
      env,
    )
      .filter((k) => k !== 'PATH')
      .join(', ')}.`,
    `budget: <= ${BUDGET_RATIO * 100}% of the naive baseline's size and init p50 in this run` +
      (base && !base.error
        ? ` (<= ${kb(BUDGET_RATIO * base.sizeBytes)} KB, <= ${round(BUDGET_RATIO * base.p50Ms, 1)} ms)`
        : '') +
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
  if (baselineVariant === 'ajv-compile')
    lines.push('note: baseline uses plain Ajv compile (the @middy/validator/transpile variant did not build).');
  for (const failure of failures) lines.push(`BUILD FAILED ${failure.name}: ${failure.error}`);
  for (const m of measured.filter((x) => x.error)) lines.push(`INIT FAILED ${m.name}: ${m.error}`);
  if (!base) lines.push(`BASELINE FAILED: ${baselineNotes.join(' | ')}`);
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
  const withinBudget = verdicts.some((v) => v.within === undefined)
    ? undefined
    : verdicts.every((v) => v.within === true);
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

  return {
    text: lines.join('\n'),
    withinBudget,
    functions: functions.map(rowJson),
    baseline: base ? rowJson(base) : null,
  };
}
