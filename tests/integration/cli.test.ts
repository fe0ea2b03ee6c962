/**
 * The staff CLI as staff run it: a child process per command, against the test run's stack
 * (tests/support/env.ts put its endpoints and table name into process.env, which the child inherits).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { recordInbound } from '../../lib/store/chat-contacts.js';
import { createLocalChatLogChannel } from '../../lib/notify/local-chat-log.js';
import { PLATFORM_SCOPE } from '../../lib/domain/scope.js';
import { getApiKeyByHash, hashApiKey, listApiKeys } from '../../lib/store/api-keys.js';
import type { ChatLogEntry } from '../../lib/store/chat-log.js';
import { listFxRates } from '../../lib/store/fx-rates.js';
import { getTenantBySubdomain, listTenants, type Tenant } from '../../lib/store/tenants.js';
import { listUsers, type StaffUser } from '../../lib/store/users.js';
import { cli } from '../support/cli.js';
import { api, uniquePhone } from '../support/http.js';
import { writeStackFile } from '../../scripts/local/stack-file.js';

const GULF = 'demotenantgulfmotors0001';
const SEOUL = 'demotenantseoulexport001';
/** Users made here belong to Seoul: Gulf's staff receive the notifications other test files count. */
const STAFF_TENANT = SEOUL;
const DEMO_MARKETER = 'demousermarketer00000001';
const SEARCH = 'GET /api/v1/customers/search';
const SEARCH_PATH = '/api/v1/customers/search?phone=%2B971501234567';
const KEY_PATTERN = /vpo_[A-Za-z0-9_-]{40}/g;

interface KeyRecord {
  id: string;
  name: string;
  prefix: string;
  role: string;
  tenantId?: string;
  userId?: string;
  allowedRoutes: string[];
  rateLimit?: Record<string, number>;
  expiresAt?: string;
  revokedAt?: string;
  disabledAt?: string;
  rotatedTo?: string;
  lastUsedAt?: string;
}

interface CreatedKey {
  key: string;
  warning: string;
  record: KeyRecord;
}

type ListedKey = KeyRecord & { status: string };

