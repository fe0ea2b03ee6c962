/**
 * Staff CLI: creates tenants, issues and revokes API keys, sets exchange rates, writing straight
 * to the DynamoDB table (these are platform-staff operations, deliberately not part of the API).
 *
 *   npm run -s cli -- <command> [flags]        (-s keeps npm's banner out of --json output)
 *
 * Targets the stack of `npm start` unless told `--target aws --stage <stage>`.
 * Exit codes: 0 done; 1 the operation failed (subdomain taken, unknown key, DynamoDB unreachable);
 * 2 bad arguments, in which case nothing has been written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { routeKeyOf } from '../lib/schemas/route.js';
import { allRoutes } from '../lib/schemas/index.js';
import { PROVIDERS } from '../lib/domain/car.js';
import { isRole, ROLES, type RateLimit, type Role } from '../lib/domain/caller.js';
import { defaultAllowedRoutes } from '../lib/domain/role-routes.js';
import type { ApiKeyRecord } from '../lib/store/api-keys.js';
import type { FxRate } from '../lib/store/fx-rates.js';
import type { Tenant } from '../lib/store/tenants.js';
import { disableGatewayKey, gatewayClient, registerGatewayKey, USAGE_PLANS, usagePlanName, type UsagePlanName } from './cli/gateway-keys.js';

const USAGE = `Staff CLI of the Vehicle Purchase Order Service: tenants, API keys, exchange rates and the car catalogue.

Usage: npm run -s cli -- <command> [flags]

Commands:
  tenants create --name N --subdomain S --markup 1.08 [--providers glovis,kcar] [--published-only]
  tenants list
  keys create    --role R (--tenant ID | --platform) [--routes "GET /api/v1/customers/{id},POST /api/v1/customers"]
                 [--user-id ID] [--name N] [--rps N] [--burst N] [--quota-per-day N] [--plan standard|partner]
                 (with --target aws the key is also registered with API Gateway on that usage plan)
  keys list
  keys revoke <id>
  rates set      --from KRW --to USD --rate 0.00072 [--source S] [--as-of 2026-11-01T00:00:00Z]
  rates list
  outbox parked                        side effects (notifications, archival) that failed every retry
  outbox replay <eventId>              try a parked side effect again
  archive retry <orderId>              copy an order's car pictures to the bucket again after a failure
  catalogue import <file.ndjson>       upsert cars by provider + advertisementNumber; bad lines are reported and skipped
  catalogue generate --count N [--seed S] [--out file.ndjson] [--image-base-url URL]
                                       write a realistic synthetic catalogue as NDJSON (stdout without --out)
  chat outbox [--limit N]              the local stack's sent chat messages, newest first (default 20, at most 200)
  help

Flags of every command:
  --json                 print machine-readable JSON only
  --target local|aws     local (default): the stack of \`npm start\` (DynamoDB on DYNAMODB_PORT, default 8000)
  --stage S              with --target aws: the table vehicle-purchase-orders-<S>, AWS credentials from the environment
  --region R             with --target aws (default eu-west-1, as in serverless.yml)

Roles: ${ROLES.join(', ')}.
--providers defaults to every auction provider; --routes defaults to every route the role may call (admin: *).
A new key is printed once only. Exit codes: 0 done, 1 failed, 2 bad arguments (nothing written).`;

// ---------------------------------------------------------------------------------------------
// Errors and output
// ---------------------------------------------------------------------------------------------

/** Bad arguments: exit code 2. Always thrown before anything is written. */
class UsageError extends Error {}

/** The operation itself failed (subdomain taken, no such key): exit code 1. */
class FailedError extends Error {}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();

