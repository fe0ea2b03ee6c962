/** `tenants create`, `tenants list`. */
import { PROVIDERS } from '../../../lib/domain/car.js';
import type { Tenant } from '../../../lib/store/tenants.js';
import { FailedError, list, positiveDecimal, required, shortText, text, UsageError, type Args } from '../args.js';
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
];
