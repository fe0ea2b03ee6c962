import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { READS, type Target, targetsOf, WRITES } from './_write-targets.js';
import { type Item, itemSize, type TableShape, writeUnits } from './_write-units.js';

/**
 * The read and write units of every call a DynamoDB client makes, by phase (set-up, the request,
 * the outbox consumer after it) and by table or index: as DynamoDB Local reports them (a
 * middleware asks for `ReturnConsumedCapacity: INDEXES`), and the writes priced by DynamoDB's
 * documented rules from the items before and after them (scripts/bench/_write-units.ts). Writes of
 * the local chat transport (the CHAT#LOG partition: WhatsApp in AWS) are counted apart.
 */

export type Phase = 'setup' | 'request' | 'consumer';

export interface Units {
  read: number;
  write: number;
}

/** Write units by DynamoDB's documented rules, per phase and table or index. */
export type PricedUnits = Record<'request' | 'consumer', { write: number; by: Record<string, number> }>;

interface CapacityPart {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}
interface Consumed extends CapacityPart {
  TableName?: string;
  Table?: CapacityPart;
  GlobalSecondaryIndexes?: Record<string, CapacityPart>;
}

const empty = (): Units => ({ read: 0, write: 0 });
const add = (into: Units, kind: keyof Units, value: number) => {
  into[kind] = Math.round((into[kind] + value) * 100) / 100;
};
/** The units of one table or index within a phase, made on first use. */
const place = (by: Record<string, Units>, name: string): Units => {
  by[name] ??= empty();
  return by[name];
};

