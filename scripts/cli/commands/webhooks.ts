/**
 * `webhooks create|list|show|update|disable|enable|rotate|test|deliveries|replay`: an
 * integrator's webhook endpoints, through the same use cases as /api/v1/webhook-endpoints,
 * acting as platform staff (STAFF_TOOL) on the tenant named.
 */
import { STAFF_TOOL } from '../../../lib/domain/caller.js';
import { EVENT_TYPES, isEventType, type EventType } from '../../../lib/domain/integrator-events.js';
import { isoInstant, list, required, text, UsageError, type Args } from '../args.js';
import { knownTenant, notFoundAs, type CommandEntries, type Context } from '../command.js';
import { emit, table } from '../output.js';

/** The use cases read and write the table, so they are loaded (after applyTarget) only by these commands. */
const loadEndpoints = () => import('../../../lib/use-cases/webhooks/endpoints.js');
const loadDeliveries = () => import('../../../lib/use-cases/webhooks/deliveries.js');

const noEndpoint = (id: string) => `no webhook endpoint with id "${id}" (see \`cli webhooks list --tenant ID\`)`;

function eventTypes(args: Args): EventType[] | undefined {
  const given = text(args.values, 'events');
  if (given === undefined) return undefined;
  if (given === '*') return [];
  const types = list('events', given);
  const unknown = types.filter((t) => !isEventType(t));
  if (unknown.length > 0)
    throw new UsageError(
      `unknown event type ${unknown.map((t) => `"${t}"`).join(', ')}; types: ${EVENT_TYPES.join(', ')}, or *`,
    );
  return types as EventType[];
}

type EndpointView = Awaited<ReturnType<Awaited<ReturnType<typeof loadEndpoints>>['getWebhookEndpoint']>>;

const describe = (e: EndpointView): string[] => [
  `${e.id}  ${e.url}`,
  `  tenant ${e.tenantId ?? '(platform)'}; events ${e.eventTypes.length === 0 ? 'all' : e.eventTypes.join(', ')}; ${e.enabled ? 'enabled' : `DISABLED (${e.disabledReason ?? 'manual'}) since ${e.disabledAt ?? '?'}`}`,
  `  secret ${e.secretPrefix}...; failing since ${e.failingSince ?? '-'}; consecutive failures ${e.consecutiveFailures}; last success ${e.lastSuccessAt ?? '-'}`,
];

async function createCommand(args: Args, ctx: Context): Promise<void> {
  const tenantId = required(args, 'tenant');
  await knownTenant(ctx, tenantId);
  const types = eventTypes(args);
  const description = text(args.values, 'description');
  const { createWebhookEndpoint } = await loadEndpoints();
  const created = await createWebhookEndpoint(STAFF_TOOL, {
    url: required(args, 'url'),
    tenantId,
    ...(types ? { eventTypes: types } : {}),
    ...(description ? { description } : {}),
  });
  emit(ctx, created, [
    ...describe(created.endpoint),
    '',
    `Signing secret (shown once; give it to the receiver): ${created.secret}`,
  ]);
}

async function listCommand(args: Args, ctx: Context): Promise<void> {
  const tenantId = required(args, 'tenant');
  await knownTenant(ctx, tenantId);
  const { listWebhookEndpoints } = await loadEndpoints();
  const endpoints = await listWebhookEndpoints(STAFF_TOOL, tenantId);
  const rows = endpoints.map((e) => [
    e.id,
    e.url,
    e.eventTypes.length === 0 ? 'all' : e.eventTypes.join(','),
    e.enabled ? 'enabled' : `disabled (${e.disabledReason})`,
    e.failingSince ?? '-',
    e.lastSuccessAt ?? '-',
  ]);
  emit(
    ctx,
    endpoints,
    rows.length === 0
      ? ['No webhook endpoints.']
      : table(['id', 'url', 'events', 'state', 'failing since', 'last success'], rows),
  );
}

async function showCommand(args: Args, ctx: Context): Promise<void> {
  const id = args.positionals[0]!;
  const { getWebhookEndpoint } = await loadEndpoints();
  const endpoint = await getWebhookEndpoint(STAFF_TOOL, id).catch(notFoundAs(noEndpoint(id)));
  emit(ctx, endpoint, describe(endpoint));
}