function table(headers: string[], rows: string[][]): string[] {
  if (rows.length === 0) return ['(none)'];
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

// ---------------------------------------------------------------------------------------------
// Target: which table the store modules talk to
// ---------------------------------------------------------------------------------------------

type Target = { kind: 'local' } | { kind: 'aws'; stage: string; region: string };

interface TargetInfo {
  target: Target;
  /** Shown in human output and error messages, e.g. "DynamoDB Local at http://127.0.0.1:8000". */
  description: string;
  /** The one line printed when DynamoDB does not answer. */
  unreachable: string;
}

/** Must match the names scripts/local/stack.ts gives the table and bucket of `npm start`. */
const LOCAL_TABLE = 'vehicle-purchase-orders-local';
const LOCAL_BUCKET = 'vehicle-purchase-orders-local-archive';
const AWS_DEFAULT_REGION = 'eu-west-1';

/**
 * Mirrors localEnvironment() of scripts/local/bootstrap.ts. Not imported from there: that module
 * creates the S3 client when loaded, before this function could have set the endpoint.
 */
function localStackEnvironment(): Record<string, string> {
  return {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER', // s3rver accepts only its own credentials; DynamoDB Local any
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${process.env.DYNAMODB_PORT || 8000}`,
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${process.env.S3_PORT || 4569}`,
    TABLE_NAME: LOCAL_TABLE,
    BUCKET_NAME: LOCAL_BUCKET,
  };
}

/**
 * Points the environment at the target. Must run before lib/store is imported: the SDK clients
 * read the endpoint, region and credentials from the environment when they are created.
 */
function applyTarget(target: Target): TargetInfo {
  // The Lambdas run on nodejs22.x; the SDK's warning about a local Node 20 would only bury the CLI's own messages.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (target.kind === 'aws') return useAws(target);
  // Already set inside `npm start`'s processes and by the test harness: that stack is the target as is.
  if (!process.env.AWS_ENDPOINT_URL_DYNAMODB) Object.assign(process.env, localStackEnvironment());
  process.env.TABLE_NAME ||= LOCAL_TABLE;
  process.env.AWS_REGION ||= 'us-east-1';
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '';
  return {
    target,
    description: `DynamoDB Local at ${endpoint}, table ${process.env.TABLE_NAME}`,
    unreachable: `Cannot reach DynamoDB Local at ${endpoint}: is \`npm start\` running?`,
  };
}

function useAws(target: Extract<Target, { kind: 'aws' }>): TargetInfo {
  // A local endpoint left in the shell would silently send "aws" writes to a local database.
  const localEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? process.env.AWS_ENDPOINT_URL;
  if (localEndpoint) throw new UsageError(`--target aws, but AWS_ENDPOINT_URL_DYNAMODB/AWS_ENDPOINT_URL is set (${localEndpoint}): unset it first`);
  process.env.AWS_REGION = target.region;
  process.env.TABLE_NAME = `vehicle-purchase-orders-${target.stage}`;
  // serverless.yml's default bucket name; a stage deployed with another bucketName param sets BUCKET_NAME.
  process.env.BUCKET_NAME ||= `vehicle-purchase-orders-${target.stage}-archive`;
  return {
    target,
    description: `AWS ${target.region}, stage ${target.stage}, table ${process.env.TABLE_NAME}`,
    unreachable: `Cannot reach DynamoDB in ${target.region}: check the network and the region`,
  };
}

/** Imported only after applyTarget (see there). */
async function loadStore() {
  const [tenants, apiKeys, fxRates] = await Promise.all([
    import('../lib/store/tenants.js'),
    import('../lib/store/api-keys.js'),
    import('../lib/store/fx-rates.js'),
  ]);
  return { ...tenants, ...apiKeys, ...fxRates };
}

/** The catalogue import needs the S3 client too, so it is loaded (after applyTarget) only by its command. */
const loadImporter = () => import('../lib/catalogue/importer.js');
/** The local chat outbox, likewise loaded (after applyTarget) only by its command. */
const loadOutbox = () => import('../lib/notify/local-outbox.js');
type Store = Awaited<ReturnType<typeof loadStore>>;

// ---------------------------------------------------------------------------------------------
// Argument parsing and value checks (pure: nothing here touches the table)
// ---------------------------------------------------------------------------------------------

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

interface Args {
  command: string;
  values: Values;
  positionals: string[];
}

const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  target: { type: 'string' },
  stage: { type: 'string' },
  region: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies Options;

const text = (values: Values, flag: string): string | undefined => {
  const value = values[flag];
  return typeof value === 'string' ? value.trim() : undefined;
};

function required(args: Args, flag: string): string {
  const value = text(args.values, flag);
  if (!value) throw new UsageError(`"${args.command}" needs --${flag} (see \`cli help\`)`);
  return value;
}

/** Splits "a, b,,c" into ["a","b","c"]; an empty result is an error, since the flag was given on purpose. */
function list(flag: string, value: string): string[] {
  const items = [...new Set(value.split(',').map((item) => item.trim()).filter((item) => item !== ''))];
  if (items.length === 0) throw new UsageError(`--${flag} needs at least one value`);
  return items;
}

const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

/** Decimal strings, never floats: markups and rates are stored as text so no precision is lost. */
function positiveDecimal(flag: string, value: string): string {
  if (!DECIMAL.test(value) || !/[1-9]/.test(value)) throw new UsageError(`--${flag} must be a positive decimal such as 1.08, got "${value}"`);
  return value;
}

function positiveInteger(flag: string, value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`--${flag} must be a positive whole number, got "${value}"`);
  return Number(value);
}

