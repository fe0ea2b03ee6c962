/**
 * `keys create`, `keys list`, `keys revoke`, `keys rotate`: through the same use cases as the
 * API's /api/v1/api-keys routes, acting as platform staff (STAFF_TOOL). With --target aws also
 * the API Gateway copy of the key, on the usage plan given with --plan.
 */
import { STAFF_TOOL, type RateLimit, type Role } from '../../../lib/domain/caller.js';
import { PLATFORM_SCOPE } from '../../../lib/domain/scope.js';
import {
  disableGatewayKey,
  registerGatewayKey,
  USAGE_PLANS,
  usagePlanName,
  type UsagePlanName,
} from '../../../lib/gateway/keys.js';
import { cliGateway } from '../gateway.js';
import { allRoutes } from '../../../lib/schemas/index.js';
import { routeKeyOf } from '../../../lib/schemas/route.js';
import type { Tenant } from '../../../lib/store/tenants.js';
import type { ApiKeyView } from '../../../lib/use-cases/api-keys.js';
import type { UserView } from '../../../lib/use-cases/users.js';
import {
  FailedError,
  isoInstant,
  list,
  owner,
  positiveInteger,
  requiredOwner,
  role,
  shortText,
  text,
  UsageError,
  type Args,
} from '../args.js';
import { knownTenant, notFoundAs, type CommandEntries, type Context } from '../command.js';
import { emit, table } from '../output.js';

/** The use cases read and write the table, so they are loaded (after applyTarget) only by these commands. */
const loadKeys = () => import('../../../lib/use-cases/api-keys.js');
const loadUsers = () => import('../../../lib/use-cases/users.js');

const KNOWN_ROUTE_KEYS = new Set(allRoutes.filter((c) => !c.public).map(routeKeyOf));
const GRACE_HOURS_DEFAULT = 24;
const GRACE_HOURS_MAX = 30 * 24;

const noKey = (id: string) => `no API key with id "${id}" (see \`cli keys list\`)`;

/** Route keys exactly as API Gateway names them, so a typo fails here and not on the key's first call. Undefined: every route the role may call. */
function allowedRoutes(args: Args): string[] | undefined {
  const given = text(args.values, 'routes');
  if (given === undefined) return undefined;
  const routes = list('routes', given);
  const unknown = routes.filter((route) => route !== '*' && !KNOWN_ROUTE_KEYS.has(route));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown route ${unknown.map((r) => `"${r}"`).join(', ')}; routes: ${[...KNOWN_ROUTE_KEYS].join(', ')}, or *`,
    );
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

function expiresAtOf(args: Args): string | undefined {
  const given = text(args.values, 'expires-at');
  if (given === undefined) return undefined;
  const expiresAt = isoInstant('expires-at', given);
  if (Date.parse(expiresAt) <= Date.now()) throw new UsageError(`--expires-at must be in the future, got "${given}"`);
  return expiresAt;
}

function usagePlanOf(args: Args): UsagePlanName {
  const plan = text(args.values, 'plan') ?? 'standard';
  if (!(USAGE_PLANS as readonly string[]).includes(plan))
    throw new UsageError(`--plan must be one of ${USAGE_PLANS.join(', ')}, got "${plan}"`);
  return plan as UsagePlanName;
}

function graceHoursOf(args: Args): number {
  const given = text(args.values, 'grace-hours');
  if (given === undefined) return GRACE_HOURS_DEFAULT;
  if (!/^\d{1,4}$/.test(given) || Number(given) > GRACE_HOURS_MAX) {
    throw new UsageError(
      `--grace-hours must be a whole number of hours from 0 to ${GRACE_HOURS_MAX} (30 days), got "${given}"`,
    );
  }
  return Number(given);
}

/** Whom a new key is for: a registered user (role and tenant are the user's), or a role of a tenant or of the platform. */
interface Holder {
  role: Role;
  tenant?: Tenant;
  /** The tenant id as the key will carry it (the user's, even if its tenant record could not be read). */
  tenantId?: string;
  user?: UserView;
}

async function holderOf(args: Args, ctx: Context): Promise<Holder> {
  const roleFlag = text(args.values, 'role');
  const givenRole = roleFlag === undefined || roleFlag === '' ? undefined : role('role', roleFlag);
  const userId = text(args.values, 'user-id');
  if (userId === undefined) {
    if (givenRole === undefined)
      throw new UsageError(
        '"keys create" needs --role, or --user-id for the key of a registered user (see `cli help`)',
      );
    const who = requiredOwner(args, 'a key');
    const tenant = 'tenantId' in who ? await knownTenant(ctx, who.tenantId) : undefined;
    return { role: givenRole, ...(tenant ? { tenant, tenantId: tenant.id } : {}) };
  }
  if (userId === '') throw new UsageError('--user-id needs a user id (see `cli users list`)');
  const who = owner(args);
  const { getUser } = await loadUsers();
  const user = await getUser(STAFF_TOOL, userId).catch(
    notFoundAs(`no user with id "${userId}" (see \`cli users list\`)`, UsageError),
  );
  if (givenRole !== undefined && givenRole !== user.role) {
    throw new UsageError(
      `--role ${givenRole} does not match user ${user.id}, who is a ${user.role}: a user's key takes the user's role (leave --role out)`,
    );
  }
  const ofUser = user.tenantId === undefined ? 'platform staff' : `of tenant ${user.tenantId}`;
  if (who && ('platform' in who ? user.tenantId !== undefined : who.tenantId !== user.tenantId)) {
    throw new UsageError(
      `${'platform' in who ? '--platform' : `--tenant ${who.tenantId}`} does not match user ${user.id}, who is ${ofUser}: a user's key takes the user's tenant (leave it out)`,
    );
  }
  const tenant = user.tenantId === undefined ? undefined : await ctx.store.getTenant(user.tenantId);
  return {
    role: user.role,
    user,
    ...(user.tenantId === undefined ? {} : { tenantId: user.tenantId }),
    ...(tenant ? { tenant } : {}),
  };
}