/** Runs a command with --json and parses its output; fails the test with the CLI's message otherwise. */
async function cliJson<T>(args: string[]): Promise<T> {
  const result = await cli([...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

const unique = (): string => randomBytes(5).toString('hex');

const createKey = (extra: string[] = []) =>
  cliJson<CreatedKey>([
    'keys',
    'create',
    '--role',
    'integrator',
    '--tenant',
    GULF,
    '--name',
    `cli test ${unique()}`,
    ...extra,
  ]);

/** A staff user of Gulf Motors made with `users create`. */
const createUser = (role: string, extra: string[] = []) =>
  cliJson<StaffUser>([
    'users',
    'create',
    '--tenant',
    STAFF_TENANT,
    '--name',
    `CLI ${role} ${unique()}`,
    '--role',
    role,
    '--mobile',
    uniquePhone(),
    ...extra,
  ]);

const listedKey = async (id: string): Promise<ListedKey | undefined> =>
  (await cliJson<ListedKey[]>(['keys', 'list'])).find((k) => k.id === id);

describe('cli tenants', () => {
  it('creates a tenant and lists it as JSON', async () => {
    // Arrange
    const subdomain = `t${unique()}`;

    // Act
    const created = await cliJson<Tenant>([
      'tenants',
      'create',
      '--name',
      'Dubai Cars',
      '--subdomain',
      subdomain,
      '--markup',
      '1.12',
      '--providers',
      'glovis,kcar',
      '--published-only',
    ]);
    const listed = await cliJson<Tenant[]>(['tenants', 'list']);

    // Assert
    expect(created).toMatchObject({
      name: 'Dubai Cars',
      subdomain,
      markup: '1.12',
      visibleProviders: ['glovis', 'kcar'],
      publishedOnly: true,
    });
    expect(listed).toContainEqual(created);
    expect((await getTenantBySubdomain(subdomain))?.id).toBe(created.id);
  });

  it('shows every auction provider and a readable table when no --providers and no --json are given', async () => {
    // Arrange
    const subdomain = `t${unique()}`;
    await cliJson<Tenant>([
      'tenants',
      'create',
      '--name',
      `Readable ${subdomain}`,
      '--subdomain',
      subdomain,
      '--markup',
      '1.05',
    ]);

    // Act
    const result = await cli(['tenants', 'list']);

    // Assert
    expect(result.code).toBe(0);
    const row = result.stdout.split('\n').find((line) => line.includes(subdomain));
    expect(row).toContain(`Readable ${subdomain}`);
    expect(row).toContain('glovis,kcar,lotte,sk,autohub,heydealer');
  });

  it('refuses a subdomain another tenant uses with exit code 1 and writes nothing', async () => {
    // Arrange
    const name = `Copycat ${unique()}`;

    // Act: the demo tenant Gulf Motors owns "gulf"; the CLI lower-cases what it is given
    const result = await cli(['tenants', 'create', '--name', name, '--subdomain', 'GULF', '--markup', '1.1']);

    // Assert
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('The subdomain "gulf" is already used by another tenant');
    expect(result.stdout).toBe('');
    expect((await listTenants()).some((tenant) => tenant.name === name)).toBe(false);
  });
});

describe('cli keys', () => {
  it('prints a new key once with a warning, and the key calls only the routes it was given', async () => {
    // Act
    const result = await cli(['keys', 'create', '--role', 'integrator', '--tenant', GULF, '--routes', SEARCH]);
    const key = result.stdout.match(KEY_PATTERN)?.[0] ?? '';
    const allowed = await api('GET', SEARCH_PATH, { key });
    const notAllowed = await api('GET', '/api/v1/customers/somecustomerid0000000001', { key });

    // Assert
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(KEY_PATTERN)).toHaveLength(1);
    expect(result.stdout).toMatch(/cannot be shown again/);
    expect(allowed.status).toBe(200);
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.code).toBe('FORBIDDEN');
  });

  it('gives a key without --routes every route its role may call (*, bounded by the role), and a default name', async () => {
    // Act
    const created = await cliJson<CreatedKey>(['keys', 'create', '--role', 'integrator', '--platform']);

    // Assert
    expect(created.record.allowedRoutes).toEqual(['*']);
    expect((await api('GET', '/api/v1/orders', { key: created.key })).status).toBe(200);
    expect((await api('GET', '/api/v1/audit', { key: created.key })).status).toBe(403);
    expect(created.record.tenantId).toBeUndefined();
    expect(created.record.name).toBe('integrator key for platform staff');
    expect(created.warning).toMatch(/cannot be shown again/);
  });

  it('stores only the hash of the key, with the user id and the rate limit it was given', async () => {
    // Arrange
    const user = await createUser('operations');

    // Act
    const created = await cliJson<CreatedKey>([
      'keys',
      'create',
      '--user-id',
      user.id,
      '--rps',
      '5',
      '--burst',
      '10',
      '--quota-per-day',
      '1000',
    ]);

    // Assert
    const stored = await getApiKeyByHash(hashApiKey(created.key));
    expect(stored).toMatchObject({
      id: created.record.id,
      userId: user.id,
      rateLimit: { rps: 5, burst: 10, quotaPerDay: 1000 },
    });
    expect(JSON.stringify(stored)).not.toContain(created.key);
  });

  it("gives a user's key the user's role and tenant, and shows the user", async () => {
    // Arrange
    const user = await createUser('inspector');

    // Act
    const human = await cli(['keys', 'create', '--user-id', user.id]);
    const json = await cliJson<CreatedKey>([
      'keys',
      'create',
      '--user-id',
      user.id,
      '--role',
      'inspector',
      '--tenant',
      STAFF_TENANT,
    ]);

    // Assert
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^ {2}role {5}inspector$/m);
    expect(human.stdout).toContain(`user     ${user.name} (${user.id})`);
    expect(human.stdout).toContain(`Created API key`);
    expect(human.stdout).toContain(`"inspector key for ${user.name}"`);
    expect(human.stdout.match(KEY_PATTERN)).toHaveLength(1);
    expect(json.record).toMatchObject({ role: 'inspector', tenantId: STAFF_TENANT, userId: user.id });
  });

  it('refuses a marketer key without --user-id with exit code 2 (a bad argument), saying a marketer user is needed, and writes nothing', async () => {
    // Arrange
    const name = `marketer key ${unique()}`;

    // Act
    const result = await cli(['keys', 'create', '--role', 'marketer', '--tenant', GULF, '--name', name]);

    // Assert
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(/--user-id.*a marketer key is issued for a marketer user/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
    expect((await listApiKeys(PLATFORM_SCOPE)).some((key) => key.name === name)).toBe(false);
  });

  it('issues a key for the demo marketer, who is a registered user', async () => {
    // Act
    const created = await cliJson<CreatedKey>(['keys', 'create', '--user-id', DEMO_MARKETER, '--routes', SEARCH]);
    const response = await api('GET', SEARCH_PATH, { key: created.key });

    // Assert
    expect(created.record).toMatchObject({
      role: 'marketer',
      tenantId: GULF,
      userId: DEMO_MARKETER,
      allowedRoutes: [SEARCH],
    });
    expect(response.status).toBe(200);
  });

  it('lists keys with id, name, role, tenant and revocation but never the key or its hash', async () => {
    // Arrange
    const created = await createKey();
    const hash = hashApiKey(created.key);

    // Act
    const human = await cli(['keys', 'list']);
    const json = await cliJson<Array<Record<string, unknown>>>(['keys', 'list']);

    // Assert
    for (const output of [human.stdout, JSON.stringify(json)]) {
      expect(output).toContain(created.record.id);
      expect(output).toContain(created.record.name);
      expect(output).not.toContain(created.key);
      expect(output).not.toContain(hash);
    }
    const listed = json.find((k) => k.id === created.record.id);
    expect(listed).toMatchObject({ role: 'integrator', tenantId: GULF, prefix: created.key.slice(0, 10) });
    expect(listed).not.toHaveProperty('hash');
    expect(listed).not.toHaveProperty('revokedAt');
  });

  it('revokes a key so the API answers 401 and the listing shows when', async () => {
    // Arrange: never used before, so no API container has it cached as valid
    const created = await createKey(['--routes', SEARCH]);

    // Act
    const result = await cli(['keys', 'revoke', created.record.id]);
    const response = await api('GET', SEARCH_PATH, { key: created.key });

    // Assert
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Revoked API key ${created.record.id}`);
    expect(response.status).toBe(401);
    const stored = await getApiKeyByHash(hashApiKey(created.key));
    expect(Date.parse(stored?.revokedAt ?? '')).not.toBeNaN();
    const listed = await cliJson<Array<{ id: string; revokedAt?: string }>>(['keys', 'list']);
    expect(listed.find((k) => k.id === created.record.id)?.revokedAt).toBe(stored?.revokedAt);
  });

  it('keeps the first revocation time when a key is revoked twice', async () => {
    // Arrange
    const created = await createKey();
    const first = await cliJson<{ revokedAt: string; alreadyRevoked: boolean }>(['keys', 'revoke', created.record.id]);

    // Act
    const second = await cliJson<{ revokedAt: string; alreadyRevoked: boolean }>(['keys', 'revoke', created.record.id]);

    // Assert
    expect(first.alreadyRevoked).toBe(false);
    expect(second).toEqual({ id: created.record.id, revokedAt: first.revokedAt, alreadyRevoked: true });
  });

  it('reports an unknown key id on revoke with exit code 1', async () => {
    // Act
    const result = await cli(['keys', 'revoke', 'nosuchkey000000000000001']);

    // Assert
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no API key with id "nosuchkey000000000000001"/);
    expect(result.stdout).toBe('');
  });

  it("lists each key's user, expiry, last use and status, and one tenant's keys with --tenant", async () => {
    // Arrange
    const user = await createUser('accountant');
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await cliJson<CreatedKey>(['keys', 'create', '--user-id', user.id, '--expires-at', expiresAt]);
    const other = await cliJson<CreatedKey>(['keys', 'create', '--role', 'integrator', '--tenant', GULF]);
    await api('GET', '/api/v1/orders', { key: created.key });

    // Act
    const json = await cliJson<ListedKey[]>(['keys', 'list', '--tenant', STAFF_TENANT]);
    const human = await cli(['keys', 'list', '--tenant', STAFF_TENANT]);

    // Assert
    const listed = json.find((k) => k.id === created.record.id);
    expect(listed).toMatchObject({ userId: user.id, role: 'accountant', expiresAt, status: 'active' });
    expect(Date.parse(listed?.lastUsedAt ?? '')).not.toBeNaN();
    expect(json.every((k) => k.tenantId === STAFF_TENANT)).toBe(true);
    expect(json.some((k) => k.id === other.record.id)).toBe(false);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout.split('\n')[0]).toMatch(/\buser\b.*\bstatus\b.*\bexpires\b.*\blast used\b/);
    const row = human.stdout.split('\n').find((line) => line.includes(created.record.id)) ?? '';
    for (const cell of [user.id, 'active', expiresAt, listed?.lastUsedAt ?? '?']) expect(row).toContain(cell);
  });

  it('rotates a key: prints the new key once, which works, and the old one shows when it expires', async () => {
    // Arrange: never used before, so no API container has it cached
    const created = await createKey(['--routes', SEARCH]);
    const before = Date.now();

    // Act
    const result = await cli(['keys', 'rotate', created.record.id, '--grace-hours', '2']);
    const newKey = result.stdout.match(KEY_PATTERN)?.[0] ?? '';
    const withNew = await api('GET', SEARCH_PATH, { key: newKey });
    const withOld = await api('GET', SEARCH_PATH, { key: created.key });

    // Assert
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.match(KEY_PATTERN)).toHaveLength(1);
    expect(newKey).not.toBe(created.key);
    expect(result.stdout).toMatch(/cannot be shown again/);
    expect(withNew.status).toBe(200);
    expect(withOld.status).toBe(200);
    const renewed = await getApiKeyByHash(hashApiKey(newKey));
    expect(renewed).toMatchObject({ role: 'integrator', tenantId: GULF, allowedRoutes: [SEARCH] });
    const old = await listedKey(created.record.id);
    expect(old).toMatchObject({ status: 'rotated', rotatedTo: renewed?.id });
    const expiry = Date.parse(old?.expiresAt ?? '');
    expect(expiry).toBeGreaterThanOrEqual(before + 2 * 3_600_000 - 1_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    expect(result.stdout).toContain(`The old key ${created.record.id} keeps working until ${old?.expiresAt}`);
    expect((await listedKey(renewed?.id ?? ''))?.status).toBe('active');
  });

  it('rotates with no grace: the old key is refused at once and listed as expired', async () => {
    // Arrange
    const created = await createKey(['--routes', SEARCH]);

    // Act
    const rotated = await cliJson<{ key: string; record: KeyRecord; previous: KeyRecord }>([
      'keys',
      'rotate',
      created.record.id,
      '--grace-hours',
      '0',
    ]);
    const withOld = await api('GET', SEARCH_PATH, { key: created.key });

    // Assert
    expect(rotated.previous).toMatchObject({ id: created.record.id, rotatedTo: rotated.record.id });
    expect(Date.parse(rotated.previous.expiresAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(withOld.status).toBe(401);
    expect((await listedKey(created.record.id))?.status).toBe('expired');
  });

  it('refuses to rotate an unknown or a revoked key with exit code 1', async () => {
    // Arrange
    const created = await createKey();
    await cliJson(['keys', 'revoke', created.record.id]);

    // Act
    const unknown = await cli(['keys', 'rotate', 'nosuchkey000000000000002']);
    const revoked = await cli(['keys', 'rotate', created.record.id]);

    // Assert
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('no API key with id "nosuchkey000000000000002" (see `cli keys list`)');
    expect(revoked.code).toBe(1);
    expect(revoked.stderr.trim()).toMatch(/A revoked or disabled key cannot be rotated/);
    expect(revoked.stdout).toBe('');
  });
});

describe('cli users', () => {
  it('creates a user of a tenant with the number in E.164 and lists it by tenant, by role and with everyone', async () => {
    // Arrange
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`;
    const name = `Layla ${unique()}`;

    // Act
    const created = await cliJson<StaffUser>([
      'users',
      'create',
      '--tenant',
      STAFF_TENANT,
      '--name',
      name,
      '--role',
      'inspector',
      '--mobile',
      spaced,
      '--email',
      'layla@example.com',
      '--language',
      'ar',
    ]);
    const byRole = await cliJson<StaffUser[]>(['users', 'list', '--tenant', STAFF_TENANT, '--role', 'inspector']);
    const otherRole = await cliJson<StaffUser[]>(['users', 'list', '--tenant', STAFF_TENANT, '--role', 'accountant']);
    const everyone = await cliJson<StaffUser[]>(['users', 'list']);
    const human = await cli(['users', 'list', '--tenant', STAFF_TENANT]);

    // Assert
    expect(created).toMatchObject({
      name,
      role: 'inspector',
      tenantId: STAFF_TENANT,
      mobileNumber: phone,
      email: 'layla@example.com',
      language: 'ar',
      active: true,
    });
    expect(byRole).toContainEqual(created);
    expect(otherRole.some((u) => u.id === created.id)).toBe(false);
    expect(everyone).toContainEqual(created);
    expect(everyone.some((u) => u.id === DEMO_MARKETER)).toBe(true);
    expect(human.code, human.stderr).toBe(0);
    const row = human.stdout.split('\n').find((line) => line.includes(created.id)) ?? '';
    for (const cell of [name, 'inspector', phone, 'layla@example.com', 'ar', 'yes']) expect(row).toContain(cell);
  });

  it('creates platform staff with --platform and lists them with --platform', async () => {
    // Act
    const created = await cliJson<StaffUser>([
      'users',
      'create',
      '--platform',
      '--name',
      `Platform ${unique()}`,
      '--role',
      'operations',
      '--mobile',
      uniquePhone(),
    ]);
    const listed = await cliJson<StaffUser[]>(['users', 'list', '--platform']);

    // Assert
    expect(created.tenantId).toBeUndefined();
    expect(created.language).toBe('en');
    expect(listed).toContainEqual(created);
    expect(listed.every((u) => u.tenantId === undefined)).toBe(true);
  });

  it('refuses a mobile number another user of the tenant has with exit code 1, naming the field', async () => {
    // Arrange
    const first = await createUser('operations');
    const name = `Copy ${unique()}`;

    // Act
    const result = await cli([
      'users',
      'create',
      '--tenant',
      STAFF_TENANT,
      '--name',
      name,
      '--role',
      'accountant',
      '--mobile',
      first.mobileNumber ?? '',
    ]);

    // Assert
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `A staff user with mobileNumber ${first.mobileNumber} already exists in this tenant: --mobile`,
    );
    expect(result.stdout).toBe('');
    expect((await listUsers(STAFF_TENANT)).some((u) => u.name === name)).toBe(false);
  });

  it('refuses a phone number without its country code with exit code 2 (a bad argument) and says why', async () => {
    // Arrange
    const name = `No code ${unique()}`;

    // Act
    const result = await cli([
      'users',
      'create',
      '--tenant',
      STAFF_TENANT,
      '--name',
      name,
      '--role',
      'operations',
      '--mobile',
      '0501234567',
    ]);

    // Assert
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(
      'Request validation failed: --mobile must be a phone number with its country code, e.g. +971501234567',
    );
    expect(result.stdout).toBe('');
    expect((await listUsers(STAFF_TENANT)).some((u) => u.name === name)).toBe(false);
  });

  it('updates the name, number, e-mail and language of a user', async () => {
    // Arrange
    const user = await createUser('operations');
    const phone = uniquePhone();
    const name = `Renamed ${unique()}`;

    // Act
    const updated = await cliJson<StaffUser>([
      'users',
      'update',
      user.id,
      '--name',
      name,
      '--mobile',
      phone,
      '--email',
      'new@example.com',
      '--language',
      'ar',
    ]);
    const reused = await cli([
      'users',
      'create',
      '--tenant',
      STAFF_TENANT,
      '--name',
      `Reuse ${unique()}`,
      '--role',
      'operations',
      '--mobile',
      user.mobileNumber ?? '',
      '--json',
    ]);

    // Assert
    expect(updated).toMatchObject({
      id: user.id,
      name,
      mobileNumber: phone,
      email: 'new@example.com',
      language: 'ar',
      active: true,
      role: 'operations',
    });
    expect(
      (await cliJson<StaffUser[]>(['users', 'list', '--tenant', STAFF_TENANT])).find((u) => u.id === user.id),
    ).toEqual(updated);
    // The old number was released with the change
    expect(reused.code, reused.stderr).toBe(0);
  });

  it("deactivates a user: the user's keys stop working and are listed as disabled", async () => {
    // Arrange: the key is never used before, so no API container has it cached as valid
    const user = await createUser('operations');
    const created = await cliJson<CreatedKey>(['keys', 'create', '--user-id', user.id, '--routes', SEARCH]);

    // Act
    const human = await cli(['users', 'deactivate', user.id]);
    const response = await api('GET', SEARCH_PATH, { key: created.key });

    // Assert
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(`Deactivated user ${user.id}`);
    expect(human.stdout).toContain(created.record.id);
    expect(response.status).toBe(401);
    expect(await listedKey(created.record.id)).toMatchObject({ status: 'disabled', userId: user.id });
    expect(
      (await cliJson<StaffUser[]>(['users', 'list', '--tenant', STAFF_TENANT])).find((u) => u.id === user.id)?.active,
    ).toBe(false);
    const again = await cli(['keys', 'create', '--user-id', user.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/This user is deactivated/);
  });

  it('deactivates and reactivates a user with users update --active', async () => {
    // Arrange
    const user = await createUser('accountant');
    const created = await cliJson<CreatedKey>(['keys', 'create', '--user-id', user.id]);

    // Act
    const off = await cliJson<StaffUser>(['users', 'update', user.id, '--active', 'false']);
    const on = await cliJson<StaffUser>(['users', 'update', user.id, '--active', 'true']);

    // Assert
    expect(off.active).toBe(false);
    expect(on.active).toBe(true);
    // Reactivating a user does not revive the keys deactivation disabled
    expect((await listedKey(created.record.id))?.status).toBe('disabled');
  });

  it('reports an unknown user id with exit code 1', async () => {
    // Act
    const [update, deactivate] = await Promise.all([
      cli(['users', 'update', 'nosuchuser0000000000001', '--name', 'X']),
      cli(['users', 'deactivate', 'nosuchuser0000000000001']),
    ]);

    // Assert
    for (const result of [update, deactivate]) {
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe('no user with id "nosuchuser0000000000001" (see `cli users list`)');
      expect(result.stdout).toBe('');
    }
  });
});

describe('cli tenants profile', () => {
  it("sets a tenant's legal profile from a JSON file and its stamp from an image, and says what each document still needs", async () => {
    // Arrange: a tenant of its own, a profile file and a stamp image
    const subdomain = `t${unique()}`;
    const tenant = await cliJson<Tenant>([
      'tenants',
      'create',
      '--name',
      `Profile ${subdomain}`,
      '--subdomain',
      subdomain,
      '--markup',
      '1',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'cli-profile-'));
    const file = join(dir, 'profile.json');
    writeFileSync(
      file,
      JSON.stringify({
        legalName: { en: 'Dubai Cars Export FZE', ar: 'دبي لتصدير السيارات' },
        address: { line1: 'Plot S10, Jebel Ali Free Zone', city: 'Dubai', country: 'AE' },
        registrationNumber: 'JAFZA-88123',
        phone: '+97148812345',
        email: 'docs@dubaicars.example',
        bank: {
          bankName: 'Emirates NBD',
          accountName: 'Dubai Cars Export FZE',
          iban: 'AE07 0331 2345 6789 0123 456',
          swift: 'EBILAEAD',
        },
        defaultIncoterms: 'FOB',
        portOfLoading: 'Incheon, Korea',
      }),
    );
    const stamp = join(dir, 'stamp.png');
    writeFileSync(
      stamp,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAAAAABWESUoAAAAEklEQVR4nGNgGAWjYBSMAggAAAQQAAFVN1rQAAAAAElFTkSuQmCC',
        'base64',
      ),
    );
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ bank: { iban: 'AE08 0331 2345 6789 0123 456' }, defaultIncoterms: 'FOB Incheon' }),
    );

    // Act
    const set = await cli(['tenants', 'profile', tenant.id, '--file', file]);
    const image = await cli(['tenants', 'profile-image', tenant.id, 'stamp', '--file', stamp]);
    const shown = await cliJson<{ version: number; stamp?: { width: number }; missing: Record<string, string[]> }>([
      'tenants',
      'profile',
      tenant.id,
    ]);
    const refused = await cli(['tenants', 'profile', tenant.id, '--file', bad]);
    const after = await cliJson<{ version: number; bank?: { iban: string } }>(['tenants', 'profile', tenant.id]);

    // Assert
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('customs-invoice: missing stamp');
    expect(set.stdout).toContain('proforma-invoice: ready');
    expect(image.code, image.stderr).toBe(0);
    expect(image.stdout).toContain('The stamp of');
    expect(image.stdout).toContain('32x32 image/png');
    expect(shown.version).toBe(2);
    expect(shown.stamp?.width).toBe(32);
    expect(shown.missing).toEqual({ 'customs-invoice': [], 'proforma-invoice': [], contract: [] });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/defaultIncoterms/);
    expect(after).toMatchObject({ version: 2, bank: { iban: 'AE070331234567890123456' } });
  });
});

