/**
 * What one order costs the table: read and write units of walking one order from creation to
 * Delivered (scripts/bench/_order-walk.ts: the README's runbook, the reads staff make between its
 * steps, two PDFs), split between the request handlers and the outbox consumer and, within each,
 * between the table and each index; and the chat messages the order sends, by audience.
 *
 * The same walk runs in the same run on the previous layout: the code of BASELINE_COMMIT
 * (lib/ and scripts/ extracted with `git archive` under .bench/previous/, run with this
 * repository's node_modules) against a table of its own, created by that code as it created it.
 * Units come two ways:
 * - `ReturnConsumedCapacity: INDEXES` on DynamoDB Local. Outside transactions it counts as
 *   DynamoDB does (1 write unit per KB on the table and on each index the write changes; 1 read
 *   unit per 4 KB strongly consistent, half that eventually consistent). Within a transaction it
 *   does not: it counts 4 units per KB of an item rather than 2, and items of the same size and
 *   indexes once (five 300-byte puts in one transaction: 4 units; DynamoDB: 10).
 * - Priced: write units by DynamoDB's documented rules, from each item read before and after each
 *   write (scripts/bench/_write-units.ts).
 *
 * Budget (docs/benchmarks.md): at most 300 write units per order through Delivered, the outbox
 * consumer included.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Units } from './_capacity-meter.js';
import type { WalkResult } from './_order-walk.js';
import { writeUnits } from './_write-units.js';
import { renderTable, round, type BenchContext, type BenchSuite, type SuiteReport } from './_suite.js';

/** The layout before records moved their bulky parts out and the indexes narrowed: the order item whole, every index ALL. */
const BASELINE_COMMIT = 'e7fb5e3a0210eb707187f19013c77b4e6822fc16';
const PORTS = { dynamo: 8502, s3: 4652, lambda: 3504 };
const WRITE_BUDGET = 300;