function currency(flag: string, value: string): string {
  if (!/^[A-Z]{3}$/.test(value)) throw new UsageError(`--${flag} must be a currency code of 3 capital letters such as USD, got "${value}"`);
  return value;
}

function shortText(flag: string, value: string, max = 200): string {
  if (value.length > max) throw new UsageError(`--${flag} must be at most ${max} characters`);
  return value;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** Returns the instant in canonical ISO form; Date.parse alone would roll 2026-02-31 over to March. */
function isoInstant(flag: string, value: string): string {
  const match = ISO_DATE_TIME.exec(value);
  const [, year, month, day] = match ?? [];
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const time = Date.parse(value);
  if (!match || Number.isNaN(time) || calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) {
    throw new UsageError(`--${flag} must be an ISO date or date-time such as 2026-11-01T00:00:00Z, got "${value}"`);
  }
  return new Date(time).toISOString();
}

function parseTarget(args: Args): Target {
  const kind = text(args.values, 'target') ?? 'local';
  if (kind === 'local') {
    if (args.values.stage !== undefined || args.values.region !== undefined) throw new UsageError('--stage and --region apply only to --target aws');
    return { kind };
  }
  if (kind !== 'aws') throw new UsageError(`--target must be local or aws, got "${kind}"`);
  const stage = required({ ...args, command: `${args.command} --target aws` }, 'stage');
  if (!/^[a-zA-Z0-9-]{1,32}$/.test(stage)) throw new UsageError(`--stage must be letters, digits and dashes, got "${stage}"`);
  const region = text(args.values, 'region') ?? AWS_DEFAULT_REGION;
  if (!/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/.test(region)) throw new UsageError(`--region must be an AWS region such as eu-west-1, got "${region}"`);
  return { kind, stage, region };
}

/** parseArgs reports a problem in its own words; this names the flag and the command in one line. */
function flagError(error: unknown, command: string): UsageError {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? oneLine(error.message) : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown flag ${quoted} for "${command}" (see \`cli help\`)`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError(`unexpected argument "${quoted}" for "${command}"`);
  return new UsageError(message);
}

function parseFlags(command: string, spec: Command, argv: string[]): Args {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...GLOBAL_OPTIONS, ...spec.options },
      strict: true,
      allowPositionals: spec.positionals.length > 0,
    });
    return { command, values: values as Values, positionals };
  } catch (error) {
    throw flagError(error, command);
  }
}

type Invocation = { help: true } | { help: false; spec: Command; args: Args; json: boolean; target: Target };

