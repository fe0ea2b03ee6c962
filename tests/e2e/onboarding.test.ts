/**
 * A new tenant, set up the way a real one is: the tenant with the staff CLI, then everything else
 * over HTTP by its own administrator, with no demo data: staff users, their keys, a marketer's
 * order, an inspection naming an inspector, receipts confirmed by a second person, and the audit
 * trail of every change read back.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateTenantSettings } from '../../lib/store/tenants.js';
import { api, demoKey, uniquePhone, type ApiResponse } from '../support/http.js';
import { runBlocks, shBlocksOf, stackFolder, toolsMissing } from '../support/shell-runbook.js';
import { newApiKey } from '../support/staff.js';
import { cli } from '../support/cli.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

async function cliJson<T>(args: string[]): Promise<T> {
  const result = await cli([...args, '--json']);
  if (result.code !== 0) throw new Error(`cli ${args.join(' ')}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

const data = (res: ApiResponse, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let tenantId: string;
let admin: string;
const staff: Record<
  'marketer' | 'inspector' | 'accountant' | 'operations',
  { id: string; key: string; keyId: string }
> = {} as never;

async function register(role: keyof typeof staff): Promise<void> {
  const user = data(
    await api('POST', '/api/v1/users', {
      key: admin,
      body: {
        name: `New ${role}`,
        role,
        mobileNumber: uniquePhone(),
        email: `${role}@newtenant.example`,
        language: 'ar',
      },
    }),
    201,
  );
  const issued = data(
    await api('POST', '/api/v1/api-keys', { key: admin, body: { name: `${role} key`, userId: user.id } }),
    201,
  );
  expect(issued.apiKey).toMatchObject({ userId: user.id, role, tenantId });
  staff[role] = { id: user.id, key: issued.key, keyId: issued.apiKey.id };
}

const auditOf = async (entity: string, id: string) =>
  data(await api('GET', `/api/v1/audit?entity=${entity}&id=${id}`, { key: admin })) as Array<{
    action: string;
    actor: { keyId: string; userId?: string; role: string };
    changes: Record<string, unknown>;
    requestId?: string;
  }>;

beforeAll(async () => {
  const subdomain = `t${randomBytes(4).toString('hex')}`;
  const tenant = await cliJson<{ id: string }>([
    'tenants',
    'create',
    '--name',
    `New tenant ${subdomain}`,
    '--subdomain',
    subdomain,
    '--markup',
    '1.05',
  ]);
  tenantId = tenant.id;
  admin = (await newApiKey({ name: 'first admin', role: 'admin', tenantId })).key;
  for (const role of ['marketer', 'inspector', 'accountant', 'operations'] as const) await register(role);
});

/** The README's "Onboarding a tenant" section: its text up to the next section. */
function onboardingSection(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Onboarding a tenant');
  return readme.slice(start, readme.indexOf('\n## ', start + 3));
}

