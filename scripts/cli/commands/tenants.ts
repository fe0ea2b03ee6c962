/** `tenants create`, `tenants list`, `tenants update` (settings: the second approver of billing entries). */
import { PROVIDERS } from '../../../lib/domain/car.js';
import type { Tenant } from '../../../lib/store/tenants.js';
import { FailedError, list, oneOf, positiveDecimal, required, shortText, text, UsageError, type Args } from '../args.js';
import type { CommandEntries, Context } from '../command.js';
import { emit, table } from '../output.js';

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

const onOff = (setting: boolean | undefined): 'on' | 'off' => (setting === true ? 'on' : 'off');
const tenantRow = (t: Tenant) => [t.id, t.name, t.subdomain, t.markup, t.visibleProviders.join(','), t.publishedOnly ? 'yes' : 'no', onOff(t.requireSecondApprover), t.createdAt];
const TENANT_HEADERS = ['id', 'name', 'subdomain', 'markup', 'providers', 'published only', 'second approver', 'created'];

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

const SECOND_APPROVER = {
  on: 'whoever records a billing entry can no longer confirm it: another staff member must',
  off: 'whoever records a billing entry may also confirm it',
} as const;

async function updateTenantCommand(args: Args, ctx: Context): Promise<void> {
  const [id = ''] = args.positionals;
  const secondApprover = oneOf('second-approver', required(args, 'second-approver'), ['on', 'off']);
  const tenant = await ctx.store.updateTenantSettings(id, { requireSecondApprover: secondApprover === 'on' });
  if (!tenant) throw new FailedError(`no tenant with id "${id}" (see \`cli tenants list\`)`);
  emit(ctx, tenant, [
    `Tenant "${tenant.name}" (${tenant.id}): second approver ${secondApprover}, ${SECOND_APPROVER[secondApprover]}.`,
    ...table(TENANT_HEADERS, [tenantRow(tenant)]),
  ]);
}

export const tenantCommands: CommandEntries = [
  [
    'tenants create',
    {
      options: { name: { type: 'string' }, subdomain: { type: 'string' }, markup: { type: 'string' }, providers: { type: 'string' }, 'published-only': { type: 'boolean' } },
      positionals: [],
      run: createTenantCommand,
    },
  ],
  ['tenants list', { options: {}, positionals: [], run: listTenantsCommand }],
  ['tenants update', { options: { 'second-approver': { type: 'string' } }, positionals: ['tenantId'], run: updateTenantCommand }],
];