describe('cli tenants update', () => {
  it('turns the second approver on and off, and tenants list shows it', async () => {
    // Arrange: a tenant of its own, so billing tests on the demo tenants are unaffected
    const subdomain = `t${unique()}`;
    const tenant = await cliJson<Tenant>([
      'tenants',
      'create',
      '--name',
      `Approvals ${subdomain}`,
      '--subdomain',
      subdomain,
      '--markup',
      '1.05',
    ]);

    // Act
    const on = await cliJson<Tenant>(['tenants', 'update', tenant.id, '--second-approver', 'on']);
    const listedOn = await cliJson<Tenant[]>(['tenants', 'list']);
    const human = await cli(['tenants', 'list']);
    const off = await cli(['tenants', 'update', tenant.id, '--second-approver', 'off']);
    const listedOff = await cliJson<Tenant[]>(['tenants', 'list']);

    // Assert
    expect(on).toMatchObject({ id: tenant.id, requireSecondApprover: true });
    expect(listedOn.find((t) => t.id === tenant.id)?.requireSecondApprover).toBe(true);
    expect(human.stdout.split('\n')[0]).toContain('second approver');
    expect(human.stdout.split('\n').find((line) => line.includes(subdomain))).toMatch(/\bon\b/);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain('second approver off');
    expect(listedOff.find((t) => t.id === tenant.id)?.requireSecondApprover).toBe(false);
  });

  it('takes the time zone from the country, and a zone set later wins', async () => {
    // Arrange
    const subdomain = `t${unique()}`;

    // Act
    const created = await cli([
      'tenants',
      'create',
      '--name',
      `Doha ${subdomain}`,
      '--subdomain',
      subdomain,
      '--markup',
      '1.05',
      '--country',
      'qa',
    ]);
    const id = (await cliJson<Tenant[]>(['tenants', 'list'])).find((t) => t.subdomain === subdomain)!.id;
    const zoned = await cli(['tenants', 'update', id, '--time-zone', 'Asia/Riyadh']);
    const stored = await cliJson<Tenant[]>(['tenants', 'list']);

    // Assert
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('its days are counted in Asia/Qatar (from its country, QA)');
    expect(zoned.stdout).toContain('its days are counted in Asia/Riyadh');
    expect(stored.find((t) => t.id === id)).toMatchObject({ country: 'QA', timeZone: 'Asia/Riyadh' });
  });

  it('reports an unknown tenant with exit code 1', async () => {
    // Act
    const result = await cli(['tenants', 'update', 'nosuchtenant000000000002', '--second-approver', 'on']);

    // Assert
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('no tenant with id "nosuchtenant000000000002" (see `cli tenants list`)');
  });
});

