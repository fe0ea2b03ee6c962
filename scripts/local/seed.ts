import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ROLES, STAFF_TOOL, type Caller, type Role } from '../../lib/domain/caller.js';
import { PLATFORM_SCOPE } from '../../lib/domain/scope.js';
import { getApiKey, getApiKeyByHash, hashApiKey } from '../../lib/store/api-keys.js';
import { putFxRate } from '../../lib/store/fx-rates.js';
import { PROVIDERS } from '../../lib/domain/car.js';
import { PROFILE_IMAGES } from '../../lib/domain/tenant-profile.js';
import { getTenantProfile } from '../../lib/store/tenant-profiles.js';
import { createTenant, getTenant, type Tenant } from '../../lib/store/tenants.js';
import { getUser } from '../../lib/store/users.js';
import { issueApiKey } from '../../lib/use-cases/api-keys.js';
import * as profileUseCases from '../../lib/use-cases/tenant-profile.js';
import { createUser } from '../../lib/use-cases/users.js';
import type { DemoKey } from './demo-keys.js';
import { DEMO_PROFILES, writeDemoProfile } from './demo-profiles.js';

const DEMO_TENANTS: Array<Omit<Tenant, 'createdAt'>> = [
  {
    id: 'demotenantgulfmotors0001',
    name: 'Gulf Motors',
    subdomain: 'gulf',
    markup: '1.08',
    visibleProviders: [...PROVIDERS],
    publishedOnly: true,
    country: 'AE',
  },
  {
    id: 'demotenantseoulexport001',
    name: 'Seoul Export Partners',
    subdomain: 'seoul',
    markup: '1.15',
    visibleProviders: ['glovis', 'kcar', 'lotte'],
    publishedOnly: false,
    country: 'KR',
  },
];

/** The demo tenant a newcomer works in: its staff, keys and demo orders (scripts/local/demo-orders.ts). */
export const GULF_MOTORS = DEMO_TENANTS[0]!;

/** Demo staff, created through the same use case as POST /api/v1/users (fixed ids, so demo keys survive restarts). */
const DEMO_STAFF: Array<{ id: string; name: string; role: Role; email?: string; mobileNumber: string }> = [
  {
    id: 'demousermarketer00000001',
    name: 'Mina Park (demo marketer)',
    role: 'marketer',
    email: 'mina@gulfmotors.example',
    mobileNumber: '+971501110001',
  },
  {
    id: 'demouserinspector0000001',
    name: 'Joon Lee (demo inspector)',
    role: 'inspector',
    email: 'joon@gulfmotors.example',
    mobileNumber: '+971501110004',
  },
  // Staff with phone numbers, so staff notifications have somewhere to go on the local stack.
  {
    id: 'demouseraccountant000001',
    name: 'Sara Khan (demo accountant)',
    role: 'accountant',
    mobileNumber: '+971501110002',
  },
  {
    id: 'demouseroperations000001',
    name: 'Omar Ali (demo operations)',
    role: 'operations',
    mobileNumber: '+971501110003',
  },
];

/** The seed's own caller, so a profile it wrote can be told from one an admin has changed since (updatedBy). */
const DEMO_SEED: Caller = { ...STAFF_TOOL, keyId: 'demo-seed' };

/**
 * Each demo tenant's legal profile, so its documents can be generated from the first start.
 * Written once: a profile someone else has saved since is theirs and stays; one the seed began
 * and did not finish (a start stopped between its writes) gets the images it lacks.
 */
async function seedDemoProfiles(): Promise<void> {
  for (const [tenantId, profile] of Object.entries(DEMO_PROFILES)) {
    const current = await getTenantProfile(tenantId, true);
    if (current && current.updatedBy !== DEMO_SEED.keyId) continue;
    const parts = current ? PROFILE_IMAGES.filter((image) => !current[image]) : (['text', ...PROFILE_IMAGES] as const);
    if (parts.length > 0) await writeDemoProfile(profileUseCases, DEMO_SEED, tenantId, profile, parts);
  }
}

/**
 * Idempotent: tenants, their legal profiles, users and keys are created once, through the use
 * cases a real tenant's administrator uses (the staff CLI and the API); key values are kept in a
 * git-ignored file so the table can be printed on every start.
 */
export async function seedDemoData(
  options: { keysFile?: string; rateLimit?: { rps: number; burst: number; quotaPerDay: number } } = {},
): Promise<DemoKey[]> {
  const gulf = GULF_MOTORS;
  for (const tenant of DEMO_TENANTS) {
    if (!(await getTenant(tenant.id))) await createTenant(tenant);
  }
  await seedDemoProfiles();
  for (const staff of DEMO_STAFF) {
    if (await getUser(PLATFORM_SCOPE, staff.id)) continue;
    const { id, ...body } = staff;
    await createUser(STAFF_TOOL, { ...body, tenantId: gulf.id }, { id });
  }
  await Promise.all([
    putFxRate({ from: 'KRW', to: 'USD', rate: '0.00072', source: 'demo seed', asOf: '2026-11-01T00:00:00.000Z' }),
    putFxRate({ from: 'USD', to: 'AED', rate: '3.6725', source: 'UAE dirham peg', asOf: '1997-11-01T00:00:00.000Z' }),
    putFxRate({ from: 'USD', to: 'SAR', rate: '3.75', source: 'Saudi riyal peg', asOf: '1986-06-01T00:00:00.000Z' }),
    // The dinar follows a basket, so it is a rate staff set and update (QAR, OMR and BHD are pegged: lib/catalogue/pricing.ts).
    putFxRate({ from: 'USD', to: 'KWD', rate: '0.307', source: 'demo seed', asOf: '2026-11-01T00:00:00.000Z' }),
  ]);

  const saved: DemoKey[] =
    options.keysFile && existsSync(options.keysFile) ? JSON.parse(readFileSync(options.keysFile, 'utf8')) : [];
  const wanted: Array<Omit<DemoKey, 'key'>> = [
    { label: 'platform staff (all tenants)', role: 'admin' },
    ...ROLES.map((role) => ({
      label: `${gulf.name} ${role}`,
      role,
      tenantId: gulf.id,
      userId: DEMO_STAFF.find((s) => s.role === role)?.id,
    })),
    { label: `${DEMO_TENANTS[1]!.name} integrator`, role: 'integrator' as Role, tenantId: DEMO_TENANTS[1]!.id },
  ];
  const result: DemoKey[] = [];
  for (const want of wanted) {
    const existing = saved.find((k) => k.label === want.label);
    // Reused while it is still in the table with its id reference and open to every route of its
    // role (keys from before references existed, or frozen to the routes of their day, are issued anew).
    const stored = existing ? await getApiKeyByHash(hashApiKey(existing.key)) : undefined;
    if (existing && stored?.allowedRoutes.includes('*') && (await getApiKey(PLATFORM_SCOPE, stored.id))) {
      result.push(existing);
      continue;
    }
    const { key } = await issueApiKey(STAFF_TOOL, {
      name: `demo: ${want.label}`,
      ...(want.userId ? { userId: want.userId } : { role: want.role }),
      ...(want.tenantId ? { tenantId: want.tenantId } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    });
    result.push({ ...want, key });
  }
  if (options.keysFile) {
    mkdirSync(dirname(options.keysFile), { recursive: true });
    writeFileSync(options.keysFile, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600 });
  }
  return result;
}