/** The baseline's code under .bench/previous/<commit>, extracted once. */
function previousTree(rootDir: string): string {
  const dir = join(rootDir, '.bench', 'previous', BASELINE_COMMIT.slice(0, 12));
  if (!existsSync(join(dir, 'lib', 'store', 'orders.ts'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = spawnSync('sh', ['-c', `git archive ${BASELINE_COMMIT} lib scripts | tar -x -C "${dir}"`], {
      cwd: rootDir,
      encoding: 'utf8',
    });
    if (archive.status !== 0) throw new Error(`git archive ${BASELINE_COMMIT} failed: ${archive.stderr}`);
  }
  // Built, not committed: the contracts of this checkout (npm run bench builds them first) serve both.
  cpSync(join(rootDir, 'lib', 'schemas', 'generated'), join(dir, 'lib', 'schemas', 'generated'), { recursive: true });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(rootDir, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** The pictures of the catalogue car in the second walk: what a listing of the auction providers carries. */
const PICTURES = 30;

async function walk(context: BenchContext, tree: string, table: string, pictures = 0): Promise<WalkResult> {
  const { localEnvironment } = await import('../local/bootstrap.js');
  const env = {
    ...process.env,
    ...localEnvironment({
      dynamoEndpoint: `http://127.0.0.1:${PORTS.dynamo}`,
      s3Endpoint: `http://127.0.0.1:${PORTS.s3}`,
      lambdaEndpoint: `http://127.0.0.1:${PORTS.lambda}`,
      tableName: table,
      bucketName: 'bench-order-cost',
    }),
    LOG_LEVEL: 'error',
    ORDER_WALK_PICTURES: String(pictures),
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(context.rootDir, 'scripts', 'bench', '_order-walk.ts'), tree],
    {
      cwd: context.rootDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const last = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{'))
    throw new Error(`the walk on ${table} failed (exit ${code}): ${stderr.slice(-3000)}`);
  return JSON.parse(last) as WalkResult;
}

/**
 * DynamoDB Local's count of two transactions against what DynamoDB's documentation charges for
 * them, measured in this run: why the walk is also priced item by item.
 */
async function calibrate(port: number): Promise<string> {
  const { CreateTableCommand, DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient, TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
    }),
  );
  const TableName = 'bench-order-cost-calibration';
  await client.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );
  const shape = { keys: ['pk'], indexes: [] };
  const measure = async (items: Array<Record<string, unknown>>) => {
    const { ConsumedCapacity } = await client.send(
      new TransactWriteCommand({
        TransactItems: items.map((Item) => ({ Put: { TableName, Item } })),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    const local = (ConsumedCapacity ?? []).reduce((sum, part) => sum + (part.CapacityUnits ?? 0), 0);
    const priced = items.reduce(
      (sum, item) => sum + writeUnits(shape, undefined, item, { transaction: true }).table,
      0,
    );
    return `${local} WU on DynamoDB Local, ${priced} WU by the documented rules`;
  };
  const small = await measure([1, 2, 3, 4, 5].map((n) => ({ pk: `small-${n}`, body: 'x'.repeat(300) })));
  const large = await measure([{ pk: 'large', body: 'x'.repeat(3_000) }]);
  return `DynamoDB Local's count of a transaction, in this run: five 300-byte puts in one, ${small}; one 3,000-byte put, ${large}.`;
}

const total = (result: WalkResult): Units => ({
  read: round(result.request.read + result.consumer.read, 1),
  write: round(result.request.write + result.consumer.write, 1),
});
const pricedTotal = (result: WalkResult): number =>
  round(result.priced.request.write + result.priced.consumer.write, 1);

export const suite: BenchSuite = {
  name: 'order-cost',
  description: `Read and write units of one order walked to Delivered (handlers and outbox consumer, table and each index), current layout vs ${BASELINE_COMMIT.slice(0, 7)}`,

  async run(context: BenchContext): Promise<SuiteReport> {
    const previousRoot = previousTree(context.rootDir);
    const { startDynamoDbLocal } = await import('../local/dynamodb-local.js');
    const { startS3Local } = await import('../local/s3-local.js');
    context.log(`order-cost: DynamoDB Local on ${PORTS.dynamo}, the S3 emulator on ${PORTS.s3}`);
    const dynamo = await startDynamoDbLocal({ port: PORTS.dynamo });
    const s3 = await startS3Local({ port: PORTS.s3 });
    let previous: WalkResult;
    let current: WalkResult;
    let previousPictures: WalkResult;
    let currentPictures: WalkResult;
    let calibration: string;
    try {
      calibration = await calibrate(PORTS.dynamo);
      context.log(`order-cost: walking one order on the previous layout (${BASELINE_COMMIT.slice(0, 7)})`);
      previous = await walk(context, previousRoot, 'bench-order-cost-previous');
      context.log('order-cost: walking one order on the current layout');
      current = await walk(context, context.rootDir, 'bench-order-cost-current');
      context.log(`order-cost: walking one order of a catalogue car (${PICTURES} pictures) on each layout`);
      previousPictures = await walk(context, previousRoot, 'bench-order-cost-previous-pictures', PICTURES);
      currentPictures = await walk(context, context.rootDir, 'bench-order-cost-current-pictures', PICTURES);
    } finally {
      await s3.stop();
      await dynamo.stop();
    }

    const layouts = [
      [`previous (${BASELINE_COMMIT.slice(0, 7)})`, previous],
      ['current', current],
    ] as const;
    const summary = renderTable(
      [
        'layout',
        'requests',
        'handlers RU',
        'handlers WU',
        'consumer RU',
        'consumer WU',
        'events',
        'total RU',
        'total WU',
        'order items KB',
      ],
      layouts.map(([label, r]) => [
        label,
        r.requests,
        round(r.request.read, 1),
        round(r.request.write, 1),
        round(r.consumer.read, 1),
        round(r.consumer.write, 1),
        r.consumerEvents,
        total(r).read,
        total(r).write,
        round(r.orderItemBytes / 1024, 1),
      ]),
      ['left'],
    );
    const pricedPlaces = [
      ...new Set(
        layouts.flatMap(([, r]) => [...Object.keys(r.priced.request.by), ...Object.keys(r.priced.consumer.by)]),
      ),
    ].sort((a, b) => (a === 'table' ? -1 : b === 'table' ? 1 : a.localeCompare(b)));
    const pricedSummary = renderTable(
      ['layout', 'handlers WU', 'consumer WU', 'total WU', ...pricedPlaces.map((place) => `${place} WU`)],
      layouts.map(([label, r]) => [
        label,
        round(r.priced.request.write, 1),
        round(r.priced.consumer.write, 1),
        pricedTotal(r),
        ...pricedPlaces.map((place) =>
          round((r.priced.request.by[place] ?? 0) + (r.priced.consumer.by[place] ?? 0), 1),
        ),
      ]),
      ['left'],
    );
    const places = [
      ...new Set(layouts.flatMap(([, r]) => [...Object.keys(r.request.by), ...Object.keys(r.consumer.by)])),
    ].sort((a, b) => (a === 'table' ? -1 : b === 'table' ? 1 : a.localeCompare(b)));
    const byPlace = renderTable(
      ['where', ...layouts.flatMap(([label]) => [`${label.split(' ')[0]} WU`, `${label.split(' ')[0]} RU`])],
      places.map((place) => [
        place,
        ...layouts.flatMap(([, r]) => {
          const units = [r.request.by[place], r.consumer.by[place]];
          return [
            round(
              units.reduce((s, u) => s + (u?.write ?? 0), 0),
              1,
            ),
            round(
              units.reduce((s, u) => s + (u?.read ?? 0), 0),
              1,
            ),
          ];
        }),
      ]),
      ['left'],
    );
    const steps = renderTable(
      [
        'request',
        'previous WU',
        'current WU',
        'previous consumer WU',
        'current consumer WU',
        'previous RU',
        'current RU',
        'priced previous WU',
        'priced current WU',
        'priced previous consumer WU',
        'priced current consumer WU',
      ],
      current.steps.map((step, i) => {
        const before = previous.steps[i];
        return [
          step.step,
          before?.write ?? '',
          step.write,
          before?.consumerWrite ?? '',
          step.consumerWrite,
          before?.read ?? '',
          step.read,
          before?.pricedWrite ?? '',
          step.pricedWrite,
          before?.pricedConsumerWrite ?? '',
          step.pricedConsumerWrite,
        ];
      }),
      ['left'],
    );
    const withPictures = renderTable(
      ['layout', 'handlers WU', 'consumer WU', 'total WU', 'DynamoDB Local WU', 'order items KB'],
      [
        [`previous (${BASELINE_COMMIT.slice(0, 7)})`, previousPictures],
        ['current', currentPictures],
      ].map(([label, r]) => {
        const result = r as WalkResult;
        return [
          label as string,
          round(result.priced.request.write, 1),
          round(result.priced.consumer.write, 1),
          pricedTotal(result),
          total(result).write,
          round(result.orderItemBytes / 1024, 1),
        ];
      }),
      ['left'],
    );
    const audiences = [...new Set(layouts.flatMap(([, r]) => Object.keys(r.messagesByAudience)))].sort();
    const messages = renderTable(
      ['layout', ...audiences, 'total'],
      layouts.map(([label, r]) => [
        label,
        ...audiences.map((a) => r.messagesByAudience[a] ?? 0),
        Object.values(r.messagesByAudience).reduce((s, n) => s + n, 0),
      ]),
      ['left'],
    );
    const text = [
      `One order from creation to Delivered (${current.requests} requests, two PDFs; the outbox consumer after each), DynamoDB Local, ReturnConsumedCapacity INDEXES. RU read units, WU write units:`,
      summary,
      '',
      "Priced: the same walk's write units by DynamoDB's documented rules, from each item read before and after each write (DynamoDB Local counts a transaction 4 units per KB of an item rather than 2, and items of the same size and indexes in it once):",
      pricedSummary,
      calibration,
      '',
      `The same walk for an order of a catalogue car: its snapshot (title, grade, mileage, price, VIN, ${PICTURES} picture addresses) on the order, priced:`,
      withPictures,
      '',
      'Where the units go (handlers and consumer together, DynamoDB Local):',
      byPlace,
      '',
      'Chat messages of the order, by audience:',
      messages,
      '',
      'Per request:',
      steps,
      '',
      `Left out: the local chat transport's log (WhatsApp in AWS): ${previous.localChatLog.write} WU previous, ${current.localChatLog.write} WU current. Budget: at most ${WRITE_BUDGET} WU per order (current: ${total(current).write} WU on DynamoDB Local, ${pricedTotal(current)} WU priced).`,
    ].join('\n');
    return {
      text,
      data: {
        baselineCommit: BASELINE_COMMIT,
        budgetWriteUnits: WRITE_BUDGET,
        previous: { ...previous, total: total(previous) },
        current: { ...current, total: total(current) },
        pricedWriteUnits: { previous: pricedTotal(previous), current: pricedTotal(current) },
        catalogueCar: {
          pictures: PICTURES,
          pricedWriteUnits: { previous: pricedTotal(previousPictures), current: pricedTotal(currentPictures) },
          writeUnits: { previous: total(previousPictures).write, current: total(currentPictures).write },
        },
      },
      ok: true,
      withinBudget: total(current).write <= WRITE_BUDGET && pricedTotal(current) <= WRITE_BUDGET,
    };
  },
};