describe("the README's onboarding runbook, as written", () => {
  it('takes a new tenant from the staff CLI to a delivered order, every role doing its own step', async () => {
    expect(toolsMissing(), 'the runbook needs these on PATH').toEqual([]);
    const blocks = shBlocksOf(onboardingSection());
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    // Run from a folder inside the checkout (npm finds the project above it) whose .local names the stack under test.
    mkdirSync(join(root, '.local'), { recursive: true });
    const dir = stackFolder(mkdtempSync(join(root, '.local', 'runbook-')));
    try {
      const run = await runBlocks(blocks, { cwd: dir, timeoutMs: 280_000 });
      expect(run.code, `${run.stderr}\n${run.stdout.slice(-2000)}`).toBe(0);
      const refused = run.answers.filter((answer) => (answer as { success?: boolean }).success !== true);
      expect(refused).toEqual([]);

      const orderId = run.answers
        .map((a) => (a as { data?: { id: string; orderNumber?: number } }).data)
        .find((d) => typeof d?.orderNumber === 'number')!.id;
      const platform = demoKey('platform');
      const order = data(await api('GET', `/api/v1/orders/${orderId}`, { key: platform }));
      expect(order).toMatchObject({
        status: 'Delivered',
        progress: 100,
        isTerminal: true,
        customer: { name: 'Ali Hassan' },
        marketer: { name: 'Mina Park' },
      });
      const tenant = order.tenantId as string;
      const users = data(await api('GET', `/api/v1/users?tenantId=${tenant}`, { key: platform })) as Array<{
        id: string;
        role: string;
      }>;
      expect(users.map((u) => u.role).sort()).toEqual(['accountant', 'admin', 'inspector', 'marketer', 'operations']);
      // The admin set the seller its documents name.
      const profile = run.answers
        .map((a) => (a as { data?: { legalName?: unknown } }).data)
        .find((d) => d?.legalName !== undefined);
      expect(profile).toMatchObject({
        version: 1,
        legalName: { en: 'Doha Cars W.L.L.' },
        missing: { 'customs-invoice': ['stamp'], 'proforma-invoice': [] },
      });

      // Each role did its own part, as the audit trail the runbook prints says.
      const trail = data(
        await api('GET', `/api/v1/audit?entity=order&id=${orderId}&limit=50&tenantId=${tenant}`, { key: platform }),
      ) as Array<{
        action: string;
        actor: { role: string };
      }>;
      const byAction = Object.fromEntries(trail.map((r) => [r.action, r.actor.role]));
      expect(byAction).toMatchObject({
        created: 'marketer',
        'status.DepositConfirmed': 'accountant',
        'status.InspectionScheduled': 'operations',
        'status.InspectionCompleted': 'inspector',
        'status.PaymentConfirmed': 'accountant',
        'status.Delivered': 'operations',
      });
      expect(run.stdout).toMatch(
        /operations status\.Delivered\n[\s\S]*\naccountant status\.DepositConfirmed\nmarketer created\n$/,
      );
      // The proforma is the first of the new tenant's series, and its link downloads it.
      // (curl prints the answer before it without a newline)
      const proforma = /(PI-\d{5}) (http\S+)\n/.exec(run.stdout);
      expect(proforma?.[1]).toBe('PI-00001');
      expect((await fetch(proforma![2]!)).status).toBe(200);
      // The receipt was recorded by the marketer and confirmed by the accountant, with the second-approver setting on.
      const billing = data(await api('GET', `/api/v1/orders/${orderId}/billing`, { key: platform })) as Array<{
        status: string;
        confirmedByRole?: string;
      }>;
      expect(billing.map((b) => [b.status, b.confirmedByRole])).toEqual([
        ['Confirmed', 'accountant'],
        ['Confirmed', 'accountant'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('a tenant with no seed data', () => {
  it('runs an order end to end with its own staff: marketer order, inspection by its inspector, receipt confirmed by a second person', async () => {
    await updateTenantSettings(tenantId, { requireSecondApprover: true });
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: staff.marketer.key,
        body: { name: 'First Customer', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', {
        key: staff.marketer.key,
        body: { customerId: customer.id, totalAmount: 9000, receiptAmount: 1000 },
      }),
      201,
    );
    const inspection = data(
      await api('POST', '/api/v1/inspections', {
        key: staff.operations.key,
        body: { orderId: order.id, inspectorId: staff.inspector.id },
      }),
      201,
    );
    const [receipt] = data(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: staff.accountant.key }));

    const confirmed = data(await api('PATCH', `/api/v1/billing/${receipt.id}/confirm`, { key: staff.accountant.key }));

    expect(order).toMatchObject({
      marketerId: staff.marketer.id,
      tenantId,
      marketer: { id: staff.marketer.id, name: 'New marketer' },
    });
    expect(inspection).toMatchObject({ inspectorId: staff.inspector.id, status: 'Pending' });
    expect(confirmed).toMatchObject({
      status: 'Confirmed',
      recordedBy: staff.marketer.id,
      confirmedBy: staff.accountant.id,
      confirmedByRole: 'accountant',
    });
    expect((await auditOf('billing', receipt.id)).map((r) => r.action)).toEqual(['confirmed', 'created']);
    expect((await auditOf('order', order.id))[0]).toMatchObject({
      action: 'created',
      actor: { keyId: staff.marketer.keyId, userId: staff.marketer.id, role: 'marketer' },
    });
  });

  it('refuses the confirmation of a receipt by the person who recorded it when the tenant requires a second person', async () => {
    await updateTenantSettings(tenantId, { requireSecondApprover: true });
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: staff.accountant.key,
        body: { name: 'Four Eyes', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', {
        key: staff.accountant.key,
        body: { customerId: customer.id, totalAmount: 500 },
      }),
      201,
    );
    const receipt = data(
      await api('POST', '/api/v1/billing', {
        key: staff.accountant.key,
        body: { orderId: order.id, type: 'receipt', amount: 500, currency: 'USD', description: 'deposit' },
      }),
      201,
    );

    const own = await api('PATCH', `/api/v1/billing/${receipt.id}/confirm`, { key: staff.accountant.key });
    const byAdmin = await api('PATCH', `/api/v1/billing/${receipt.id}/confirm`, { key: admin });

    expect(own.status, own.text).toBe(403);
    expect(own.body).toMatchObject({ code: 'SECOND_APPROVER_REQUIRED', statusCode: 403 });
    expect(byAdmin.status, byAdmin.text).toBe(200);
  });

  it('lets the recorder confirm when the setting is off (the default)', async () => {
    await updateTenantSettings(tenantId, { requireSecondApprover: false });
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: staff.accountant.key,
        body: { name: 'One Person', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', {
        key: staff.accountant.key,
        body: { customerId: customer.id, totalAmount: 500, receiptAmount: 100 },
      }),
      201,
    );
    const [receipt] = data(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: staff.accountant.key }));

    expect(
      data(await api('PATCH', `/api/v1/billing/${receipt.id}/confirm`, { key: staff.accountant.key })).status,
    ).toBe('Confirmed');
  });
});