/** `<group> <action> [flags]`: the command words come first, flags after them in any order. */
function parseInvocation(argv: string[]): Invocation {
  const [group, action, ...rest] = argv;
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') return { help: true };
  if (group.startsWith('-')) throw new UsageError('put the command first: cli <command> [flags] (see `cli help`)');
  const command = action === undefined || action.startsWith('-') ? group : `${group} ${action}`;
  const spec = COMMANDS.get(command);
  if (!spec) throw new UsageError(`unknown command "${command}"; commands: ${[...COMMANDS.keys()].join(', ')}, help`);
  const args = parseFlags(command, spec, rest);
  if (args.values.help === true) return { help: true };
  if (args.positionals.length !== spec.positionals.length) {
    throw new UsageError(`"${command}" takes ${spec.positionals.map((name) => `<${name}>`).join(' ') || 'no arguments'}`);
  }
  return { help: false, spec, args, json: args.values.json === true, target: parseTarget(args) };
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

interface Context {
  json: boolean;
  target: TargetInfo;
  store: Store;
}

interface Command {
  options: Options;
  /** Names of the positional arguments, all required. */
  positionals: string[];
  run(args: Args, ctx: Context): Promise<void>;
}

/** Prints the JSON form with --json, the human form otherwise; never both. */
function emit(ctx: Context, json: unknown, human: string[]): void {
  if (ctx.json) {
    console.log(JSON.stringify(json, null, 2));
    return;
  }
  // Writing to AWS is worth a reminder of where the change went.
  const header = ctx.target.target.kind === 'aws' ? [`[${ctx.target.description}]`] : [];
  console.log([...header, ...human].join('\n'));
}

// --- tenants ---------------------------------------------------------------------------------

function tenantInput(args: Args, providers: readonly string[]): Omit<Tenant, 'id' | 'createdAt'> {
  const subdomain = required(args, 'subdomain').toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(subdomain)) {
    throw new UsageError(`--subdomain must be a DNS label (letters, digits, inner dashes), got "${subdomain}"`);
  }
  const chosen = text(args.values, 'providers');
  const visibleProviders = chosen === undefined ? [...providers] : list('providers', chosen);
  const unknown = visibleProviders.filter((provider) => !providers.includes(provider));
  if (unknown.length > 0) throw new UsageError(`unknown provider ${unknown.join(', ')}; providers: ${providers.join(', ')}`);
  return {
    name: shortText('name', required(args, 'name')),
    subdomain,
    markup: positiveDecimal('markup', required(args, 'markup')),
    visibleProviders: visibleProviders as Tenant['visibleProviders'],
    publishedOnly: args.values['published-only'] === true,
  };
}

const tenantRow = (t: Tenant) => [t.id, t.name, t.subdomain, t.markup, t.visibleProviders.join(','), t.publishedOnly ? 'yes' : 'no', t.createdAt];
const TENANT_HEADERS = ['id', 'name', 'subdomain', 'markup', 'providers', 'published only', 'created'];

async function createTenantCommand(args: Args, ctx: Context): Promise<void> {
  const input = tenantInput(args, PROVIDERS);
  const tenant = await ctx.store.createTenant(input).catch((error: unknown) => {
    if (error instanceof ctx.store.SubdomainTakenError) throw new FailedError(error.message);
    throw error;
  });
  emit(ctx, tenant, [`Created tenant "${tenant.name}" (${tenant.id}).`, ...table(TENANT_HEADERS, [tenantRow(tenant)])]);
}

async function listTenantsCommand(_args: Args, ctx: Context): Promise<void> {
  const tenants = await ctx.store.listTenants();
  emit(ctx, tenants, table(TENANT_HEADERS, tenants.map(tenantRow)));
}

// --- keys ------------------------------------------------------------------------------------

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

// --- rates -----------------------------------------------------------------------------------

async function setRateCommand(args: Args, ctx: Context): Promise<void> {
  const from = currency('from', required(args, 'from'));
  const to = currency('to', required(args, 'to'));
  if (from === to) throw new UsageError(`--from and --to must differ, both are ${from}`);
  const rate = positiveDecimal('rate', required(args, 'rate'));
  const source = shortText('source', text(args.values, 'source') || 'staff CLI');
  const asOfFlag = text(args.values, 'as-of');
  const asOf = asOfFlag === undefined ? new Date().toISOString() : isoInstant('as-of', asOfFlag);
  const saved = await ctx.store.putFxRate({ from, to, rate, source, asOf });
  emit(ctx, saved, [`1 ${from} = ${rate} ${to} (source: ${source}, as of ${asOf}).`]);
}

async function listRatesCommand(_args: Args, ctx: Context): Promise<void> {
  const rates: FxRate[] = await ctx.store.listFxRates();
  const rows = rates.map((r) => [r.from, r.to, r.rate, r.source, r.asOf, r.updatedAt]);
  emit(ctx, rates, table(['from', 'to', 'rate', 'source', 'as of', 'updated'], rows));
}

// --- catalogue -------------------------------------------------------------------------------