async function updateCommand(args: Args, ctx: Context, enabled?: boolean): Promise<void> {
  const id = args.positionals[0]!;
  const types = eventTypes(args);
  const url = text(args.values, 'url');
  const description = text(args.values, 'description');
  const change = {
    ...(url ? { url } : {}),
    ...(types ? { eventTypes: types } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(enabled !== undefined ? { enabled } : {}),
  };
  if (Object.keys(change).length === 0)
    throw new UsageError('nothing to change: give --url, --events or --description');
  const { updateWebhookEndpoint } = await loadEndpoints();
  const endpoint = await updateWebhookEndpoint(STAFF_TOOL, id, change).catch(notFoundAs(noEndpoint(id)));
  emit(ctx, endpoint, describe(endpoint));
}

/** Deletes an endpoint: nothing more is sent to it; its delivery log stays readable (`webhooks deliveries`). */
async function deleteCommand(args: Args, ctx: Context): Promise<void> {
  const id = args.positionals[0]!;
  const { deleteWebhookEndpoint } = await loadEndpoints();
  const deleted = await deleteWebhookEndpoint(STAFF_TOOL, id).catch(notFoundAs(noEndpoint(id)));
  emit(ctx, deleted, [
    `Deleted ${deleted.id} (${deleted.url}) at ${deleted.deletedAt}: nothing more is sent to it; queued deliveries are cancelled, and its delivery log stays readable (\`webhooks deliveries ${deleted.id}\`).`,
  ]);
}

async function rotateCommand(args: Args, ctx: Context): Promise<void> {
  const id = args.positionals[0]!;
  const hours = text(args.values, 'grace-hours');
  if (hours !== undefined && (!/^\d{1,3}$/.test(hours) || Number(hours) > 168))
    throw new UsageError(`--grace-hours must be a whole number from 0 to 168 (7 days), got "${hours}"`);
  const { rotateWebhookSecret } = await loadEndpoints();
  const rotated = await rotateWebhookSecret(
    STAFF_TOOL,
    id,
    hours === undefined ? undefined : Number(hours) * 3600,
  ).catch(notFoundAs(noEndpoint(id)));
  emit(ctx, rotated, [
    ...describe(rotated.endpoint),
    '',
    `New signing secret (shown once): ${rotated.secret}`,
    `The old one signs too until ${rotated.endpoint.previousSecretExpiresAt ?? 'now (no grace period)'}.`,
  ]);
}

async function testCommand(args: Args, ctx: Context): Promise<void> {
  const id = args.positionals[0]!;
  const { testWebhookEndpoint } = await loadEndpoints();
  const delivery = await testWebhookEndpoint(STAFF_TOOL, id).catch(notFoundAs(noEndpoint(id)));
  const attempt = delivery.attemptLog[0];
  emit(ctx, delivery, [
    `${delivery.status === 'delivered' ? 'Delivered' : 'FAILED'}: ${delivery.id} answered ${attempt?.statusCode ?? attempt?.error ?? '?'} in ${attempt?.latencyMs ?? '?'} ms`,
  ]);
}

async function deliveriesCommand(args: Args, ctx: Context): Promise<void> {
  const id = args.positionals[0]!;
  const since = text(args.values, 'since');
  const { listWebhookDeliveries } = await loadDeliveries();
  const page = await listWebhookDeliveries(STAFF_TOOL, id, {
    limit: 100,
    ...(args.values.failed === true ? { status: 'failed' as const } : {}),
    ...(since ? { since: isoInstant('since', since) } : {}),
  }).catch(notFoundAs(noEndpoint(id)));
  const rows = page.data.map((d) => {
    const last = d.attemptLog.at(-1);
    return [
      d.id,
      d.eventType,
      d.eventTimestamp,
      d.status,
      String(d.attempts),
      last ? `${last.statusCode ?? last.error ?? '-'} (${last.latencyMs} ms)` : '-',
      d.nextAttemptAt ?? '-',
    ];
  });
  emit(
    ctx,
    page.data,
    rows.length === 0
      ? ['No deliveries.']
      : table(['event id', 'type', 'event time', 'status', 'attempts', 'last answer', 'next attempt'], rows),
  );
}

async function replayCommand(args: Args, ctx: Context): Promise<void> {
  const id = args.positionals[0]!;
  const delivery = text(args.values, 'delivery');
  const since = text(args.values, 'since');
  if ((delivery === undefined) === (since === undefined))
    throw new UsageError('give either --delivery <event id> or --since <instant> (every failed delivery since then)');
  const { replayFailedWebhooks, replayWebhookDelivery } = await loadDeliveries();
  if (delivery !== undefined) {
    const replayed = await replayWebhookDelivery(STAFF_TOOL, id, delivery).catch(
      notFoundAs(`no delivery ${delivery} of endpoint ${id}`),
    );
    emit(ctx, replayed, [`Delivery ${delivery} is due again.`]);
    return;
  }
  const result = await replayFailedWebhooks(STAFF_TOOL, id, isoInstant('since', since!)).catch(
    notFoundAs(noEndpoint(id)),
  );
  emit(ctx, result, [`${result.replayed} failed deliveries are due again.`]);
}

const endpointFlags = { url: { type: 'string' }, events: { type: 'string' }, description: { type: 'string' } } as const;

export const webhookCommands: CommandEntries = [
  [
    'webhooks create',
    { options: { tenant: { type: 'string' }, ...endpointFlags }, positionals: [], run: createCommand },
  ],
  ['webhooks list', { options: { tenant: { type: 'string' } }, positionals: [], run: listCommand }],
  ['webhooks show', { options: {}, positionals: ['endpointId'], run: showCommand }],
  [
    'webhooks update',
    { options: endpointFlags, positionals: ['endpointId'], run: (args, ctx) => updateCommand(args, ctx) },
  ],
  [
    'webhooks disable',
    { options: {}, positionals: ['endpointId'], run: (args, ctx) => updateCommand(args, ctx, false) },
  ],
  ['webhooks enable', { options: {}, positionals: ['endpointId'], run: (args, ctx) => updateCommand(args, ctx, true) }],
  ['webhooks delete', { options: {}, positionals: ['endpointId'], run: deleteCommand }],
  [
    'webhooks rotate',
    { options: { 'grace-hours': { type: 'string' } }, positionals: ['endpointId'], run: rotateCommand },
  ],
  ['webhooks test', { options: {}, positionals: ['endpointId'], run: testCommand }],
  [
    'webhooks deliveries',
    {
      options: { failed: { type: 'boolean' }, since: { type: 'string' } },
      positionals: ['endpointId'],
      run: deliveriesCommand,
    },
  ],
  [
    'webhooks replay',
    {
      options: { delivery: { type: 'string' }, since: { type: 'string' } },
      positionals: ['endpointId'],
      run: replayCommand,
    },
  ],
];