const limitsText = (limit: Partial<RateLimit> | undefined): string =>
  limit
    ? Object.entries(limit)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')
    : 'the stage defaults';

/** What a key is, as human lines; names of its tenant and user when known, ids otherwise. */
function keyLines(key: ApiKeyView, names: { tenant?: string; user?: string } = {}): string[] {
  const tenant =
    key.tenantId === undefined
      ? '(platform: every tenant)'
      : names.tenant
        ? `${names.tenant} (${key.tenantId})`
        : key.tenantId;
  const user = key.userId === undefined ? '(none)' : names.user ? `${names.user} (${key.userId})` : key.userId;
  return [
    `  role     ${key.role}`,
    `  tenant   ${tenant}`,
    `  user     ${user}`,
    `  routes   ${key.allowedRoutes.join(', ') || '(none)'}`,
    `  limits   ${limitsText(key.rateLimit)}`,
    `  expires  ${key.expiresAt ?? 'never'}`,
  ];
}

const ONCE_WARNING =
  'This is the only time the key is shown: it cannot be shown again (only its SHA-256 hash is stored). Copy it now.';

/** API Gateway checks the key of a private route itself: in AWS the same value is registered with a usage plan. */
async function registerInGateway(
  ctx: Context,
  key: { key: string; apiKey: ApiKeyView },
  plan: UsagePlanName,
): Promise<string[]> {
  const target = ctx.target.target;
  if (target.kind !== 'aws') return [];
  const registered = await registerGatewayKey(cliGateway(target.region), {
    keyId: key.apiKey.id,
    value: key.key,
    stage: target.stage,
    plan,
    description: key.apiKey.name,
  });
  return [
    `Registered with API Gateway as key ${registered.gatewayKeyId} on usage plan ${usagePlanName(plan, target.stage)}.`,
  ];
}

async function createKeyCommand(args: Args, ctx: Context): Promise<void> {
  const nameFlag = text(args.values, 'name');
  const name = nameFlag === undefined || nameFlag === '' ? undefined : shortText('name', nameFlag);
  const routes = allowedRoutes(args);
  const limit = rateLimit(args);
  const expiresAt = expiresAtOf(args);
  const plan = usagePlanOf(args);
  const holder = await holderOf(args, ctx);

  const { issueApiKey } = await loadKeys();
  const issued = await issueApiKey(STAFF_TOOL, {
    name: name ?? `${holder.role} key for ${holder.user?.name ?? holder.tenant?.name ?? 'platform staff'}`,
    // A user's key takes the user's role: the use case refuses a marketer or inspector key without one.
    ...(holder.user ? { userId: holder.user.id } : { role: holder.role }),
    ...(holder.tenantId === undefined ? {} : { tenantId: holder.tenantId }),
    ...(routes ? { allowedRoutes: routes } : {}),
    ...(limit ? { rateLimit: limit } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  });
  const notes = await registerInGateway(ctx, issued, plan);
  const { key, apiKey } = issued;
  emit(ctx, { key, warning: ONCE_WARNING, notes, record: apiKey }, [
    `Created API key ${apiKey.id} "${apiKey.name}"`,
    ...keyLines(apiKey, {
      ...(holder.tenant ? { tenant: holder.tenant.name } : {}),
      ...(holder.user ? { user: holder.user.name } : {}),
    }),
    '',
    `  X-API-Key: ${key}`,
    '',
    ONCE_WARNING,
    ...notes,
  ]);
}

type KeyStatus = 'active' | 'revoked' | 'disabled' | 'expired' | 'rotated';

/** Whether the key still works, and if not why; a rotated key works until its grace period ends. */
function statusOf(key: ApiKeyView, now = Date.now()): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.disabledAt) return 'disabled';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  if (key.rotatedTo) return 'rotated';
  return 'active';
}

