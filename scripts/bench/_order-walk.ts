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
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { GULF_MOTORS_PROFILE, writeDemoProfile } from '../local/demo-profiles.js';
import { type Item, itemSize, type TableShape, writeUnits } from './_write-units.js';

type Phase = 'setup' | 'request' | 'consumer';

export interface Units {
  read: number;
  write: number;
}

export interface WalkResult {
  requests: number;
  consumerEvents: number;
  /** Units per phase, and within each per table or index (`table`, `GSI1`, ...). */
  request: Units & { by: Record<string, Units> };
  consumer: Units & { by: Record<string, Units> };
  /** Write units by DynamoDB's documented rules (scripts/bench/_write-units.ts), per phase and table or index. */
  priced: Record<'request' | 'consumer', { write: number; by: Record<string, number> }>;
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

/** One item a write touches: its table and key, in a transaction or not, written or only checked. */
interface Target {
  table: string;
  key: Item;
  transaction: boolean;
  check: boolean;
}

/** Values as the document client takes them: a marshalled map (`{ S: ... }`) is unmarshalled. */
const native = (value: Record<string, unknown>): Item => {
  const first = Object.values(value)[0];
  return first &&
    typeof first === 'object' &&
    !Array.isArray(first) &&
    Object.keys(first).length === 1 &&
    /^(S|N|B|BOOL|NULL|M|L|SS|NS|BS)$/.test(Object.keys(first)[0]!)
    ? unmarshall(value as never)
    : value;
};

/** The items a write command touches. */
function targetsOf(command: string, input: Record<string, unknown>, keysOf: (table: string) => string[]): Target[] {
  const keyOf = (table: string, item: Record<string, unknown>) => {
    const values = native(item);
    return Object.fromEntries(keysOf(table).map((key) => [key, values[key]]));
  };
  const table = String(input.TableName);
  if (command === 'PutItemCommand') return [{ table, key: keyOf(table, input.Item as Item), transaction: false, check: false }];
  if (command === 'UpdateItemCommand' || command === 'DeleteItemCommand')
    return [{ table, key: keyOf(table, input.Key as Item), transaction: false, check: false }];
  if (command === 'TransactWriteItemsCommand') {
    return (input.TransactItems as Array<Record<string, { TableName: string; Item?: Item; Key?: Item }>>).map((entry) => {
      const [kind, part] = Object.entries(entry)[0]!;
      return { table: part.TableName, key: keyOf(part.TableName, part.Item ?? part.Key!), transaction: true, check: kind === 'ConditionCheck' };
    });
  }
  if (command === 'BatchWriteItemCommand') {
    return Object.entries(input.RequestItems as Record<string, Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>>).flatMap(
      ([name, requests]) =>
        requests.map((request) => ({
          table: name,
          key: keyOf(name, request.PutRequest?.Item ?? request.DeleteRequest!.Key),
          transaction: false,
          check: false,
        })),
    );
  }
  return [];
}

/** The commands as the DocumentClient's middleware sees them: the low-level client's. */
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);
const READS = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand']);

const empty = (): Units => ({ read: 0, write: 0 });
const add = (into: Units, kind: keyof Units, value: number) => {
  into[kind] = Math.round((into[kind] + value) * 100) / 100;
};
/** The units of one table or index within a phase, made on first use. */
const place = (by: Record<string, Units>, name: string): Units => {
  by[name] ??= empty();
  return by[name];
};