async function importCatalogueCommand(args: Args, ctx: Context): Promise<void> {
  const file = args.positionals[0]!;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const { parseCatalogueLines, importCars } = await loadImporter();
  const { cars, errors } = parseCatalogueLines(text);
  for (const e of errors) console.error(`line ${e.line}: ${e.message}`);
  if (cars.length === 0) throw new FailedError(`Nothing imported: ${errors.length} bad line(s) and no good one in ${file}`);
  const summary = await importCars(cars);
  emit(ctx, { ...summary, skipped: errors.length, errors }, [
    `Imported ${cars.length} car(s): ${summary.created} new, ${summary.updated} updated; ${errors.length} bad line(s) skipped.`,
    `The catalogue now holds ${summary.catalogueSize} cars (snapshot ${summary.version}); the API serves it within 60 s.`,
  ]);
}

async function generateCatalogueCommand(args: Args, ctx: Context): Promise<void> {
  const count = positiveInteger('count', required(args, 'count'));
  if (count > 1_000_000) throw new UsageError('--count must be at most 1000000');
  const seed = text(args.values, 'seed') === undefined ? 1 : positiveInteger('seed', text(args.values, 'seed')!);
  const imageBaseUrl = text(args.values, 'image-base-url') ?? `http://127.0.0.1:${process.env.S3_PORT || 4569}/vehicle-purchase-orders-local-archive/demo-images`;
  if (!/^https?:\/\/\S+$/.test(imageBaseUrl)) throw new UsageError('--image-base-url must be an http(s) URL');
  const out = text(args.values, 'out');
  const { generateCars } = await import('../lib/catalogue/generate.js');
  const lines: string[] = [];
  for (const car of generateCars({ count, seed, imageBaseUrl })) lines.push(JSON.stringify(car));
  const body = `${lines.join('\n')}\n`;
  if (out === undefined) {
    process.stdout.write(body);
    return;
  }
  writeFileSync(out, body);
  emit(ctx, { written: count, file: out, seed }, [`Wrote ${count} cars to ${out} (seed ${seed}). Import them with: npm run -s cli -- catalogue import ${out}`]);
}

// --- chat ------------------------------------------------------------------------------------

async function chatOutboxCommand(args: Args, ctx: Context): Promise<void> {
  const given = text(args.values, 'limit');
  const limit = given === undefined ? 20 : positiveInteger('limit', given);
  if (limit > 200) throw new UsageError('--limit must be at most 200');
  const { listOutbox } = await loadOutbox();
  const messages = await listOutbox(limit);
  const shown = (body: string) => (body.length > 60 ? `${body.slice(0, 59)}…` : body);
  const rows = messages.map((m) => [m.createdAt, m.to, m.text === undefined ? `template ${m.template?.name ?? '?'}` : shown(oneLine(m.text)), m.messageId]);
  emit(ctx, messages, table(['time', 'to', 'message', 'message id'], rows));
}

// --- outbox (side effects waiting, parked) ----------------------------------------------------

const loadOutboxStore = () => import('../lib/store/outbox.js');

async function parkedOutboxCommand(_args: Args, ctx: Context): Promise<void> {
  const { parkedEvents } = await loadOutboxStore();
  const parked = await parkedEvents(200);
  const rows = parked.map((e) => [e.id, e.kind, e.event ?? '', e.orderId, String(e.attempts), e.updatedAt, (e.lastError ?? '').slice(0, 80)]);
  emit(ctx, parked, rows.length === 0 ? ['No parked side effects.'] : table(['id', 'kind', 'event', 'order', 'attempts', 'parked at', 'last error'], rows));
}

async function replayOutboxCommand(args: Args, ctx: Context): Promise<void> {
  const { replay } = await loadOutboxStore();
  const id = args.positionals[0]!;
  if (!(await replay(id))) throw new FailedError(`No outbox event ${id} waiting to be replayed (unknown, or already done)`);
  emit(ctx, { replayed: id }, [`Event ${id} is due again; the consumer delivers it within a minute (a second locally).`]);
}