describe('cli rates', () => {
  it('sets a rate and lists it, with the as-of time in UTC', async () => {
    // Act
    const saved = await cliJson<Record<string, string>>([
      'rates',
      'set',
      '--from',
      'CNY',
      '--to',
      'USD',
      '--rate',
      '0.1381',
      '--source',
      'treasury desk',
      '--as-of',
      '2026-11-02T09:30:00+04:00',
    ]);
    const listed = await cliJson<Array<Record<string, string>>>(['rates', 'list']);

    // Assert
    expect(saved).toMatchObject({
      from: 'CNY',
      to: 'USD',
      rate: '0.1381',
      source: 'treasury desk',
      asOf: '2026-11-02T05:30:00.000Z',
    });
    expect(listed).toContainEqual(saved);
  });

  it('replaces the rate of a pair that is set again', async () => {
    // Arrange
    await cliJson(['rates', 'set', '--from', 'JPY', '--to', 'KRW', '--rate', '9.1']);

    // Act
    await cliJson(['rates', 'set', '--from', 'JPY', '--to', 'KRW', '--rate', '9.25']);

    // Assert
    const pairs = (await listFxRates()).filter((rate) => rate.from === 'JPY' && rate.to === 'KRW');
    expect(pairs.map((rate) => rate.rate)).toEqual(['9.25']);
  });
});