describe('money controls', () => {
  it('refuses to change the document of a Confirmed billing entry (409) and leaves it as it was', async () => {
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: staff.operations.key,
        body: { name: 'Final Receipt', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', {
        key: staff.operations.key,
        body: {
          customerId: customer.id,
          totalAmount: 100,
          receiptAmount: 100,
          receiptFileUrl: 'https://files.example.com/original.pdf',
        },
      }),
      201,
    );
    const [receipt] = data(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: admin }));
    data(await api('PATCH', `/api/v1/billing/${receipt.id}/confirm`, { key: staff.accountant.key }));

    const res = await api('PATCH', `/api/v1/billing/${receipt.id}/document-url`, {
      key: staff.operations.key,
      body: { type: 'receipt', pdfUrl: 'https://files.example.com/replaced.pdf' },
    });

    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('INVALID_STATE');
    const [after] = data(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: admin }));
    expect(after.receiptFileUrl).toBe('https://files.example.com/original.pdf');
  });
});

describe('staff users', () => {
  it('keeps mobile numbers unique within the tenant (409), and refuses a number without country code (400)', async () => {
    const mobileNumber = uniquePhone();
    data(
      await api('POST', '/api/v1/users', { key: admin, body: { name: 'One', role: 'operations', mobileNumber } }),
      201,
    );

    const again = await api('POST', '/api/v1/users', {
      key: admin,
      body: { name: 'Two', role: 'operations', mobileNumber },
    });
    const local = await api('POST', '/api/v1/users', {
      key: admin,
      body: { name: 'Three', role: 'operations', mobileNumber: '0501234567' },
    });

    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', details: [{ field: 'body.mobileNumber' }] });
    expect(local.status).toBe(400);
    expect(local.body.details[0].field).toBe('body.mobileNumber');
  });

  it('answers users routes to admin keys only, and only about their own tenant', async () => {
    const asOperations = await api('GET', '/api/v1/users', { key: staff.operations.key });
    const otherTenantAdmin = (await newApiKey({ role: 'admin', tenantId: 'demotenantseoulexport001' })).key;
    const foreign = await api('GET', `/api/v1/users/${staff.marketer.id}`, { key: otherTenantAdmin });
    const listed = data(await api('GET', '/api/v1/users?role=marketer', { key: admin }));

    expect(asOperations.status).toBe(403);
    expect(foreign.status).toBe(404);
    expect(listed.map((u: { id: string }) => u.id)).toEqual([staff.marketer.id]);
  });

  it('refuses an inspection naming a deactivated inspector, and a marketer key once its user is deactivated', async () => {
    await register('inspector');
    const inspector = staff.inspector;
    data(await api('POST', `/api/v1/users/${inspector.id}/deactivate`, { key: admin }));
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: staff.operations.key,
        body: { name: 'Late Inspection', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', { key: staff.operations.key, body: { customerId: customer.id } }),
      201,
    );

    const res = await api('POST', '/api/v1/inspections', {
      key: staff.operations.key,
      body: { orderId: order.id, inspectorId: inspector.id },
    });

    expect(res.status).toBe(404);
    expect(res.body.details[0]).toMatchObject({
      field: 'body.inspectorId',
      message: expect.stringMatching(/active inspector/),
    });
    const keys = data(await api('GET', '/api/v1/api-keys', { key: admin }));
    expect(keys.find((k: { id: string }) => k.id === inspector.keyId)).toMatchObject({
      userId: inspector.id,
      disabledAt: expect.any(String),
    });
    expect((await auditOf('user', inspector.id)).map((r) => r.action)).toEqual(['deactivated', 'created']);
  });
});

