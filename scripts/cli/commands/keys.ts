/** `keys create`, `keys list`, `keys revoke`; with --target aws also the API Gateway copy of the key. */
import { isRole, ROLES, type RateLimit, type Role } from '../../../lib/domain/caller.js';
import { defaultAllowedRoutes } from '../../../lib/domain/role-routes.js';
import { allRoutes } from '../../../lib/schemas/index.js';
import { routeKeyOf } from '../../../lib/schemas/route.js';
import type { ApiKeyRecord } from '../../../lib/store/api-keys.js';
import { FailedError, list, positiveInteger, required, shortText, text, UsageError, type Args } from '../args.js';
import type { CommandEntries, Context } from '../command.js';
import { disableGatewayKey, gatewayClient, registerGatewayKey, USAGE_PLANS, usagePlanName, type UsagePlanName } from '../gateway-keys.js';
import { emit, table } from '../output.js';

const ROUTES = allRoutes.map((c) => ({ method: c.method, path: c.path, roles: c.roles, public: c.public }));
const KNOWN_ROUTE_KEYS = new Set(allRoutes.filter((c) => !c.public).map(routeKeyOf));

/** Route keys exactly as API Gateway names them, so a typo fails here and not on the key's first call. */
function allowedRoutes(args: Args, role: Role): string[] {
  const given = text(args.values, 'routes');
  if (given === undefined) return defaultAllowedRoutes(role, ROUTES);
  const routes = list('routes', given);
  const unknown = routes.filter((route) => route !== '*' && !KNOWN_ROUTE_KEYS.has(route));
  if (unknown.length > 0) {
    throw new UsageError(`unknown route ${unknown.map((r) => `"${r}"`).join(', ')}; routes: ${[...KNOWN_ROUTE_KEYS].join(', ')}, or *`);
  }
  return routes;
}

function rateLimit(args: Args): Partial<RateLimit> | undefined {
  const flags = { rps: 'rps', burst: 'burst', quotaPerDay: 'quota-per-day' } as const;
  const limit: Partial<RateLimit> = {};
  for (const [field, flag] of Object.entries(flags) as Array<[keyof RateLimit, string]>) {
    const value = text(args.values, flag);
    if (value !== undefined) limit[field] = positiveInteger(flag, value);
  }
  return Object.keys(limit).length > 0 ? limit : undefined;
}

interface KeyInput {
  role: Role;
  tenantId?: string;
  userId?: string;
  name?: string;
  allowedRoutes: string[];
  rateLimit?: Partial<RateLimit>;
}

