import { STAFF_TOOL, type Role } from '../../lib/domain/caller.js';

/** The staff of the screenshots' tenant, each with the key the console signs in with. */
export type Staff = Record<'operations' | 'accountant' | 'inspector' | 'marketer', { key: string; userId: string }>;

/** A tenant of its own with named staff, each with a key issued for them. */
export async function tenantWithStaff(): Promise<Staff> {
  const { createTenant } = await import('../../lib/store/tenants.js');
  const { createUser } = await import('../../lib/use-cases/users.js');
  const { issueApiKey } = await import('../../lib/use-cases/api-keys.js');
  const tenant = await createTenant({
    name: 'Al Noor Motors',
    subdomain: 'alnoor',
    markup: '1.08',
    visibleProviders: ['glovis', 'kcar', 'lotte'],
    publishedOnly: false,
    country: 'AE',
    timeZone: 'Asia/Dubai',
  });
  // It generates a proforma invoice, which names the seller: the tenant gets a complete legal
  // profile first (the demo dealer's under its own name; no picture shows the PDF).
  const { GULF_MOTORS_PROFILE: demo, writeDemoProfile } = await import('../local/demo-profiles.js');
  const legalName = { en: 'Al Noor Motors L.L.C.', ar: 'النور موتورز ذ.م.م' };
  const text = {
    ...demo.text,
    legalName,
    email: 'accounts@alnoormotors.example',
    bank: { ...demo.text.bank, accountName: legalName.en },
  };
  await writeDemoProfile(await import('../../lib/use-cases/tenant-profile.js'), STAFF_TOOL, tenant.id, {
    ...demo,
    text,
  });
  const people: Array<[keyof Staff, string, string]> = [
    ['operations', 'Omar Haddad', '+971502220001'],
    ['accountant', 'Sara Karim', '+971502220002'],
    ['inspector', 'Joon Lee', '+971502220003'],
    ['marketer', 'Mina Park', '+971502220004'],
  ];
  const staff = {} as Staff;
  for (const [role, name, mobileNumber] of people) {
    const user = await createUser(STAFF_TOOL, { name, role: role as Role, mobileNumber, tenantId: tenant.id });
    const { key } = await issueApiKey(STAFF_TOOL, {
      name: `${name} console`,
      userId: user.id,
      allowedRoutes: ['*'],
      rateLimit: { rps: 1000, burst: 1000, quotaPerDay: 1_000_000 },
    });
    staff[role] = { key, userId: user.id };
  }
  return staff;
}
