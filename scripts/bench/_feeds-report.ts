import type { Measured } from './_feeds-children.js';
import { type Files, PROVIDER } from './_feeds-files.js';
import { renderTable, round, type SuiteReport } from './_suite.js';

/** The feeds suite's report: its table, its budgets and what it measured against them. */

const BUDGETS = {
  /** The full feed reads every car's reference and keeps its place after each step: at most twice the one-shot's time. */
  fullFeedTimeRatio: 2,
  /** An unchanged full list writes (almost) no car: car and reference items written, as a share of the cars. */
  unchangedCarWriteShare: 0.01,
  /** A day's delta is imported within a minute. */
  deltaMs: 60_000,
  /** A step's memory does not follow the file: the delta's peak RSS within 25% of that of a delta a third its size. */
  deltaRssGrowth: 1.25,
  /** The list shows a delta within 75 s of its upload (the import, the reader's refresh and its load of the snapshot). */
  visibleMs: 75_000,
};

/** What one run of the suite measured. */
export interface FeedsRun {
  cars: number;
  files: Files;
  previousFull: Measured;
  fullFeed: Measured;
  sameFeed: Measured;
  deltaFeed: Measured;
  previousDelta: Measured;
  /** The delta a third the size, unless the run skipped it. */
  smallFeed?: Measured;
  /** From the delta's upload until the reader served it. */
  visibleMs: number;
  /** The reader's result: when it saw the pointer move and the delta served. */
  seen: Measured;
}