describe('API keys over the API', () => {
  it('shows a new key once: never in listings, never in the audit trail', async () => {
    const issued = data(
      await api('POST', '/api/v1/api-keys', { key: admin, body: { name: 'integration partner', role: 'integrator' } }),
      201,
    );

    const listed = await api('GET', '/api/v1/api-keys', { key: admin });
    const trail = await api('GET', `/api/v1/audit?entity=apiKey&id=${issued.apiKey.id}`, { key: admin });

    expect(issued.key).toMatch(/^vpo_/);
    expect(listed.text).not.toContain(issued.key);
    expect(trail.text).not.toContain(issued.key);
    expect(trail.text).not.toMatch(/"hash"/);
    expect(trail.body.data[0]).toMatchObject({ action: 'issued', entity: 'apiKey' });
  });

  it("requires a user for marketer and inspector keys, and gives a user key the user's role", async () => {
    const noUser = await api('POST', '/api/v1/api-keys', {
      key: admin,
      body: { name: 'marketer without user', role: 'marketer' },
    });
    const wrongRole = await api('POST', '/api/v1/api-keys', {
      key: admin,
      body: { name: 'mismatch', userId: staff.marketer.id, role: 'accountant' },
    });

    expect(noUser.status).toBe(400);
    expect(noUser.body.details[0].field).toBe('body.userId');
    expect(wrongRole.status).toBe(400);
  });

  it("never issues routes beyond the issuing key's own (403)", async () => {
    const narrowAdmin = (
      await newApiKey({ role: 'admin', tenantId, allowedRoutes: ['POST /api/v1/api-keys', 'GET /api/v1/orders'] })
    ).key;

    const wider = await api('POST', '/api/v1/api-keys', {
      key: narrowAdmin,
      body: { name: 'wider', role: 'integrator', allowedRoutes: ['GET /api/v1/orders', 'POST /api/v1/orders'] },
    });
    const within = await api('POST', '/api/v1/api-keys', {
      key: narrowAdmin,
      body: { name: 'within', role: 'integrator', allowedRoutes: ['GET /api/v1/orders'] },
    });

    expect(wider.status, wider.text).toBe(403);
    expect(within.status, within.text).toBe(201);
  });

  it("refuses routes the key's role could never call (400), instead of a key that fails at first use", async () => {
    const before = data(await api('GET', '/api/v1/api-keys', { key: admin }), 200).length;
    const refused = await api('POST', '/api/v1/api-keys', {
      key: admin,
      body: {
        name: 'too wide',
        role: 'integrator',
        allowedRoutes: ['GET /api/v1/orders', 'POST /api/v1/api-keys', 'GET /api/v1/audit'],
      },
    });

    expect(refused.status, refused.text).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'body.allowedRoutes', role: 'integrator', routes: ['POST /api/v1/api-keys', 'GET /api/v1/audit'] },
      ],
    });
    expect(data(await api('GET', '/api/v1/api-keys', { key: admin }), 200)).toHaveLength(before);
  });

  it('refuses a key after its expiry', async () => {
    const expiresAt = new Date(Date.now() + 2_000).toISOString();
    const { key } = data(
      await api('POST', '/api/v1/api-keys', {
        key: admin,
        body: { name: 'short-lived', role: 'integrator', expiresAt },
      }),
      201,
    );

    const before = await api('GET', '/api/v1/orders', { key });
    await sleep(2_500);
    const after = await api('GET', '/api/v1/orders', { key });

    expect(before.status).toBe(200);
    expect(after.status).toBe(401);
    expect(after.body.error).toMatch(/expired/);
  });

  it('rotates a key: the new one works at once, the old one until its grace period ends', async () => {
    const first = data(
      await api('POST', '/api/v1/api-keys', { key: admin, body: { name: 'to rotate', role: 'integrator' } }),
      201,
    );

    const rotated = data(
      await api('POST', `/api/v1/api-keys/${first.apiKey.id}/rotate`, { key: admin, body: { graceSeconds: 2 } }),
      201,
    );
    const oldDuringGrace = await api('GET', '/api/v1/orders', { key: first.key });
    const fresh = await api('GET', '/api/v1/orders', { key: rotated.key });
    await sleep(2_500);
    const oldAfterGrace = await api('GET', '/api/v1/orders', { key: first.key });

    expect(rotated.previous).toMatchObject({
      id: first.apiKey.id,
      rotatedTo: rotated.apiKey.id,
      expiresAt: expect.any(String),
    });
    expect([oldDuringGrace.status, fresh.status, oldAfterGrace.status]).toEqual([200, 200, 401]);
  });

  it('rotates a key once: a second rotation, even a concurrent one, gets 409 and leaves one successor', async () => {
    const first = data(
      await api('POST', '/api/v1/api-keys', { key: admin, body: { name: 'rotate once', role: 'integrator' } }),
      201,
    );
    const rotated = data(
      await api('POST', `/api/v1/api-keys/${first.apiKey.id}/rotate`, { key: admin, body: { graceSeconds: 0 } }),
      201,
    );
    const again = await api('POST', `/api/v1/api-keys/${first.apiKey.id}/rotate`, {
      key: admin,
      body: { graceSeconds: 0 },
    });
    expect(again.status, again.text).toBe(409);
    expect(again.body).toMatchObject({
      code: 'INVALID_STATE',
      details: [{ field: 'path.id', rotatedTo: rotated.apiKey.id }],
    });

    const racer = data(
      await api('POST', '/api/v1/api-keys', { key: admin, body: { name: 'rotate race', role: 'integrator' } }),
      201,
    );
    const race = await Promise.all(
      Array.from({ length: 4 }, () =>
        api('POST', `/api/v1/api-keys/${racer.apiKey.id}/rotate`, { key: admin, body: {} }),
      ),
    );
    const won = race.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(race.filter((r) => r.status === 409)).toHaveLength(3);
    // Only the winner's key works; the keys the losers issued were revoked.
    const live = (
      data(await api('GET', '/api/v1/api-keys', { key: admin })) as Array<{
        name: string;
        id: string;
        revokedAt?: string;
      }>
    ).filter((k) => k.name === 'rotate race' && k.id !== racer.apiKey.id && !k.revokedAt);
    expect(live.map((k) => k.id)).toEqual([won[0]!.body.data.apiKey.id]);
    expect((await api('GET', '/api/v1/orders', { key: won[0]!.body.data.key })).status).toBe(200);
  });

  it('refuses to rotate a revoked key, and to issue a key for a deactivated user, with 409 INVALID_STATE', async () => {
    const revoked = data(
      await api('POST', '/api/v1/api-keys', { key: admin, body: { name: 'to revoke', role: 'integrator' } }),
      201,
    );
    data(await api('POST', `/api/v1/api-keys/${revoked.apiKey.id}/revoke`, { key: admin }));
    const rotate = await api('POST', `/api/v1/api-keys/${revoked.apiKey.id}/rotate`, { key: admin, body: {} });
    expect(rotate.status, rotate.text).toBe(409);
    expect(rotate.body).toMatchObject({ code: 'INVALID_STATE', details: [{ field: 'path.id' }] });

    const user = data(
      await api('POST', '/api/v1/users', {
        key: admin,
        body: { name: 'Leaving Soon', role: 'accountant', mobileNumber: uniquePhone() },
      }),
      201,
    );
    data(await api('POST', `/api/v1/users/${user.id}/deactivate`, { key: admin }));
    const issue = await api('POST', '/api/v1/api-keys', {
      key: admin,
      body: { name: 'for a leaver', userId: user.id },
    });
    expect(issue.status, issue.text).toBe(409);
    expect(issue.body).toMatchObject({ code: 'INVALID_STATE', details: [{ field: 'body.userId' }] });
  });

  it('rotates a key that expires before the grace period would end, keeping its own expiry', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const first = data(
      await api('POST', '/api/v1/api-keys', {
        key: admin,
        body: { name: 'expires soon', role: 'integrator', expiresAt },
      }),
      201,
    );
    const rotated = await api('POST', `/api/v1/api-keys/${first.apiKey.id}/rotate`, { key: admin, body: {} });
    expect(rotated.status, rotated.text).toBe(201);
    expect(rotated.body.data.previous).toMatchObject({
      id: first.apiKey.id,
      rotatedTo: rotated.body.data.apiKey.id,
      expiresAt: first.apiKey.expiresAt,
    });
    expect((await api('GET', '/api/v1/orders', { key: first.key })).status).toBe(200);
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const { key, apiKey } = data(
      await api('POST', '/api/v1/api-keys', { key: admin, body: { name: 'used', role: 'integrator' } }),
      201,
    );
    const listedAt = async () =>
      (data(await api('GET', '/api/v1/api-keys', { key: admin })) as Array<{ id: string; lastUsedAt?: string }>).find(
        (k) => k.id === apiKey.id,
      )?.lastUsedAt;

    const unused = await listedAt();
    await api('GET', '/api/v1/orders', { key });
    const first = await listedAt();
    await Promise.all(Array.from({ length: 10 }, () => api('GET', '/api/v1/orders', { key })));
    const later = await listedAt();

    expect(unused).toBeUndefined();
    expect(first).toEqual(expect.any(String));
    expect(later).toBe(first);
  });

  it('refuses a revoked key within the cache bound on a warm container, however often it is used', async () => {
    const { key, apiKey } = data(
      await api('POST', '/api/v1/api-keys', { key: admin, body: { name: 'busy key', role: 'integrator' } }),
      201,
    );
    const boundSeconds = Number(process.env.API_KEY_CACHE_SECONDS ?? 60);
    // Warm the cache, then keep the key in continuous use while it is revoked.
    expect((await api('GET', '/api/v1/orders', { key })).status).toBe(200);
    data(await api('POST', `/api/v1/api-keys/${apiKey.id}/revoke`, { key: admin }));
    const revokedAt = Date.now();
    // Each answer with the moment its request started: a slow answer on a busy machine says
    // nothing about when the key stopped working; a 200 to a request started late does.
    const answers: Array<{ startedMs: number; status: number }> = [];
    while (Date.now() - revokedAt < (boundSeconds + 60) * 1000) {
      const startedMs = Date.now() - revokedAt;
      const { status } = await api('GET', '/api/v1/orders', { key });
      answers.push({ startedMs, status });
      if (status === 401) break;
      await sleep(100);
    }

    const refused = answers.find((a) => a.status === 401);
    const lastAccepted = answers.filter((a) => a.status === 200).at(-1);
    console.info(
      `revoked key in continuous use (${answers.length} requests): last accepted request started ${lastAccepted?.startedMs} ms after the revocation, refused from ${refused?.startedMs} ms (cache bound ${boundSeconds} s)`,
    );
    expect(refused).toBeDefined();
    expect(lastAccepted?.startedMs ?? 0).toBeLessThanOrEqual(boundSeconds * 1000 + 1_000);
  }, 120_000);
});