/** Counts every call `ddb` makes from now on; `setPhase` says what they are counted as. */
export function meterCapacity(ddb: DynamoDBDocumentClient) {
  let phase: Phase = 'setup';
  const totals: Record<'request' | 'consumer', Units & { by: Record<string, Units> }> = {
    request: { ...empty(), by: {} },
    consumer: { ...empty(), by: {} },
  };
  const localChatLog = empty();
  let stepUnits = { request: empty(), consumer: empty() };
  const priced: PricedUnits = { request: { write: 0, by: {} }, consumer: { write: 0, by: {} } };
  let stepPriced = { request: 0, consumer: 0 };

  // The items before and after each write, read with a client of its own (not counted).
  const reader = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const shapes = new Map<string, TableShape>();
  const shapeOf = async (name: string): Promise<TableShape> => {
    let shape = shapes.get(name);
    if (!shape) {
      const { Table } = await reader.send(new DescribeTableCommand({ TableName: name }));
      shape = {
        keys: (Table?.KeySchema ?? []).map((key) => key.AttributeName!),
        indexes: (Table?.GlobalSecondaryIndexes ?? []).map((index) => ({
          name: index.IndexName!,
          keys: (index.KeySchema ?? []).map((key) => key.AttributeName!),
          projection:
            index.Projection?.ProjectionType === 'INCLUDE'
              ? (index.Projection.NonKeyAttributes ?? [])
              : index.Projection?.ProjectionType === 'KEYS_ONLY'
                ? 'KEYS_ONLY'
                : 'ALL',
        })),
      };
      shapes.set(name, shape);
    }
    return shape;
  };
  const read = async (target: Target): Promise<Item | undefined> =>
    (await reader.send(new GetCommand({ TableName: target.table, Key: target.key, ConsistentRead: true }))).Item;
  const pricedAdd = (where: 'request' | 'consumer', place: string, value: number) => {
    priced[where].write += value;
    priced[where].by[place] = (priced[where].by[place] ?? 0) + value;
    stepPriced[where] += value;
  };

  /** Whether a write touches only the local chat transport's log (WhatsApp in AWS). */
  const chatLogOnly = (input: Record<string, unknown>): boolean => JSON.stringify(input).includes('"pk":"CHAT#LOG"');

  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      const kind: keyof Units | undefined = WRITES.has(command) ? 'write' : READS.has(command) ? 'read' : undefined;
      const input = args.input as Record<string, unknown>;
      if (kind) input.ReturnConsumedCapacity = 'INDEXES';
      const measured = phase;
      const pricing = kind === 'write' && measured !== 'setup' && !chatLogOnly(input);
      if (pricing)
        await Promise.all(
          (input.TransactItems as Array<{ Put?: { TableName: string } }> | undefined)?.map((e) =>
            shapeOf(Object.values(e)[0]!.TableName),
          ) ?? [shapeOf(String(input.TableName ?? Object.keys((input.RequestItems as object) ?? {})[0]))],
        );
      const targets = pricing ? targetsOf(command, input, (name) => shapes.get(name)?.keys ?? ['pk', 'sk']) : [];
      const before = await Promise.all(targets.map(read));
      let result: Awaited<ReturnType<typeof next>>;
      try {
        result = await next(args);
      } catch (error) {
        // A refused write (a condition, a cancelled transaction) is still charged for the items it read.
        targets.forEach((target, i) => {
          const cost = writeUnits(shapes.get(target.table)!, before[i], before[i], {
            transaction: target.transaction,
            check: true,
          });
          pricedAdd(measured as 'request' | 'consumer', 'table', cost.table);
        });
        throw error;
      }
      const after = await Promise.all(targets.map(read));
      targets.forEach((target, i) => {
        const cost = writeUnits(shapes.get(target.table)!, before[i], after[i], {
          transaction: target.transaction,
          check: target.check,
        });
        if (process.env.ORDER_WALK_TRACE) {
          const size = (item: Item | undefined) => (item ? itemSize(item) : '-');
          process.stderr.write(
            `  priced ${JSON.stringify(target.key)} ${size(before[i])} -> ${size(after[i])} B: ${JSON.stringify(cost)}\n`,
          );
        }
        pricedAdd(measured as 'request' | 'consumer', 'table', cost.table);
        for (const [index, value] of Object.entries(cost.indexes))
          pricedAdd(measured as 'request' | 'consumer', index, value);
      });
      if (!kind || phase === 'setup') return result;
      const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
      const parts = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
      const unitsOf = (part: CapacityPart | undefined) =>
        (kind === 'write' ? part?.WriteCapacityUnits : part?.ReadCapacityUnits) ?? part?.CapacityUnits ?? 0;
      if (process.env.ORDER_WALK_TRACE) {
        const items = JSON.stringify(input).match(/"pk":"[^"]*","sk":"[^"]*"|"pk":"[^"#]*#?/g) ?? [];
        process.stderr.write(`${phase} ${command} ${JSON.stringify(parts)} ${items.join(' ')}\n`);
      }
      for (const part of parts) {
        if (kind === 'write' && chatLogOnly(input)) {
          add(localChatLog, kind, unitsOf(part));
          continue;
        }
        const bucket = totals[phase];
        add(bucket, kind, unitsOf(part));
        add(stepUnits[phase], kind, unitsOf(part));
        const table = part.Table
          ? unitsOf(part.Table)
          : unitsOf(part) - Object.values(part.GlobalSecondaryIndexes ?? {}).reduce((s, p) => s + unitsOf(p), 0);
        add(place(bucket.by, 'table'), kind, table);
        for (const [index, units] of Object.entries(part.GlobalSecondaryIndexes ?? {}))
          add(place(bucket.by, index), kind, unitsOf(units));
      }
      return result;
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );

  return {
    totals,
    priced,
    localChatLog,
    setPhase(next: Phase): void {
      phase = next;
    },
    /** A new step: its own figures start from nothing. */
    startStep(): void {
      stepUnits = { request: empty(), consumer: empty() };
      stepPriced = { request: 0, consumer: 0 };
    },
    /** The current step's figures, its consumer work apart. */
    stepFigures: () => ({
      read: stepUnits.request.read,
      write: stepUnits.request.write,
      consumerRead: stepUnits.consumer.read,
      consumerWrite: stepUnits.consumer.write,
      pricedWrite: stepPriced.request,
      pricedConsumerWrite: stepPriced.consumer,
    }),
  };
}