export function feedsReport(run: FeedsRun): SuiteReport {
  const { cars, files, previousFull, fullFeed, sameFeed, deltaFeed, previousDelta, smallFeed, visibleMs, seen } = run;
  const delta = files.deltas[0]!;
  const smallDelta = files.deltas[1];
  const feeds = [fullFeed, sameFeed, deltaFeed, ...(smallFeed ? [smallFeed] : [])];
  const applied = feeds.every((f) => f.result.status === 'applied');
  const row = (label: string, lines: number, r: Measured) => [
    label,
    lines,
    round(r.ms / 1000, 1),
    r.peakRssMb,
    r.peakArrayBuffersMb,
    r.writeUnits,
    r.carItemsWritten,
    r.otherItemsWritten,
    r.readUnits,
  ];
  const table = renderTable(
    [
      'import',
      'lines',
      'time s',
      'peak RSS MB',
      'arrayBuffers MB',
      'write units',
      'car items written',
      'other items written',
      'read units',
    ],
    [
      row('1. one-shot (previous), empty catalogue', cars, previousFull),
      row('2. full feed, empty catalogue', cars, fullFeed),
      row('3. same full feed again', cars, sameFeed),
      row(
        `4. delta (${delta.repriced} repriced, ${delta.created} new, ${delta.removed} removed)`,
        delta.lines,
        deltaFeed,
      ),
      row('4. one-shot (previous) of its upserts', delta.repriced + delta.created, previousDelta),
      ...(smallFeed && smallDelta
        ? [
            row(
              `4. delta a third the size (${smallDelta.repriced}/${smallDelta.created}/${smallDelta.removed})`,
              smallDelta.lines,
              smallFeed,
            ),
          ]
        : []),
    ],
    ['left'],
  );
  const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${round(a / b, 2)}x`);
  const checks = [
    {
      what: `full feed time <= ${BUDGETS.fullFeedTimeRatio}x the one-shot's`,
      measured: ratio(fullFeed.ms, previousFull.ms),
      ok: fullFeed.ms <= BUDGETS.fullFeedTimeRatio * previousFull.ms,
    },
    {
      what: `unchanged full feed writes < ${BUDGETS.unchangedCarWriteShare * 100}% of the cars (car + reference items)`,
      measured: `${sameFeed.carItemsWritten} items (${round((sameFeed.carItemsWritten / cars) * 100, 2)}%)`,
      ok: sameFeed.carItemsWritten < BUDGETS.unchangedCarWriteShare * cars,
    },
    {
      what: `delta import < ${BUDGETS.deltaMs / 1000} s`,
      measured: `${round(deltaFeed.ms / 1000, 1)} s`,
      ok: deltaFeed.ms < BUDGETS.deltaMs,
    },
    ...(smallFeed
      ? [
          {
            what: `delta's peak RSS <= ${BUDGETS.deltaRssGrowth}x that of a delta a third its size`,
            measured: ratio(deltaFeed.peakRssMb, smallFeed.peakRssMb),
            ok: deltaFeed.peakRssMb <= BUDGETS.deltaRssGrowth * smallFeed.peakRssMb,
          },
        ]
      : []),
    {
      what: `list shows the delta < ${BUDGETS.visibleMs / 1000} s after its upload`,
      measured: `${round(visibleMs / 1000, 1)} s`,
      ok: visibleMs < BUDGETS.visibleMs,
    },
    { what: 'every feed applied', measured: feeds.map((f) => f.result.status).join(', '), ok: applied },
  ];
  const text = [
    `${cars} cars of one provider (full list ${round(files.plainBytes / 1e6)} MB, ${round(files.gzipBytes / 1e6)} MB gzipped), FEED_CHUNK_LINES ${process.env.FEED_CHUNK_LINES ?? 1000}; DynamoDB Local and the S3 emulator; each import in a child process.`,
    'Peak RSS: the kernel high-water mark (VmHWM) of the importing process, reset at its start; arrayBuffers sampled every 20 ms. Write and read units as DynamoDB Local reports them (ReturnConsumedCapacity TOTAL on every call).',
    table,
    '',
    `Against the one-shot: full feed ${ratio(fullFeed.ms, previousFull.ms)} the time, ${ratio(fullFeed.peakRssMb, previousFull.peakRssMb)} the peak RSS, ${ratio(fullFeed.writeUnits, previousFull.writeUnits)} the write units; unchanged full feed ${ratio(sameFeed.ms, previousFull.ms)} the time, ${ratio(sameFeed.writeUnits, previousFull.writeUnits)} the write units; delta ${ratio(deltaFeed.ms, previousDelta.ms)} the time and ${ratio(deltaFeed.writeUnits, previousDelta.writeUnits)} the write units of the one-shot of its upserts (which removes nothing).`,
    `DynamoDB Local wrote ${round((previousFull.carItemsWritten + previousFull.otherItemsWritten) / (previousFull.ms / 1000), 0)} items/s in the one-shot on this machine: writes to it dominate every time here. It reports no read units for keys it does not find (DynamoDB charges them).`,
    `Time until the list shows the delta: ${round(visibleMs / 1000, 1)} s from its upload (the pointer moved after ${round((seen.pointerMovedAt - deltaFeed.putAt) / 1000, 1)} s; a reader refreshing every second then loads the snapshot). The import runs as the upload ends here; in AWS the bucket's event starts the function first.`,
    '',
    'Budgets:',
    renderTable(
      ['budget', 'measured', ''],
      checks.map((c) => [c.what, c.measured, c.ok ? 'ok' : 'OVER']),
      ['left', 'left', 'left'],
    ),
  ].join('\n');
  return {
    text,
    data: {
      cars,
      provider: PROVIDER,
      files: {
        plainBytes: files.plainBytes,
        gzipBytes: files.gzipBytes,
        deltas: files.deltas.map(({ file: _f, upsertsFile: _u, ...d }) => d),
      },
      budgets: BUDGETS,
      previousFull,
      fullFeed,
      sameFeed,
      deltaFeed,
      previousDelta,
      ...(smallFeed ? { smallFeed } : {}),
      visibleMs,
      pointerMovedMs: seen.pointerMovedAt - deltaFeed.putAt,
      checks,
    },
    ok: applied,
    withinBudget: checks.every((c) => c.ok),
  };
}