describe('audit trail', () => {
  it('records who changed what, before and after, with the request id, newest first and paged by cursor', async () => {
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: staff.operations.key,
        body: { name: 'Audited', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', {
        key: staff.operations.key,
        body: { customerId: customer.id, totalAmount: 10 },
      }),
      201,
    );
    const toggled = data(
      await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
        key: staff.operations.key,
        body: { enabled: false, version: 1 },
      }),
    );
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/status`, {
        key: admin,
        body: { status: 'Cancelled', version: toggled.version },
      }),
    );

    const trail = await auditOf('order', order.id);
    const first = await api('GET', `/api/v1/audit?entity=order&id=${order.id}&limit=2`, { key: admin });
    const second = await api(
      'GET',
      `/api/v1/audit?entity=order&id=${order.id}&limit=2&cursor=${first.body.meta.nextCursor}`,
      { key: admin },
    );

    expect(trail.map((r) => r.action)).toEqual(['status.Cancelled', 'customerNotifications.set', 'created']);
    expect(trail[1]).toMatchObject({
      actor: { userId: staff.operations.id, role: 'operations' },
      requestId: expect.any(String),
    });
    expect(trail[1]!.changes).toMatchObject({
      version: { before: 1, after: 2 },
      carDetails: { before: { customerNotificationsEnabled: true }, after: { customerNotificationsEnabled: false } },
    });
    expect(trail[0]!.changes).toMatchObject({ status: { before: 'DepositSubmitted', after: 'Cancelled' } });
    expect([...first.body.data, ...second.body.data].map((r: { action: string }) => r.action)).toEqual(
      trail.map((r) => r.action),
    );
    expect(second.body.meta.nextCursor).toBeUndefined();
    expect((await auditOf('customer', customer.id))[0]).toMatchObject({ action: 'created' });
  });

  it('filtered by entity alone, fills its page from past the newer records of other entities', async () => {
    // The four staff users were registered before: their records lie behind newer customers'.
    for (let i = 0; i < 6; i += 1)
      data(
        await api('POST', '/api/v1/customers', {
          key: staff.operations.key,
          body: { name: `Newer ${i}`, mobileNumber: uniquePhone() },
        }),
        201,
      );

    const first = await api('GET', '/api/v1/audit?entity=user&limit=3', { key: admin });
    const second = await api(
      'GET',
      `/api/v1/audit?entity=user&limit=3&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`,
      { key: admin },
    );

    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(second.status, second.text).toBe(200);
    const both = [...first.body.data, ...second.body.data] as Array<{ id: string; entity: string; at: string }>;
    expect(second.body.data.length).toBeGreaterThan(0);
    expect(both.every((record) => record.entity === 'user')).toBe(true);
    expect(new Set(both.map((record) => record.id)).size).toBe(both.length);
    expect(both.map((record) => record.at)).toEqual([...both.map((record) => record.at)].sort().reverse());
  });

  it('records contract, inspection and wallet changes too, each with the fields it changed', async () => {
    await register('inspector');
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: staff.operations.key,
        body: { name: 'Paper Trail', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', {
        key: staff.operations.key,
        body: { customerId: customer.id, totalAmount: 10 },
      }),
      201,
    );
    const contract = data(
      await api('POST', '/api/v1/contracts', {
        key: staff.operations.key,
        body: { orderId: order.id, customerName: 'Paper Trail' },
      }),
      201,
    );
    data(
      await api('PATCH', `/api/v1/contracts/${contract.id}`, {
        key: staff.operations.key,
        body: { notes: 'second draft' },
      }),
    );
    data(
      await api('PATCH', `/api/v1/contracts/${contract.id}/sign`, {
        key: staff.operations.key,
        body: { signedDocument: { url: 'https://files.example.com/signed.pdf' } },
      }),
    );
    const inspection = data(
      await api('POST', '/api/v1/inspections', {
        key: staff.operations.key,
        body: { orderId: order.id, inspectorId: staff.inspector.id },
      }),
      201,
    );
    data(
      await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, {
        key: staff.operations.key,
        body: { status: 'InProgress' },
      }),
    );
    data(
      await api('POST', `/api/v1/wallets/${customer.walletId}/transactions`, {
        key: staff.accountant.key,
        body: { type: 'credit', amount: 25, currency: 'USD', description: 'top up' },
      }),
      201,
    );

    const contractTrail = await auditOf('contract', contract.id);
    const inspectionTrail = await auditOf('inspection', inspection.id);
    const walletTrail = await auditOf('wallet', customer.walletId);

    expect(contractTrail.map((r) => r.action)).toEqual(['signed', 'updated', 'created']);
    expect(contractTrail[1]!.changes).toMatchObject({ notes: { after: 'second draft' } });
    expect(contractTrail[0]!.changes).toMatchObject({ status: { before: 'Draft', after: 'Signed' } });
    expect(inspectionTrail.map((r) => r.action)).toEqual(['status.InProgress', 'created']);
    expect(walletTrail[0]).toMatchObject({
      action: 'credit',
      actor: { userId: staff.accountant.id },
      changes: { balance: { before: 0, after: 25 } },
    });
  });

  it("is readable by the tenant's admins only, and never across tenants", async () => {
    const otherTenantAdmin = (await newApiKey({ role: 'admin', tenantId: 'demotenantseoulexport001' })).key;
    const ours = await api('GET', '/api/v1/audit?limit=5', { key: admin });

    const asOperations = await api('GET', '/api/v1/audit', { key: staff.operations.key });
    const theirs = await api('GET', `/api/v1/audit?entity=user&id=${staff.marketer.id}`, { key: otherTenantAdmin });
    const stolenCursor = await api('GET', `/api/v1/audit?cursor=${ours.body.meta.nextCursor}`, {
      key: otherTenantAdmin,
    });

    expect(asOperations.status).toBe(403);
    expect(data(theirs)).toEqual([]);
    expect(stolenCursor.status).toBe(400);
  });
});