async function listKeysCommand(args: Args, ctx: Context): Promise<void> {
  const tenantId = text(args.values, 'tenant');
  if (tenantId === '') throw new UsageError('--tenant needs a tenant id');
  if (tenantId !== undefined) await knownTenant(ctx, tenantId);
  const { listApiKeys } = await loadKeys();
  const keys = (await listApiKeys(STAFF_TOOL, tenantId === undefined ? {} : { tenantId })).map((k) => ({
    ...k,
    status: statusOf(k),
  }));
  const rows = keys.map((k) => [
    k.id,
    k.name,
    `${k.prefix}…`,
    k.role,
    k.tenantId ?? '(platform)',
    k.userId ?? '-',
    k.allowedRoutes.includes('*') ? '*' : String(k.allowedRoutes.length),
    k.status === 'rotated' ? `rotated to ${k.rotatedTo}` : k.status,
    k.createdAt,
    k.expiresAt ?? '-',
    k.lastUsedAt ?? '-',
    k.revokedAt ?? k.disabledAt ?? '-',
  ]);
  emit(
    ctx,
    keys,
    table(
      [
        'id',
        'name',
        'key prefix',
        'role',
        'tenant',
        'user',
        'routes',
        'status',
        'created',
        'expires',
        'last used',
        'revoked/disabled',
      ],
      rows,
    ),
  );
}

async function revokeKeyCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  // Read first only to tell a second revocation apart (the use case answers both alike).
  const existing = await ctx.store.getApiKey(PLATFORM_SCOPE, id);
  if (!existing) throw new FailedError(noKey(id));
  const alreadyRevoked = existing.revokedAt !== undefined;
  const { revokeApiKey } = await loadKeys();
  const { revokedAt } = await revokeApiKey(STAFF_TOOL, id).catch(notFoundAs(noKey(id)));
  const target = ctx.target.target;
  if (target.kind === 'aws') await disableGatewayKey(cliGateway(target.region), id);
  emit(ctx, { id, revokedAt, alreadyRevoked }, [
    alreadyRevoked
      ? `API key ${id} was already revoked at ${revokedAt}.`
      : `Revoked API key ${id} "${existing.name}" at ${revokedAt}.`,
    // Warm API containers notice the revocation stamp within seconds (lib/use-cases/shared/api-key-cache.ts).
    'API containers that used it recently may accept it for up to 5 seconds more.',
  ]);
}

async function rotateKeyCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const graceHours = graceHoursOf(args);
  const plan = usagePlanOf(args);
  const { rotateApiKey } = await loadKeys();
  const rotated = await rotateApiKey(STAFF_TOOL, id, graceHours * 3600).catch(notFoundAs(noKey(id)));
  const notes = await registerInGateway(ctx, rotated, plan);
  const { key, apiKey, previous } = rotated;
  if (ctx.target.target.kind === 'aws') {
    notes.push(
      `API Gateway keeps its copy of ${id} enabled; the API refuses the key after ${previous.expiresAt}, and \`cli keys revoke ${id}\` disables the gateway copy too.`,
    );
  }
  emit(ctx, { key, warning: ONCE_WARNING, notes, record: apiKey, previous }, [
    `Rotated API key ${id} "${previous.name}": its replacement is ${apiKey.id}`,
    ...keyLines(apiKey),
    '',
    `  X-API-Key: ${key}`,
    '',
    ONCE_WARNING,
    `The old key ${id} keeps working until ${previous.expiresAt}, then expires.`,
    ...notes,
  ]);
}

const PLAN_OPTION = { plan: { type: 'string' } } as const;

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
        'expires-at': { type: 'string' },
        ...PLAN_OPTION,
      },
      positionals: [],
      run: createKeyCommand,
    },
  ],
  ['keys list', { options: { tenant: { type: 'string' } }, positionals: [], run: listKeysCommand }],
  ['keys revoke', { options: {}, positionals: ['id'], run: revokeKeyCommand }],
  [
    'keys rotate',
    { options: { 'grace-hours': { type: 'string' }, ...PLAN_OPTION }, positionals: ['id'], run: rotateKeyCommand },
  ],
];
