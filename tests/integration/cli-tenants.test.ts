/**
 * `cli tenants update` of a tenant's catalogue (markup, visible providers, published-only), the
 * bounds of a markup, and `cli tenants subdomain`, as staff run the CLI: a child process per command against the test stack,
 * whose API then serves the catalogue with the new settings.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../lib/store/audit-trail.js';
import { getTenant, getTenantBySubdomain, type Tenant } from '../../lib/store/tenants.js';
import { cli } from '../support/cli.js';
import { api, demoKey } from '../support/http.js';

const unique = (): string => randomBytes(5).toString('hex');

async function cliJson<T>(args: string[]): Promise<T> {
  const result = await cli([...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** A tenant of the test's own, so the demo tenants' prices and cars stay as other tests expect them. */
async function newTenant(extra: string[] = []): Promise<Tenant> {
  const subdomain = `t${unique()}`;
  return cliJson<Tenant>([
    'tenants',
    'create',
    '--name',
    `Pricing ${subdomain}`,
    '--subdomain',
    subdomain,
    '--markup',
    '1',
    ...extra,
  ]);
}

interface ListedCar {
  id: string;
  provider: string;
  price: number;
  convertedPrice: number;
}

/** A storefront's cars in KRW (rate 1), so each converted price is the raw price x 10,000 x the markup. */
async function storefrontCars(subdomain: string): Promise<ListedCar[]> {
  const res = await api<{ data: ListedCar[] }>(
    'GET',
    `/api/v1/cars?customerSubdomain=${subdomain}&currency=KRW&limit=20`,
    { key: demoKey('integrator') },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** Polls until `check` holds: the API keeps a tenant for CATALOGUE_REFRESH_SECONDS (2 s in the test stack). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const pricedWith = (markup: number) => (cars: ListedCar[]) =>
  cars.length > 0 && cars.every((car) => car.convertedPrice === car.price * 10_000 * markup);

describe('cli tenants update of the catalogue', () => {
  it('changes the markup, the visible providers and published-only, and tenants list shows them', async () => {
    // Arrange
    const tenant = await newTenant(['--providers', 'glovis']);

    // Act
    const human = await cli([
      'tenants',
      'update',
      tenant.id,
      '--markup',
      '1.15',
      '--providers',
      'kcar, sk',
      '--published-only',
      'true',
    ]);
    const listed = (await cliJson<Tenant[]>(['tenants', 'list'])).find((t) => t.id === tenant.id);
    const back = await cliJson<Tenant>(['tenants', 'update', tenant.id, '--published-only', 'false']);

    // Assert
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(
      'catalogue prices are the auction price x 1.15, its storefront shows the cars of kcar, sk, its storefront shows published cars only',
    );
    expect(human.stdout).toContain('within CATALOGUE_REFRESH_SECONDS');
    expect(listed).toMatchObject({
      markup: '1.15',
      visibleProviders: ['kcar', 'sk'],
      publishedOnly: true,
      subdomain: tenant.subdomain,
      name: tenant.name,
    });
    expect(back).toMatchObject({ markup: '1.15', visibleProviders: ['kcar', 'sk'], publishedOnly: false });
  });

  it("serves the catalogue at the new markup and with the new providers once the API's tenant cache refreshes", async () => {
    // Arrange
    const tenant = await newTenant();
    const before = await eventually(() => storefrontCars(tenant.subdomain), pricedWith(1));

    // Act
    const updated = await cli(['tenants', 'update', tenant.id, '--markup', '2', '--providers', 'sk']);
    const after = await eventually(
      () => storefrontCars(tenant.subdomain),
      (cars) => pricedWith(2)(cars) && cars.every((car) => car.provider === 'sk'),
    );

    // Assert
    expect(updated.code, updated.stderr).toBe(0);
    expect(pricedWith(1)(before)).toBe(true);
    expect(new Set(before.map((car) => car.provider)).size).toBeGreaterThan(1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((car) => car.provider === 'sk')).toBe(true);
    expect(pricedWith(2)(after)).toBe(true);
  });

  it('accepts a markup at either bound', async () => {
    // Arrange
    const tenant = await newTenant();

    // Act
    const low = await cliJson<Tenant>(['tenants', 'update', tenant.id, '--markup', '0.5']);
    const high = await cliJson<Tenant>(['tenants', 'update', tenant.id, '--markup', '5.00']);

    // Assert
    expect(low.markup).toBe('0.5');
    expect(high.markup).toBe('5.00');
  });
});

describe.concurrent('cli tenants markup and catalogue arguments', () => {
  const BOUNDS =
    /^--markup must be a decimal from 0\.5 to 5, the multiplier of the auction price \(1\.08 adds 8%\), got "[^"]*"$/;

  it.each([
    { label: 'a markup of 0.01', args: ['--markup', '0.01'], message: BOUNDS },
    { label: 'a markup of 1000', args: ['--markup', '1000'], message: BOUNDS },
    { label: 'a markup just under 0.5', args: ['--markup', '0.4999'], message: BOUNDS },
    { label: 'a markup just over 5', args: ['--markup', '5.0001'], message: BOUNDS },
    { label: 'a markup that is not a number', args: ['--markup', '1,15'], message: BOUNDS },
    {
      label: 'an unknown provider',
      args: ['--providers', 'kcar,ebay'],
      message: /^unknown provider ebay; providers: glovis, kcar, lotte, sk, autohub, heydealer$/,
    },
    { label: 'no provider', args: ['--providers', ' , '], message: /^--providers needs at least one value$/ },
    {
      label: 'published-only neither true nor false',
      args: ['--published-only', 'yes'],
      message: /^--published-only must be true or false, got "yes"$/,
    },
    {
      label: 'published-only without its value',
      args: ['--published-only'],
      message: /^--published-only needs a value for "tenants update" \(see `cli help`\)$/,
    },
    {
      label: 'a bad markup beside a good setting',
      args: ['--second-approver', 'on', '--markup', '50'],
      message: BOUNDS,
    },
  ])('tenants update exits 2 with one line and changes nothing for $label', async ({ args, message }) => {
    // Arrange
    const tenant = await newTenant();

    // Act
    const result = await cli(['tenants', 'update', tenant.id, ...args]);

    // Assert
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(message);
    expect(result.stdout).toBe('');
    expect(await getTenant(tenant.id)).toEqual(tenant);
  });

  it.each(['0.01', '1000', '0.49', '5.01'])(
    'tenants create exits 2 naming the flag and its range for a markup of %s, and creates nothing',
    async (markup) => {
      // Arrange
      const subdomain = `t${unique()}`;

      // Act
      const result = await cli([
        'tenants',
        'create',
        '--name',
        `Slip ${subdomain}`,
        '--subdomain',
        subdomain,
        '--markup',
        markup,
      ]);
      const listed = await cliJson<Tenant[]>(['tenants', 'list']);

      // Assert
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toBe(
        `--markup must be a decimal from 0.5 to 5, the multiplier of the auction price (1.08 adds 8%), got "${markup}"`,
      );
      expect(listed.some((t) => t.subdomain === subdomain)).toBe(false);
    },
  );
});

describe('cli tenants subdomain', () => {
  it("moves a tenant to a new subdomain, frees the old one for another tenant, and records it on the tenant's audit trail", async () => {
    // Arrange
    const first = await newTenant();
    const old = first.subdomain;
    const next = `t${unique()}`;
    const refused = await cli(['tenants', 'create', '--name', `Second ${old}`, '--subdomain', old, '--markup', '1']);

    // Act
    const moved = await cliJson<Tenant & { releasedSubdomain: string }>([
      'tenants',
      'subdomain',
      first.id,
      '--subdomain',
      next.toUpperCase(),
    ]);
    const second = await cliJson<Tenant>([
      'tenants',
      'create',
      '--name',
      `Second ${old}`,
      '--subdomain',
      old,
      '--markup',
      '1',
    ]);
    const trail = await readAudit({ tenantId: first.id, entity: 'tenant', entityId: first.id, limit: 10 });

    // Assert
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`The subdomain "${old}" is already used by another tenant`);
    expect(moved).toMatchObject({ id: first.id, subdomain: next, releasedSubdomain: old });
    expect(await getTenantBySubdomain(next)).toMatchObject({ id: first.id });
    expect(second.subdomain).toBe(old);
    expect(await getTenantBySubdomain(old)).toMatchObject({ id: second.id });
    expect(trail.records).toHaveLength(1);
    expect(trail.records[0]).toMatchObject({
      action: 'subdomain-changed',
      actor: { keyId: 'staff-cli', role: 'admin' },
      changes: { subdomain: { before: old, after: next } },
    });
  });

  it('refuses a subdomain another tenant holds, and changes nothing', async () => {
    // Arrange
    const [mover, holder] = [await newTenant(), await newTenant()];

    // Act
    const result = await cli(['tenants', 'subdomain', mover.id, '--subdomain', holder.subdomain]);

    // Assert
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`The subdomain "${holder.subdomain}" is already used by another tenant`);
    expect(await getTenant(mover.id)).toEqual(mover);
    expect(await getTenantBySubdomain(mover.subdomain)).toMatchObject({ id: mover.id });
    expect(await getTenantBySubdomain(holder.subdomain)).toMatchObject({ id: holder.id });
    expect(
      (await readAudit({ tenantId: mover.id, entity: 'tenant', entityId: mover.id, limit: 10 })).records,
    ).toHaveLength(0);
  });

  it.each([
    {
      label: 'no such tenant',
      id: 'nosuchtenant0000000000000',
      subdomain: 'free-one',
      code: 1,
      message: /^no tenant with id "nosuchtenant0000000000000"/,
    },
    {
      label: 'a subdomain that is no DNS label',
      id: undefined,
      subdomain: 'not_a_label',
      code: 2,
      message: /^--subdomain must be a DNS label/,
    },
  ])('exits $code with one line for $label', async ({ id, subdomain, code, message }) => {
    // Arrange
    const tenant = await newTenant();

    // Act
    const result = await cli(['tenants', 'subdomain', id ?? tenant.id, '--subdomain', subdomain]);

    // Assert
    expect(result.code).toBe(code);
    expect(result.stderr.trim()).toMatch(message);
    expect(await getTenant(tenant.id)).toEqual(tenant);
  });
});