function keyInput(args: Args): KeyInput {
  const role = required(args, 'role');
  if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}, got "${role}"`);
  const tenantId = text(args.values, 'tenant');
  const platform = args.values.platform === true;
  if (tenantId !== undefined && platform) throw new UsageError('give either --tenant ID or --platform, not both');
  if (tenantId === undefined && !platform) throw new UsageError('"keys create" needs --tenant ID (a tenant\'s key) or --platform (platform staff, every tenant)');
  if (tenantId === '') throw new UsageError('--tenant needs a tenant id');
  const userId = text(args.values, 'user-id');
  if (userId !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(userId)) throw new UsageError(`--user-id must be an id (letters, digits, _ or -), got "${userId}"`);
  const name = text(args.values, 'name');
  return {
    role,
    tenantId,
    userId,
    name: name === undefined ? undefined : shortText('name', name),
    allowedRoutes: allowedRoutes(args, role),
    rateLimit: rateLimit(args),
  };
}

/** What listings show of a key: never the hash, and of the key itself only the stored prefix. */
function keyView(record: ApiKeyRecord) {
  const { id, name, prefix, role, tenantId, userId, allowedRoutes, rateLimit, createdAt, revokedAt } = record;
  return { id, name, prefix, role, tenantId, userId, allowedRoutes, rateLimit, createdAt, revokedAt };
}

const limitsText = (limit: Partial<RateLimit> | undefined): string =>
  limit ? Object.entries(limit).map(([name, value]) => `${name} ${value}`).join(', ') : 'the stage defaults';

const ONCE_WARNING = 'This is the only time the key is shown: it cannot be shown again (only its SHA-256 hash is stored). Copy it now.';

function usagePlanOf(args: Args): UsagePlanName {
  const plan = text(args.values, 'plan') ?? 'standard';
  if (!(USAGE_PLANS as readonly string[]).includes(plan)) throw new UsageError(`--plan must be one of ${USAGE_PLANS.join(', ')}, got "${plan}"`);
  return plan as UsagePlanName;
}

async function createKeyCommand(args: Args, ctx: Context): Promise<void> {
  const input = keyInput(args);
  const plan = usagePlanOf(args);
  const tenant = input.tenantId === undefined ? undefined : await ctx.store.getTenant(input.tenantId);
  if (input.tenantId !== undefined && !tenant) throw new UsageError(`no tenant with id "${input.tenantId}" (see \`cli tenants list\`)`);
  const name = input.name ?? `${input.role} key for ${tenant ? tenant.name : 'platform staff'}`;
  const { key, record } = await ctx.store.createApiKey({ ...input, name });

  const target = ctx.target.target;
  const notes: string[] = [];
  if (target.kind === 'aws') {
    // API Gateway checks the key of a private route itself: register the same value with its usage plan.
    const registered = await registerGatewayKey(gatewayClient(target.region), { keyId: record.id, value: key, stage: target.stage, plan, description: name });
    notes.push(`Registered with API Gateway as key ${registered.gatewayKeyId} on usage plan ${usagePlanName(plan, target.stage)}.`);
  }
  emit(ctx, { key, warning: ONCE_WARNING, notes, record: keyView(record) }, [
    `Created API key ${record.id} "${record.name}"`,
    `  role     ${record.role}`,
    `  tenant   ${tenant ? `${tenant.name} (${tenant.id})` : '(platform: every tenant)'}`,
    `  routes   ${record.allowedRoutes.join(', ') || '(none)'}`,
    `  limits   ${limitsText(record.rateLimit)}`,
    '',
    `  X-API-Key: ${key}`,
    '',
    ONCE_WARNING,
    ...notes,
  ]);
}

async function listKeysCommand(_args: Args, ctx: Context): Promise<void> {
  const keys = (await ctx.store.listApiKeys()).map(keyView);
  const rows = keys.map((k) => [
    k.id,
    k.name,
    `${k.prefix}…`,
    k.role,
    k.tenantId ?? '(platform)',
    k.allowedRoutes.includes('*') ? '*' : String(k.allowedRoutes.length),
    k.createdAt,
    k.revokedAt ?? '-',
  ]);
  emit(ctx, keys, table(['id', 'name', 'key prefix', 'role', 'tenant', 'routes', 'created', 'revoked'], rows));
}

async function revokeKeyCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const existing = (await ctx.store.listApiKeys()).find((k) => k.id === id);
  if (!existing) throw new FailedError(`no API key with id "${id}" (see \`cli keys list\`)`);
  const alreadyRevoked = existing.revokedAt !== undefined;
  if (!alreadyRevoked && !(await ctx.store.revokeApiKey(id))) throw new FailedError(`the API key "${id}" disappeared while revoking it`);
  const revokedAt = (await ctx.store.getApiKeyByHash(existing.hash))?.revokedAt ?? existing.revokedAt;
  const target = ctx.target.target;
  if (target.kind === 'aws') await disableGatewayKey(gatewayClient(target.region), id);
  emit(ctx, { id, revokedAt, alreadyRevoked }, [
    alreadyRevoked ? `API key ${id} was already revoked at ${revokedAt}.` : `Revoked API key ${id} "${existing.name}" at ${revokedAt}.`,
    // Warm API containers cache key records (API_KEY_CACHE_SECONDS, lib/http/auth.ts).
    'API containers that used it recently may accept it for up to a minute more.',
  ]);
}

export const keyCommands: CommandEntries = [
  [
    'keys create',
    {
      options: {
        role: { type: 'string' },
        tenant: { type: 'string' },
        platform: { type: 'boolean' },
        routes: { type: 'string' },
        'user-id': { type: 'string' },
        name: { type: 'string' },
        rps: { type: 'string' },
        burst: { type: 'string' },
        'quota-per-day': { type: 'string' },
        plan: { type: 'string' },
      },
      positionals: [],
      run: createKeyCommand,
    },
  ],
  ['keys list', { options: {}, positionals: [], run: listKeysCommand }],
  ['keys revoke', { options: {}, positionals: ['id'], run: revokeKeyCommand }],
];
