import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { allRoutes } from '../../lib/schemas/index.js';
import { ROLES, type Role } from '../../lib/domain/caller.js';
import { defaultAllowedRoutes } from '../../lib/domain/role-routes.js';
import { createApiKey, getApiKeyByHash, hashApiKey } from '../../lib/store/api-keys.js';
import { putFxRate } from '../../lib/store/fx-rates.js';
import { PROVIDERS } from '../../lib/domain/car.js';
import { createTenant, getTenant, type Tenant } from '../../lib/store/tenants.js';
import { putUser } from '../../lib/store/users.js';

const DEMO_TENANTS: Array<Omit<Tenant, 'createdAt'>> = [
  { id: 'demotenantgulfmotors0001', name: 'Gulf Motors', subdomain: 'gulf', markup: '1.08', visibleProviders: [...PROVIDERS], publishedOnly: true },
  { id: 'demotenantseoulexport001', name: 'Seoul Export Partners', subdomain: 'seoul', markup: '1.15', visibleProviders: ['glovis', 'kcar', 'lotte'], publishedOnly: false },
];

export interface DemoKey {
  label: string;
  key: string;
  role: Role;
  tenantId?: string;
  userId?: string;
}

/** Demo staff ids, so a marketer's or inspector's key points at a stable user. */
const demoUserIds: Partial<Record<Role, string>> = {
  marketer: 'demousermarketer00000001',
  inspector: 'demouserinspector0000001',
  accountant: 'demouseraccountant000001',
  operations: 'demouseroperations000001',
};

const routes = allRoutes.map((c) => ({ method: c.method, path: c.path, roles: c.roles, public: c.public }));

/**
 * Idempotent: tenants are created once; keys are reused while they still exist in the table
 * (their plain text is kept in a git-ignored file so the table can be printed on every start).
 */
export async function seedDemoData(options: { keysFile?: string; rateLimit?: { rps: number; burst: number; quotaPerDay: number } } = {}): Promise<DemoKey[]> {
  for (const tenant of DEMO_TENANTS) {
    if (!(await getTenant(tenant.id))) await createTenant(tenant);
  }
  await Promise.all([
    putUser({ id: demoUserIds.marketer!, name: 'Mina Park (demo marketer)', role: 'marketer', tenantId: DEMO_TENANTS[0]!.id, email: 'mina@gulfmotors.example', mobileNumber: '+971501110001' }),
    putUser({ id: demoUserIds.inspector!, name: 'Joon Lee (demo inspector)', role: 'inspector', tenantId: DEMO_TENANTS[0]!.id, email: 'joon@gulfmotors.example' }),
    // Staff with phone numbers, so staff notifications have somewhere to go on the local stack.
    putUser({ id: demoUserIds.accountant!, name: 'Sara Khan (demo accountant)', role: 'accountant', tenantId: DEMO_TENANTS[0]!.id, mobileNumber: '+971501110002' }),
    putUser({ id: demoUserIds.operations!, name: 'Omar Ali (demo operations)', role: 'operations', tenantId: DEMO_TENANTS[0]!.id, mobileNumber: '+971501110003' }),
    putFxRate({ from: 'KRW', to: 'USD', rate: '0.00072', source: 'demo seed', asOf: '2026-11-01T00:00:00.000Z' }),
    putFxRate({ from: 'USD', to: 'AED', rate: '3.6725', source: 'UAE dirham peg', asOf: '1997-11-01T00:00:00.000Z' }),
    putFxRate({ from: 'USD', to: 'SAR', rate: '3.75', source: 'Saudi riyal peg', asOf: '1986-06-01T00:00:00.000Z' }),
  ]);

  const saved: DemoKey[] = options.keysFile && existsSync(options.keysFile) ? JSON.parse(readFileSync(options.keysFile, 'utf8')) : [];
  const wanted: Array<Omit<DemoKey, 'key'>> = [
    { label: 'platform staff (all tenants)', role: 'admin' },
    ...ROLES.map((role) => ({ label: `${DEMO_TENANTS[0]!.name} ${role}`, role, tenantId: DEMO_TENANTS[0]!.id, userId: demoUserIds[role] })),
    { label: `${DEMO_TENANTS[1]!.name} integrator`, role: 'integrator' as Role, tenantId: DEMO_TENANTS[1]!.id },
  ];
  const result: DemoKey[] = [];
  for (const want of wanted) {
    const existing = saved.find((k) => k.label === want.label);
    if (existing && (await getApiKeyByHash(hashApiKey(existing.key)))) {
      result.push(existing);
      continue;
    }
    const { key } = await createApiKey({
      name: `demo: ${want.label}`,
      role: want.role,
      tenantId: want.tenantId,
      userId: want.userId,
      allowedRoutes: defaultAllowedRoutes(want.role, routes),
      rateLimit: options.rateLimit,
    });
    result.push({ ...want, key });
  }
  if (options.keysFile) {
    mkdirSync(dirname(options.keysFile), { recursive: true });
    writeFileSync(options.keysFile, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600 });
  }
  return result;
}

export function printKeyTable(keys: readonly DemoKey[]): void {
  const rows = keys.map((k) => [k.label, k.role, k.tenantId ?? '(platform)', k.key]);
  const headers = ['who', 'role', 'tenant', 'X-API-Key'];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(['', 'Demo API keys (local only):', line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ''].join('\n'));
}