async function main(): Promise<void> {
  const root = process.argv[2];
  if (!root) throw new Error('usage: _order-walk.ts <tree root>');
  const load = async <T>(path: string): Promise<T> => (await import(pathToFileURL(join(root, path)).href)) as T;

  // The tree's own modules, typed as this tree's (the walk calls only what both layouts have).
  const { ensureTableAndBucket } = await load<typeof import('../local/bootstrap.js')>('scripts/local/bootstrap.ts');
  const { ddb } = await load<typeof import('../../lib/store/client.js')>('lib/store/client.ts');
  const { createTenant } = await load<typeof import('../../lib/store/tenants.js')>('lib/store/tenants.ts');
  const { createUser } = await load<typeof import('../../lib/use-cases/users.js')>('lib/use-cases/users.ts');
  const { createCustomer } = await load<typeof import('../../lib/use-cases/customers.js')>('lib/use-cases/customers.ts');
  const { createOrder } = await load<typeof import('../../lib/use-cases/orders/create-order.js')>('lib/use-cases/orders/create-order.ts');
  const { getOrder } = await load<typeof import('../../lib/use-cases/orders/get-order.js')>('lib/use-cases/orders/get-order.ts');
  const { listOrders } = await load<typeof import('../../lib/use-cases/orders/list-orders.js')>('lib/use-cases/orders/list-orders.ts');
  const { changeOrderStatus } = await load<typeof import('../../lib/use-cases/orders/change-order-status.js')>('lib/use-cases/orders/change-order-status.ts');
  const { validateOrderTransition } = await load<typeof import('../../lib/use-cases/orders/validate-order-transition.js')>(
    'lib/use-cases/orders/validate-order-transition.ts',
  );
  const { setCustomsInvoice } = await load<typeof import('../../lib/use-cases/orders/customs.js')>('lib/use-cases/orders/customs.ts');
  const { recordExportStep, updateShipment } = await load<typeof import('../../lib/use-cases/orders/export.js')>('lib/use-cases/orders/export.ts');
  const { generateOrderDocument, listOrderDocuments } =
    await load<typeof import('../../lib/use-cases/orders/documents.js')>('lib/use-cases/orders/documents.ts');
  const { listOrderNotifications } = await load<typeof import('../../lib/use-cases/orders/list-order-notifications.js')>(
    'lib/use-cases/orders/list-order-notifications.ts',
  );
  const { listOrderBilling, confirmBillingEntry, createBillingEntry } = await load<typeof import('../../lib/use-cases/billing.js')>('lib/use-cases/billing.ts');
  const { createInspection, changeInspectionStatus } = await load<typeof import('../../lib/use-cases/inspections.js')>('lib/use-cases/inspections.ts');
  const { createContract } = await load<typeof import('../../lib/use-cases/contracts/create-contract.js')>('lib/use-cases/contracts/create-contract.ts');
  const { sendContract } = await load<typeof import('../../lib/use-cases/contracts/send-contract.js')>('lib/use-cases/contracts/send-contract.ts');
  const { signContract } = await load<typeof import('../../lib/use-cases/contracts/sign-contract.js')>('lib/use-cases/contracts/sign-contract.ts');
  const { listAudit } = await load<typeof import('../../lib/use-cases/audit-trail.js')>('lib/use-cases/audit-trail.ts');
  const { processDue } = await load<typeof import('../../lib/use-cases/outbox/process-event.js')>('lib/use-cases/outbox/process-event.ts');
  const { copyImage } = await load<typeof import('../../lib/archive/images.js')>('lib/archive/images.ts');
  // Trees from before tenants had legal profiles have no profile to give (nor documents that need one).
  const profileUseCases = existsSync(join(root, 'lib', 'use-cases', 'tenant-profile.ts'))
    ? await load<typeof import('../../lib/use-cases/tenant-profile.js')>('lib/use-cases/tenant-profile.ts')
    : undefined;

  let phase: Phase = 'setup';
  const totals: Record<'request' | 'consumer', Units & { by: Record<string, Units> }> = {
    request: { ...empty(), by: {} },
    consumer: { ...empty(), by: {} },
  };
  const localChatLog = empty();
  let stepUnits = { request: empty(), consumer: empty() };
  const priced: WalkResult['priced'] = { request: { write: 0, by: {} }, consumer: { write: 0, by: {} } };
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
          (input.TransactItems as Array<{ Put?: { TableName: string } }> | undefined)?.map((e) => shapeOf(Object.values(e)[0]!.TableName)) ?? [
            shapeOf(String(input.TableName ?? Object.keys((input.RequestItems as object) ?? {})[0])),
          ],
        );
      const targets = pricing ? targetsOf(command, input, (name) => shapes.get(name)?.keys ?? ['pk', 'sk']) : [];
      const before = await Promise.all(targets.map(read));
      let result: Awaited<ReturnType<typeof next>>;
      try {
        result = await next(args);
      } catch (error) {
        // A refused write (a condition, a cancelled transaction) is still charged for the items it read.
        targets.forEach((target, i) => {
          const cost = writeUnits(shapes.get(target.table)!, before[i], before[i], { transaction: target.transaction, check: true });
          pricedAdd(measured as 'request' | 'consumer', 'table', cost.table);
        });
        throw error;
      }
      const after = await Promise.all(targets.map(read));
      targets.forEach((target, i) => {
        const cost = writeUnits(shapes.get(target.table)!, before[i], after[i], { transaction: target.transaction, check: target.check });
        if (process.env.ORDER_WALK_TRACE) {
          const size = (item: Item | undefined) => (item ? itemSize(item) : '-');
          process.stderr.write(`  priced ${JSON.stringify(target.key)} ${size(before[i])} -> ${size(after[i])} B: ${JSON.stringify(cost)}\n`);
        }
        pricedAdd(measured as 'request' | 'consumer', 'table', cost.table);
        for (const [index, value] of Object.entries(cost.indexes)) pricedAdd(measured as 'request' | 'consumer', index, value);
      });
      if (!kind || phase === 'setup') return result;
      const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
      const parts = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
      const unitsOf = (part: CapacityPart | undefined) => (kind === 'write' ? part?.WriteCapacityUnits : part?.ReadCapacityUnits) ?? part?.CapacityUnits ?? 0;
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
        const table = part.Table ? unitsOf(part.Table) : unitsOf(part) - Object.values(part.GlobalSecondaryIndexes ?? {}).reduce((s, p) => s + unitsOf(p), 0);
        add(place(bucket.by, 'table'), kind, table);
        for (const [index, units] of Object.entries(part.GlobalSecondaryIndexes ?? {})) add(place(bucket.by, index), kind, unitsOf(units));
      }
      return result;
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );

  // The PDF renderer's Invoke API. The renderer lays the PDF out and writes it to the bucket and
  // never touches the table, so this stand-in answers as it does without drawing anything.
  const renderer: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ stored: true, bytes: 48_000 })));
  });
  await new Promise<void>((resolve) => renderer.listen(Number(new URL(process.env.AWS_ENDPOINT_URL_LAMBDA!).port), '127.0.0.1', resolve));

  await ensureTableAndBucket(process.env.TABLE_NAME!, process.env.BUCKET_NAME!);
  const platform = { keyId: 'bench-platform', role: 'admin' as const, allowedRoutes: ['*'] };
  const tenant = await createTenant({
    name: 'Bench Cars',
    subdomain: `bench${Date.now()}`,
    markup: '1.10',
    visibleProviders: ['glovis'],
    publishedOnly: false,
  });
  const tenantId = tenant.id;
  // The documents it generates name the seller: a complete profile, written in set-up (not measured).
  if (profileUseCases) await writeDemoProfile(profileUseCases, platform, tenantId, GULF_MOTORS_PROFILE);
  const staff = async (role: 'marketer' | 'accountant' | 'operations' | 'inspector', n: number) => {
    const user = await createUser(platform, { name: `Bench ${role}`, role, tenantId, mobileNumber: `+9745000${String(1000 + n)}` });
    return { keyId: `bench-${role}`, tenantId, role, userId: user.id, allowedRoutes: ['*'] };
  };
  const marketer = await staff('marketer', 1);
  const accountant = await staff('accountant', 2);
  const operations = await staff('operations', 3);
  const inspector = await staff('inspector', 4);
  const admin = { keyId: 'bench-admin', tenantId, role: 'admin' as const, allowedRoutes: ['*'] };

  // Sends nothing and writes nothing: what the consumer costs the table is what is measured.
  let sent = 0;
  const deps = { channel: { send: async () => ({ messageId: `wamid.bench${++sent}` }) }, copy: copyImage };
  const steps: WalkResult['steps'] = [];
  let consumerEvents = 0;
  const request = async <T>(step: string, call: () => Promise<T>): Promise<T> => {
    stepUnits = { request: empty(), consumer: empty() };
    stepPriced = { request: 0, consumer: 0 };
    phase = 'request';
    const answer = await call();
    phase = 'consumer';
    for (;;) {
      const counts = await processDue(deps);
      consumerEvents += counts.done;
      if (counts.done + counts.retry + counts.parked === 0) break;
    }
    phase = 'setup';
    steps.push({
      step,
      read: stepUnits.request.read,
      write: stepUnits.request.write,
      consumerRead: stepUnits.consumer.read,
      consumerWrite: stepUnits.consumer.write,
      pricedWrite: stepPriced.request,
      pricedConsumerWrite: stepPriced.consumer,
    });
    return answer;
  };
  const body = (version: number) => ({ version, via: 'body' as const });
  const today = new Date().toISOString().slice(0, 10);

  const customer = await request('POST /customers', () => createCustomer(marketer, { name: 'Ali Hassan', mobileNumber: '+97455512345', country: 'QA' }));
  // ORDER_WALK_PICTURES=n: the car as a catalogue order snapshots it, with n pictures (a listing has 20 to 60).
  const pictures = Number(process.env.ORDER_WALK_PICTURES ?? 0);
  const images = Array.from(
    { length: pictures },
    (_, i) => `https://ci.encar.com/carpicture/carpicture03/pic3812/38126513_${String(i + 1).padStart(3, '0')}.jpg`,
  );
  const carDetails = {
    makeEn: 'Hyundai',
    modelEn: 'Palisade',
    year: 2021,
    customerNotificationsEnabled: true,
    ...(pictures > 0
      ? {
          provider: 'sk',
          advertisementNumber: '38126513',
          title: 'Hyundai Palisade 2.2 Diesel 4WD Calligraphy',
          modelGroupEn: 'Palisade',
          gradeEn: 'Diesel 2.2 4WD',
          gradeDetailEn: 'Calligraphy',
          kilometers: 48210,
          price: 3890,
          priceUnit: '10000 KRW',
          fuelType: 'Diesel',
          transmission: 'Automatic',
          color: 'White',
          vin: 'KMHR881EMNU412345',
          images,
          thumbnailUrl: images[0],
          auctionDate: '2026-12-02T10:00:00+09:00',
        }
      : {}),
  };
  const order = await request('POST /orders', () =>
    createOrder(marketer, { customerId: customer.id, totalAmount: 18500, receiptAmount: 2000, carDetails }, undefined),
  );
  const id = order.id;
  let version = 1;
  const move = async (caller: typeof operations, status: string, extra: Record<string, unknown> = {}) => {
    const moved = await request(`PATCH /orders/{id}/status ${status}`, () =>
      changeOrderStatus(caller, id, { status: status as never, version, ...extra }, body(version)),
    );
    version = moved.version;
  };
  await request('GET /orders/{id}', () => getOrder(marketer, id, 'http://localhost'));
  const billing = await request('GET /orders/{id}/billing', () => listOrderBilling(accountant, id));
  await request('PATCH /billing/{id}/confirm', () => confirmBillingEntry(accountant, String(billing[0]!.id)));
  await request('POST /orders/{id}/validate-transition', () => validateOrderTransition(accountant, id, 'DepositConfirmed'));
  await move(accountant, 'DepositConfirmed');
  await move(operations, 'InspectionScheduled', { inspectionDate: '2026-12-01T10:00:00Z' });
  const inspection = await request('POST /inspections', () => createInspection(operations, { orderId: id, inspectorId: inspector.userId }));
  await request('PATCH /inspections/{id}/status InProgress', () => changeInspectionStatus(inspector, inspection.id, { status: 'InProgress' }));
  await request('PATCH /inspections/{id}/status Completed', () =>
    changeInspectionStatus(inspector, inspection.id, { status: 'Completed', notes: 'No accident history' }),
  );
  await move(inspector, 'InspectionCompleted');
  const contract = await request('POST /contracts', () => createContract(operations, { orderId: id, customerName: 'Ali Hassan' }));
  await request('POST /contracts/{id}/send', () => sendContract(operations, contract.id, { phone: '+97455512345' }));
  await request('PATCH /contracts/{id}/sign', () => signContract(operations, contract.id, undefined));
  await move(operations, 'ContractSigned');
  await move(operations, 'PaymentSubmitted');
  const payment = await request('POST /billing', () =>
    createBillingEntry(operations, { orderId: id, type: 'receipt', amount: 16500, currency: 'USD', description: 'Balance' }),
  );
  await request('PATCH /billing/{id}/confirm', () => confirmBillingEntry(accountant, payment.id));
  await move(accountant, 'PaymentConfirmed');
  await move(operations, 'Purchased');
  await request('GET /orders', () => listOrders(operations, { page: 1, limit: 20 }));
  const customs = await request('PATCH /orders/{id}/customs-invoice', () =>
    setCustomsInvoice(
      operations,
      id,
      {
        buyerName: 'Ali Hassan',
        items: [{ description: 'Hyundai Palisade 2021', amount: 18500 }],
        currency: 'USD',
        carMake: 'Hyundai',
        carModel: 'Palisade',
        carYear: 2021,
        carVin: 'KM8R54HE1MU123456',
        fuelType: 'Diesel',
        engineCapacityCc: 2199,
        portOfDischarge: 'Jebel Ali, UAE',
        version,
      } as Parameters<typeof setCustomsInvoice>[2],
      body(version),
    ),
  );
  version = customs.version;
  const invoice = await request('POST /orders/{id}/documents customs-invoice', () => generateOrderDocument(operations, id, { type: 'customs-invoice' }));
  // An invoice first takes its number in the tenant's series, an order change of its own (trees before the series: none).
  version += (invoice as { number?: string }).number ? 2 : 1;
  for (const [step, input] of [
    ['deregistration', { date: today, documentUrl: 'https://files.example.com/export/dereg-1.pdf' }],
    ['bonded-area', { date: today, location: 'Incheon bonded yard' }],
    ['export-declaration', { date: today, number: '12345-26-000124X' }],
  ] as const) {
    const recorded = await request(`PUT /orders/{id}/export-steps/${step}`, () => recordExportStep(operations, id, step, { ...input, version }, body(version)));
    version = recorded.version;
  }
  const shipment = {
    method: 'roro' as const,
    bookingNumber: 'BK-55122',
    carrier: 'Hyundai Glovis',
    portOfLoading: 'KRPTK',
    portOfDischarge: 'QAHMD',
    billOfLadingNumber: 'BL-78',
    billOfLadingUrl: 'https://files.example.com/export/bl-78.pdf',
    atd: today,
  };
  version = (await request('PATCH /orders/{id}/shipment', () => updateShipment(operations, id, { ...shipment, version }, body(version)))).version;
  await request('POST /orders/{id}/validate-transition', () => validateOrderTransition(operations, id, 'Shipped'));
  await move(operations, 'Shipped');
  version = (await request('PATCH /orders/{id}/shipment ata', () => updateShipment(operations, id, { ata: today, version }, body(version)))).version;
  await move(operations, 'Delivered');
  await request('POST /orders/{id}/documents proforma-invoice', () => generateOrderDocument(accountant, id, { type: 'proforma-invoice' }));
  await request('GET /orders/{id}/documents', () => listOrderDocuments(operations, id));
  await request('GET /orders/{id}', () => getOrder(admin, id, 'http://localhost'));
  const notifications = await request('GET /orders/{id}/notifications', () => listOrderNotifications(admin, id));
  await request('GET /audit', () => listAudit(admin, { entity: 'order', id, limit: 50 }));

  const messagesByAudience: Record<string, number> = {};
  for (const message of notifications) messagesByAudience[message.audience] = (messagesByAudience[message.audience] ?? 0) + 1;
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { Items } = await ddb.send(
    new QueryCommand({ TableName: process.env.TABLE_NAME!, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORDER#${id}` } }),
  );
  const orderItems = (Items ?? []).filter((item) => String(item.sk).startsWith('ORDER'));
  renderer.close();
  const result: WalkResult = {
    requests: steps.length,
    consumerEvents,
    request: totals.request,
    consumer: totals.consumer,
    priced,
    localChatLog,
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