async function retryArchiveCommand(args: Args, ctx: Context): Promise<void> {
  const orderId = args.positionals[0]!;
  const [{ replay }, { readOrder }] = await Promise.all([loadOutboxStore(), import('../lib/store/order-children.js')]);
  const order = await readOrder(orderId);
  if (!order) throw new FailedError(`No order ${orderId}`);
  const archive = order.imageArchive as { status: string; eventId: string } | undefined;
  if (!archive) throw new FailedError(`Order ${orderId} has no car pictures to archive (it was created without carId)`);
  if (archive.status === 'done') throw new FailedError(`The pictures of order ${orderId} are already archived`);
  if (archive.status !== 'failed') throw new FailedError(`The archival of order ${orderId} is still ${archive.status}; only a failed one can be retried`);
  // Pending first, then replay: the consumer may finish within milliseconds of the replay, and
  // its "done" must be the last word.
  const { markArchivePending, setArchiveState } = await import('../lib/use-cases/outbox/process-event.js');
  await markArchivePending(orderId, archive.eventId);
  if (!(await replay(archive.eventId))) {
    await setArchiveState(orderId, archive as unknown as Record<string, unknown>);
    throw new FailedError(`The archive event ${archive.eventId} cannot be replayed`);
  }
  emit(ctx, { orderId, eventId: archive.eventId, retried: true }, [`Archival of order ${orderId} queued again (event ${archive.eventId}).`]);
}

// A Map, not an object literal: "constructor" or "__proto__" typed as a command must not resolve.
const COMMANDS = new Map<string, Command>([
  [
    'tenants create',
    {
      options: { name: { type: 'string' }, subdomain: { type: 'string' }, markup: { type: 'string' }, providers: { type: 'string' }, 'published-only': { type: 'boolean' } },
      positionals: [],
      run: createTenantCommand,
    },
  ],
  ['tenants list', { options: {}, positionals: [], run: listTenantsCommand }],
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
  [
    'rates set',
    {
      options: { from: { type: 'string' }, to: { type: 'string' }, rate: { type: 'string' }, source: { type: 'string' }, 'as-of': { type: 'string' } },
      positionals: [],
      run: setRateCommand,
    },
  ],
  ['rates list', { options: {}, positionals: [], run: listRatesCommand }],
  ['outbox parked', { options: {}, positionals: [], run: parkedOutboxCommand }],
  ['outbox replay', { options: {}, positionals: ['eventId'], run: replayOutboxCommand }],
  ['archive retry', { options: {}, positionals: ['orderId'], run: retryArchiveCommand }],
  ['catalogue import', { options: {}, positionals: ['file'], run: importCatalogueCommand }],
  [
    'catalogue generate',
    { options: { count: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' }, 'image-base-url': { type: 'string' } }, positionals: [], run: generateCatalogueCommand },
  ],
  ['chat outbox', { options: { limit: { type: 'string' } }, positionals: [], run: chatOutboxCommand }],
]);

// ---------------------------------------------------------------------------------------------
// Failures: one line each, never a stack trace
// ---------------------------------------------------------------------------------------------

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const CREDENTIAL_ERRORS = new Set([
  'CredentialsProviderError',
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'ExpiredTokenException',
  'ExpiredToken',
  'AccessDeniedException',
]);

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (error.name === 'TimeoutError' || (code !== undefined && NETWORK_CODES.has(code))) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  return error instanceof AggregateError && error.errors.some(isUnreachable);
}

function failureMessage(error: unknown, target: TargetInfo): string {
  if (error instanceof FailedError) return error.message;
  if (isUnreachable(error)) return target.unreachable;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? oneLine(error.message) : String(error);
  if (name === 'ResourceNotFoundException') {
    const hint = target.target.kind === 'local' ? ' (`npm start` creates it)' : ' (deploy the stage first)';
    return `The table was not found in ${target.description}${hint}`;
  }
  if (CREDENTIAL_ERRORS.has(name)) return `AWS refused the credentials or permissions (${name}): ${message}`;
  return `${name}: ${message}`;
}

async function main(argv: string[]): Promise<number> {
  let invocation: Invocation;
  let target: TargetInfo;
  try {
    invocation = parseInvocation(argv);
    if (invocation.help) {
      console.log(USAGE);
      return 0;
    }
    target = applyTarget(invocation.target);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  const ctx: Context = { json: invocation.json, target, store: await loadStore() };
  try {
    await invocation.spec.run(invocation.args, ctx);
    return 0;
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : failureMessage(error, target));
    return error instanceof UsageError ? 2 : 1;
  }
}

// exitCode rather than process.exit(), so piped output is flushed before the process ends.
process.exitCode = await main(process.argv.slice(2));
