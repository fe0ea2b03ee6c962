/**
 * One order walked from creation to Delivered on one layout of the table, counting the read and
 * write units of every DynamoDB call (scripts/bench/order-cost.ts runs it once per layout, each
 * in a process of its own and against a table of its own).
 *
 *   node --import tsx scripts/bench/_order-walk.ts <tree root>
 *
 * <tree root> is the checkout whose lib/ and scripts/local/ are measured: this repository, or
 * an extracted copy of an older commit. Every call goes through the tree's own DynamoDB client,
 * where a middleware asks for `ReturnConsumedCapacity: INDEXES` and sums what each call consumed,
 * on the table and on each index. The steps are the requests of the README's runbook (and of the
 * getting-started guide), in order, with the reads staff make between them and two PDFs (the
 * renderer function itself, which only writes to the bucket, answers from a stand-in), each
 * made by calling the use case its route's handler calls, with the same body; the outbox consumer
 * runs after every request, as the stream trigger does in AWS, through a chat channel that sends
 * nothing. Writes of the local chat transport (the CHAT#LOG partition: WhatsApp in AWS) are
 * counted apart and left out of the totals.
 *
 * Prints one JSON document on stdout (WalkResult).
 */
import { createServer, type Server } from 'node:http';
import { meterCapacity, type PricedUnits, type Units } from './_capacity-meter.js';
import { setUpTenant, walkOrder } from './_walk-steps.js';
import { loadTree } from './_walk-tree.js';

export interface WalkResult {
  requests: number;
  consumerEvents: number;
  /** Units per phase, and within each per table or index (`table`, `GSI1`, ...). */
  request: Units & { by: Record<string, Units> };
  consumer: Units & { by: Record<string, Units> };
  /** Write units by DynamoDB's documented rules (scripts/bench/_write-units.ts), per phase and table or index. */
  priced: PricedUnits;
  /** The local chat transport's own writes (not in AWS), left out of the figures above. */
  localChatLog: Units;
  /** Units of each request (in walk order), its consumer work included under `consumer`; `priced*` by the documented rules. */
  steps: Array<{
    step: string;
    read: number;
    write: number;
    consumerRead: number;
    consumerWrite: number;
    pricedWrite: number;
    pricedConsumerWrite: number;
  }>;
  messagesByAudience: Record<string, number>;
  /** The order's item as stored (bytes of its JSON), at Delivered. */
  orderItemBytes: number;
}

async function main(): Promise<void> {
  const root = process.argv[2];
  if (!root) throw new Error('usage: _order-walk.ts <tree root>');
  const tree = await loadTree(root);
  const { ddb, processDue, copyImage } = tree;
  const meter = meterCapacity(ddb);

  // The PDF renderer's Invoke API. The renderer lays the PDF out and writes it to the bucket and
  // never touches the table, so this stand-in answers as it does without drawing anything.
  const renderer: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ stored: true, bytes: 48_000 })),
    );
  });
  await new Promise<void>((resolve) =>
    renderer.listen(Number(new URL(process.env.AWS_ENDPOINT_URL_LAMBDA!).port), '127.0.0.1', resolve),
  );

  const staff = await setUpTenant(tree);

  // Sends nothing and writes nothing: what the consumer costs the table is what is measured.
  let sent = 0;
  const deps = { channel: { send: async () => ({ messageId: `wamid.bench${++sent}` }) }, copy: copyImage };
  const steps: WalkResult['steps'] = [];
  let consumerEvents = 0;
  const request = async <T>(step: string, call: () => Promise<T>): Promise<T> => {
    meter.startStep();
    meter.setPhase('request');
    const answer = await call();
    meter.setPhase('consumer');
    for (;;) {
      const counts = await processDue(deps);
      consumerEvents += counts.done;
      if (counts.done + counts.retry + counts.parked === 0) break;
    }
    meter.setPhase('setup');
    steps.push({ step, ...meter.stepFigures() });
    return answer;
  };
  const { id, notifications } = await walkOrder(tree, staff, request);

  const messagesByAudience: Record<string, number> = {};
  for (const message of notifications)
    messagesByAudience[message.audience] = (messagesByAudience[message.audience] ?? 0) + 1;
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME!,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `ORDER#${id}` },
    }),
  );
  const orderItems = (Items ?? []).filter((item) => String(item.sk).startsWith('ORDER'));
  renderer.close();
  const result: WalkResult = {
    requests: steps.length,
    consumerEvents,
    request: meter.totals.request,
    consumer: meter.totals.consumer,
    priced: meter.priced,
    localChatLog: meter.localChatLog,
    steps,
    messagesByAudience,
    orderItemBytes: orderItems.reduce((sum, item) => sum + JSON.stringify(item).length, 0),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