describe('cli chat log', () => {
  /** Sends a message through the local chat channel, as the outbox consumer does. */
  async function sentMessage(): Promise<{ messageId: string; to: string; text: string }> {
    const to = uniquePhone();
    // Free-form text reaches only someone who wrote to the business number within 24 hours.
    await recordInbound(to, `wamid.cli.${unique()}`, new Date().toISOString(), undefined);
    const text = `CLI chat log ${unique()}`;
    const { messageId } = await createLocalChatLogChannel().send({ to, text });
    return { messageId, to, text };
  }

  it('lists a message the local chat channel sent, as JSON and as a table', async () => {
    // Arrange
    const { messageId, to, text } = await sentMessage();

    // Act
    // (The widest page: other test files send messages concurrently and could push it off a short one.)
    const { messages: listed } = await cliJson<{ messages: ChatLogEntry[] }>(['chat', 'log', '--limit', '200']);
    const human = await cli(['chat', 'log', '--limit', '200']);

    // Assert
    expect(listed).toContainEqual({ messageId, to, text, createdAt: expect.any(String) as string });
    expect(human.code, human.stderr).toBe(0);
    const row = human.stdout.split('\n').find((line) => line.includes(messageId));
    expect(row).toContain(to);
    expect(row).toContain(text);
  });

  it('pages with --cursor, the next page named at the end of each, every message once', async () => {
    // Arrange: seven messages to one recipient.
    const to = uniquePhone();
    await recordInbound(to, `wamid.cli.${unique()}`, new Date().toISOString(), undefined);
    const sent: string[] = [];
    for (let i = 0; i < 7; i += 1)
      sent.push((await createLocalChatLogChannel().send({ to, text: `page test ${i} ${unique()}` })).messageId);

    // Act: pages of 3, following the cursor each page gives.
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await cliJson<{ messages: ChatLogEntry[]; next?: string }>([
        'chat',
        'log',
        '--to',
        to,
        '--limit',
        '3',
        ...(cursor ? ['--cursor', cursor] : []),
      ]);
      seen.push(...page.messages.map((m) => m.messageId));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    const human = await cli(['chat', 'log', '--to', to, '--limit', '3']);
    const bad = await cli(['chat', 'log', '--cursor', 'not-a-cursor']);

    // Assert: newest first, all seven, in three pages; the table names the next page's command.
    expect(seen).toEqual([...sent].reverse());
    expect(pages).toBe(3);
    expect(human.stdout).toMatch(/older messages: npm run -s cli -- chat log --limit 3 --to \+\d+ --cursor \S+/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--cursor');
  });

  it('still answers to its old name, chat outbox, with the same output', async () => {
    // Arrange
    const { messageId } = await sentMessage();

    // Act
    const [current, old] = await Promise.all([
      cli(['chat', 'log', '--json', '--limit', '200']),
      cli(['chat', 'outbox', '--json', '--limit', '200']),
    ]);
    const [currentBad, oldBad] = await Promise.all([
      cli(['chat', 'log', '--limit', '0']),
      cli(['chat', 'outbox', '--limit', '0']),
    ]);

    // Assert
    expect(old.code, old.stderr).toBe(0);
    expect(old.stderr).toBe(current.stderr);
    const entry = (output: string) =>
      (JSON.parse(output) as { messages: ChatLogEntry[] }).messages.find((m) => m.messageId === messageId);
    expect(entry(old.stdout)).toBeDefined();
    expect(entry(old.stdout)).toEqual(entry(current.stdout));
    expect(oldBad).toEqual(currentBad);
    expect(oldBad.code).toBe(2);
  });

  it('shows only the name chat log in the usage and in the list of commands', async () => {
    // Act
    const usage = await cli(['help']);
    const unknown = await cli(['chat', 'history']);

    // Assert
    expect(usage.stdout).toContain('chat log [--limit N]');
    expect(usage.stdout).not.toContain('chat outbox');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(', chat log, chat templates, chat status, chat inbound, ');
    expect(unknown.stderr).not.toContain('chat outbox');
  });
});

describe.concurrent('cli arguments', () => {
  const tenantWritten = (subdomain: string) => async () => (await getTenantBySubdomain(subdomain)) !== undefined;
  const keyWritten = (name: string) => async () => (await listApiKeys(PLATFORM_SCOPE)).some((key) => key.name === name);
  const userWritten = (phone: string) => async () =>
    (await Promise.all([GULF, undefined].map((tenantId) => listUsers(tenantId))))
      .flat()
      .some((u) => u.mobileNumber === phone);
  const rateWritten = (from: string, to: string) => async () =>
    (await listFxRates()).some((rate) => rate.from === from && rate.to === to);
  const nothing = () => async () => false;

  const tenant = (subdomain = `t${unique()}`) => ({
    args: ['tenants', 'create', '--name', `Bad ${subdomain}`, '--subdomain', subdomain, '--markup', '1.08'],
    wrote: tenantWritten(subdomain),
  });
  const key = (name = `bad key ${unique()}`) => ({ args: ['keys', 'create', '--name', name], wrote: keyWritten(name) });
  const rate = (from: string, to: string) => ({
    args: ['rates', 'set', '--from', from, '--to', to],
    wrote: rateWritten(from, to),
  });
  const user = (phone = uniquePhone()) => ({
    args: [
      'users',
      'create',
      '--name',
      `Bad user ${unique()}`,
      '--role',
      'operations',
      '--mobile',
      phone,
      '--tenant',
      STAFF_TENANT,
    ],
    wrote: userWritten(phone),
  });

  const cases: Array<{ label: string; args: string[]; message: RegExp; wrote: () => Promise<boolean> }> = [
    { label: 'an unknown command', args: ['frobnicate'], message: /unknown command "frobnicate"/, wrote: nothing() },
    {
      label: 'an unknown action',
      args: ['tenants', 'delete'],
      message: /unknown command "tenants delete"/,
      wrote: nothing(),
    },
    {
      label: 'flags before the command',
      args: ['--json', 'tenants', 'list'],
      message: /put the command first/,
      wrote: nothing(),
    },
    {
      label: 'an unknown flag',
      ...adding(tenant(), ['--colour', 'red']),
      message: /unknown flag --colour for "tenants create"/,
    },
    { label: 'a missing --markup', ...dropping(tenant(), '--markup'), message: /"tenants create" needs --markup/ },
    {
      label: 'a markup of zero',
      ...replacing(tenant(), '--markup', '0'),
      message: /--markup must be a decimal from 0.5 to 5/,
    },
    {
      label: 'a markup that is not a number',
      ...replacing(tenant(), '--markup', '1,08'),
      message: /--markup must be a decimal from 0.5 to 5/,
    },
    {
      label: 'a negative markup',
      ...dropping(adding(tenant(), ['--markup=-1.2']), '--markup'),
      message: /--markup must be a decimal from 0.5 to 5/,
    },
    {
      label: 'a markup of 0.01',
      ...replacing(tenant(), '--markup', '0.01'),
      message: /--markup must be a decimal from 0.5 to 5, .* got "0.01"/,
    },
    {
      label: 'a markup of 1000',
      ...replacing(tenant(), '--markup', '1000'),
      message: /--markup must be a decimal from 0.5 to 5, .* got "1000"/,
    },
    {
      label: 'an unknown provider',
      ...adding(tenant(), ['--providers', 'glovis,ebay']),
      message: /unknown provider ebay; providers: glovis/,
    },
    {
      label: 'a country that is no ISO code',
      ...adding(tenant(), ['--country', 'Qatar']),
      message: /--country must be a two-letter ISO 3166 country code, e.g. QA or AE; got "QATAR"/,
    },
    {
      label: 'a time zone that does not exist',
      ...adding(tenant(), ['--time-zone', 'Asia/Doha']),
      message: /--time-zone must be an IANA time zone name, e.g. Asia\/Qatar or Asia\/Dubai; got "Asia\/Doha"/,
    },
    {
      label: 'a subdomain that is no DNS label',
      ...tenant('no_underscores'),
      message: /--subdomain must be a DNS label/,
    },
    { label: '--target aws without --stage', ...adding(tenant(), ['--target', 'aws']), message: /needs --stage/ },
    {
      label: '--stage without --target aws',
      ...adding(tenant(), ['--stage', 'dev']),
      message: /--stage and --region apply only to --target aws/,
    },
    { label: 'a missing --role', ...adding(key(), ['--platform']), message: /"keys create" needs --role/ },
    {
      label: 'a role that does not exist',
      ...adding(key(), ['--role', 'superuser', '--platform']),
      message: /--role must be one of admin, operations/,
    },
    {
      label: 'both --tenant and --platform',
      ...adding(key(), ['--role', 'admin', '--tenant', GULF, '--platform']),
      message: /either --tenant ID or --platform, not both/,
    },
    {
      label: 'neither --tenant nor --platform',
      ...adding(key(), ['--role', 'admin']),
      message: /needs --tenant ID .* or --platform/,
    },
    {
      label: 'a tenant that does not exist',
      ...adding(key(), ['--role', 'admin', '--tenant', 'nosuchtenant000000000001']),
      message: /no tenant with id "nosuchtenant000000000001"/,
    },
    {
      label: 'an unknown route',
      ...adding(key(), ['--role', 'integrator', '--platform', '--routes', 'GET /api/v1/no-such-route']),
      message: /unknown route "GET \/api\/v1\/no-such-route"/,
    },
    {
      label: 'a fractional --rps',
      ...adding(key(), ['--role', 'integrator', '--platform', '--rps', '1.5']),
      message: /--rps must be a positive whole number/,
    },
    {
      label: 'a lower-case currency',
      ...adding(rate('krw', 'USD'), ['--rate', '0.00072']),
      message: /--from must be a currency code of 3 capital letters/,
    },
    {
      label: 'a two-letter currency',
      ...adding(rate('KRW', 'US'), ['--rate', '0.00072']),
      message: /--to must be a currency code/,
    },
    {
      label: 'the same currency twice',
      ...adding(rate('XAG', 'XAG'), ['--rate', '1']),
      message: /--from and --to must differ/,
    },
    {
      label: 'a rate of zero',
      ...adding(rate('XAA', 'XAB'), ['--rate', '0.000']),
      message: /--rate must be a positive decimal/,
    },
    {
      label: 'a rate that is not a number',
      ...adding(rate('XAC', 'XAD'), ['--rate', 'abc']),
      message: /--rate must be a positive decimal/,
    },
    { label: 'a missing --rate', ...rate('XAE', 'XAF'), message: /"rates set" needs --rate/ },
    {
      label: 'an impossible --as-of date',
      ...adding(rate('XAH', 'XAI'), ['--rate', '1', '--as-of', '2026-02-31']),
      message: /--as-of must be an ISO date/,
    },
    {
      label: 'keys revoke without an id',
      args: ['keys', 'revoke'],
      message: /"keys revoke" takes <id>/,
      wrote: nothing(),
    },
    {
      label: 'a key for a user with another --role',
      ...adding(key(), ['--user-id', DEMO_MARKETER, '--role', 'admin']),
      message: /--role admin does not match user demousermarketer00000001, who is a marketer/,
    },
    {
      label: 'a key for a user with another --tenant',
      ...adding(key(), ['--user-id', DEMO_MARKETER, '--tenant', SEOUL]),
      message: /--tenant demotenantseoulexport001 does not match user demousermarketer00000001/,
    },
    {
      label: 'a key for a tenant user with --platform',
      ...adding(key(), ['--user-id', DEMO_MARKETER, '--platform']),
      message: /--platform does not match user .* who is of tenant demotenantgulfmotors0001/,
    },
    {
      label: 'a key for a user who does not exist',
      ...adding(key(), ['--user-id', 'nosuchuser0000000000002']),
      message: /no user with id "nosuchuser0000000000002"/,
    },
    {
      label: 'a key that expired already',
      ...adding(key(), ['--role', 'integrator', '--platform', '--expires-at', '2020-01-01T00:00:00Z']),
      message: /--expires-at must be in the future/,
    },
    {
      label: 'an impossible --expires-at',
      ...adding(key(), ['--role', 'integrator', '--platform', '--expires-at', 'tomorrow']),
      message: /--expires-at must be an ISO date/,
    },
    {
      label: 'a grace period that is no whole number of hours',
      args: ['keys', 'rotate', 'nosuchkey000000000000003', '--grace-hours', '1.5'],
      message: /--grace-hours must be a whole number of hours/,
      wrote: nothing(),
    },
    {
      label: 'keys rotate without an id',
      args: ['keys', 'rotate'],
      message: /"keys rotate" takes <id>/,
      wrote: nothing(),
    },
    { label: 'a user without --name', ...dropping(user(), '--name'), message: /"users create" needs --name/ },
    { label: 'a user without --mobile', ...dropping(user(), '--mobile'), message: /"users create" needs --mobile/ },
    {
      label: 'a user with a role that does not exist',
      ...replacing(user(), '--role', 'boss'),
      message: /--role must be one of admin, operations/,
    },
    {
      label: 'a user with neither --tenant nor --platform',
      ...dropping(user(), '--tenant'),
      message: /"users create" needs --tenant ID .* or --platform/,
    },
    {
      label: 'a user of a tenant that does not exist',
      ...replacing(user(), '--tenant', 'nosuchtenant000000000003'),
      message: /no tenant with id "nosuchtenant000000000003"/,
    },
    {
      label: 'a user with an unknown --language',
      ...adding(user(), ['--language', 'fr']),
      message: /--language must be en or ar, got "fr"/,
    },
    {
      label: 'a user with a malformed --email',
      ...adding(user(), ['--email', 'not-an-address']),
      message: /--email must be an e-mail address/,
    },
    {
      label: 'users update without a change',
      args: ['users', 'update', DEMO_MARKETER],
      message: /"users update" needs at least one of --name/,
      wrote: nothing(),
    },
    {
      label: 'users update with --active yes',
      args: ['users', 'update', DEMO_MARKETER, '--active', 'yes'],
      message: /--active must be true or false, got "yes"/,
      wrote: nothing(),
    },
    {
      label: 'users deactivate without an id',
      args: ['users', 'deactivate'],
      message: /"users deactivate" takes <userId>/,
      wrote: nothing(),
    },
    {
      label: 'tenants update without a setting',
      args: ['tenants', 'update', GULF],
      message:
        /"tenants update" needs at least one of --markup 1.08, --providers glovis,kcar, --published-only true\|false, --second-approver on\|off/,
      wrote: nothing(),
    },
    {
      label: 'tenants update with a markup of 1000',
      args: ['tenants', 'update', GULF, '--markup', '1000'],
      message: /--markup must be a decimal from 0.5 to 5, .* got "1000"/,
      wrote: nothing(),
    },
    {
      label: 'a second approver that is neither on nor off',
      args: ['tenants', 'update', GULF, '--second-approver', 'yes'],
      message: /--second-approver must be on or off, got "yes"/,
      wrote: nothing(),
    },
    {
      label: 'a group without its command',
      args: ['tenants'],
      message: /"tenants" needs one of its commands: tenants create, tenants list/,
      wrote: nothing(),
    },
    {
      label: 'tenants update with a time zone that does not exist',
      args: ['tenants', 'update', GULF, '--time-zone', 'GST'],
      message: /--time-zone must be an IANA time zone name/,
      wrote: nothing(),
    },
  ];

  it.each(cases)('exits 2 with a one-line message and writes nothing for $label', async ({ args, message, wrote }) => {
    // Act
    const result = await cli(args);

    // Assert
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
    expect(await wrote()).toBe(false);
  });

  it.each([[[]], [['help']], [['tenants', 'list', '--help']], [['tenants', '--help']], [['keys', '-h']]])(
    'prints the usage for %j',
    async (args) => {
      // Act
      const result = await cli(args);

      // Assert
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: npm run -s cli -- <command> [flags]');
      expect(result.stderr).toBe('');
    },
  );

  it('lists the user, key lifecycle and tenant settings commands in the usage', async () => {
    // Act
    const result = await cli(['help']);

    // Assert
    for (const command of [
      'users create',
      'users list',
      'users update <userId>',
      'users deactivate <userId>',
      'keys rotate <id> [--grace-hours H]',
      'keys list      [--tenant ID]',
      'tenants update <tenantId> [--markup 1.08] [--providers glovis,kcar] [--published-only true|false]',
      '[--second-approver on|off] [--language en|ar] [--country CC] [--time-zone Area/City]',
      '--user-id ID',
      '--expires-at',
    ]) {
      expect(result.stdout).toContain(command);
    }
  });

  it('says in one line that no stack runs when none noted its ports and the local DynamoDB does not answer', async () => {
    // Arrange: no endpoint in the environment and a data folder with no running stack, so the CLI falls back to the defaults, on a port nobody listens on
    const dataDir = mkdtempSync(join(tmpdir(), 'vpo-cli-nostack-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DYNAMODB_PORT: String(await closedPort()),
      LOCAL_DATA_DIR: dataDir,
    };
    delete env.AWS_ENDPOINT_URL_DYNAMODB;

    // Act
    const result = await cli(['tenants', 'list'], { env });

    // Assert
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `No local stack is running (\`npm start\` notes its ports in ${join(dataDir, 'stack.json')} while it runs), and nothing answers at http://127.0.0.1:${env.DYNAMODB_PORT}: start it with \`npm start\`, or use --target aws --stage <stage>`,
    );
    expect(result.stdout).toBe('');
  });

  it('finds the running stack on the ports it noted, whatever they are', async () => {
    // Arrange: the test stack's ports, noted as `npm start` notes its own; nothing else tells the CLI where it is.
    const dataDir = mkdtempSync(join(tmpdir(), 'vpo-cli-stack-'));
    const port = (url: string | undefined) => Number(new URL(url!).port);
    writeStackFile(dataDir, {
      pid: process.pid,
      startedAt: new Date().toISOString(),
      ports: {
        http: 0,
        lambda: 0,
        dynamo: port(process.env.AWS_ENDPOINT_URL_DYNAMODB),
        s3: port(process.env.AWS_ENDPOINT_URL_S3),
      },
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOCAL_DATA_DIR: dataDir,
      DYNAMODB_PORT: String(await closedPort()),
    };
    delete env.AWS_ENDPOINT_URL_DYNAMODB;
    delete env.AWS_ENDPOINT_URL_S3;
    delete env.TABLE_NAME;

    // Act
    const result = await cli(['tenants', 'list', '--json'], { env });

    // Assert: the demo tenants of the test stack's table.
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as Tenant[]).map((t) => t.subdomain)).toContain('gulf');
  });

  it('sends chat inbound and chat status to the API of the running stack it noted, whatever PORT says', async () => {
    // Arrange: the test stack's ports, its API's among them, noted as `npm start` notes its own; PORT names a port nobody listens on.
    const dataDir = mkdtempSync(join(tmpdir(), 'vpo-cli-chat-'));
    const port = (url: string | undefined) => Number(new URL(url!).port);
    writeStackFile(dataDir, {
      pid: process.pid,
      startedAt: new Date().toISOString(),
      ports: {
        http: port(inject('baseUrl')),
        lambda: 0,
        dynamo: port(process.env.AWS_ENDPOINT_URL_DYNAMODB),
        s3: port(process.env.AWS_ENDPOINT_URL_S3),
      },
    });
    const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DATA_DIR: dataDir, PORT: String(await closedPort()) };
    delete env.AWS_ENDPOINT_URL_DYNAMODB;
    delete env.AWS_ENDPOINT_URL_S3;

    // Act
    const inbound = await cli(['chat', 'inbound', uniquePhone(), '--text', `hello ${unique()}`, '--json'], { env });
    const status = await cli(['chat', 'status', `wamid.unknown.${unique()}`, '--status', 'delivered', '--json'], {
      env,
    });

    // Assert
    expect(inbound.code, inbound.stderr).toBe(0);
    expect(JSON.parse(inbound.stdout)).toMatchObject({ messages: 1, optOuts: 0 });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ statuses: 0, unknownStatuses: 1 });
  });

  it('says in one line that no stack runs when chat inbound finds no API, and --api still names one', async () => {
    // Arrange: no running stack noted, and nothing on PORT
    const dataDir = mkdtempSync(join(tmpdir(), 'vpo-cli-chat-nostack-'));
    const httpPort = await closedPort();
    const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DATA_DIR: dataDir, PORT: String(httpPort) };
    delete env.AWS_ENDPOINT_URL_DYNAMODB;
    delete env.AWS_ENDPOINT_URL_S3;

    // Act
    const refused = await cli(['chat', 'inbound', uniquePhone(), '--text', 'hello'], { env });
    const given = await cli(
      ['chat', 'inbound', uniquePhone(), '--text', 'hello', '--api', inject('baseUrl'), '--json'],
      { env },
    );

    // Assert
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    const line = refused.stderr.trim();
    expect(line).toContain(
      `No local stack is running (\`npm start\` notes its ports in ${join(dataDir, 'stack.json')} while it runs)`,
    );
    expect(line).toContain(`the API does not answer at http://localhost:${httpPort} (`);
    expect(line).toMatch(/: start it with `npm start`, or give --api URL$/);
    expect(given.code, given.stderr).toBe(0);
    expect(JSON.parse(given.stdout)).toMatchObject({ messages: 1 });
  });

  it('says in the usage that local means the running stack noted in .local/stack.json, not a fixed DynamoDB port', async () => {
    // Act
    const result = await cli(['help']);

    // Assert
    expect(result.stdout).toContain(
      '--target local|aws     local (default): the running stack of `npm start`, on the ports it notes in .local/stack.json',
    );
    expect(result.stdout).not.toContain('DynamoDB on DYNAMODB_PORT, default 8000');
  });
});

// --- case builders -------------------------------------------------------------------------------

interface Case {
  args: string[];
  wrote: () => Promise<boolean>;
}

function adding(base: Case, extra: string[]): Case {
  return { ...base, args: [...base.args, ...extra] };
}

function dropping(base: Case, flag: string): Case {
  const at = base.args.indexOf(flag);
  return { ...base, args: base.args.filter((_, i) => i !== at && i !== at + 1) };
}

function replacing(base: Case, flag: string, value: string): Case {
  return { ...base, args: base.args.map((arg, i) => (base.args[i - 1] === flag ? value : arg)) };
}

/** A port that was free a moment ago: bound by the OS, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}
