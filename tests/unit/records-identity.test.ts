import { describe, expect, it } from 'vitest';
import * as keys from '../../lib/store/keys.js';
import { CorruptRecordError, type RecordCodec } from '../../lib/store/record.js';
import { apiKeyCodec, apiKeyReferenceCodec } from '../../lib/store/records/api-key.js';
import { auditRecordCodec } from '../../lib/store/records/audit.js';
import { chatContactCodec } from '../../lib/store/records/chat-contact.js';
import { customerAccessCodec, customerCodec } from '../../lib/store/records/customer.js';
import { fxRateCodec } from '../../lib/store/records/fx-rate.js';
import { idempotencyCodec } from '../../lib/store/records/idempotency.js';
import { staffUserCodec } from '../../lib/store/records/user.js';
import { walletCodec } from '../../lib/store/records/wallet.js';
import { ledgerEntryCodec } from '../../lib/store/records/wallet-entry.js';

// Items as the store functions write them (key attributes, `entity`, and a TTL where there is one).
const at = '2026-11-26T08:00:00.000Z';
const staffUser = {
  ...keys.user('u1'),
  ...keys.staffIndex('t1', 'marketer', 'u1'),
  ...keys.usersOfTenantIndex('t1', 'Omar Saleh', 'u1'),
  entity: 'user',
  id: 'u1',
  name: 'Omar Saleh',
  role: 'marketer',
  tenantId: 't1',
  mobileNumber: '+971501234567',
  language: 'ar',
  active: false,
  deactivatedAt: at,
  createdAt: at,
  updatedAt: at,
};
const apiKey = {
  ...keys.apiKey('ab12'),
  ...keys.apiKeyIndex(at, 'k1'),
  ...keys.apiKeysOfTenantIndex('t1', at, 'k1'),
  ...keys.apiKeysOfUserIndex('u1', 'k1'),
  entity: 'apiKey',
  id: 'k1',
  name: 'Storefront',
  prefix: 'vpo_abcdef',
  tenantId: 't1',
  role: 'marketer',
  userId: 'u1',
  allowedRoutes: ['*'],
  rateLimit: { rps: 5, quotaPerDay: 10_000 },
  createdAt: at,
  createdBy: 'admin1',
  validUntil: '2027-01-01T00:00:00.000Z',
  hash: 'ab12',
};
const auditRecord = {
  ...keys.auditRecord('t1', at, 'a1'),
  ...keys.auditOfEntity('t1', 'customer', 'c1', at, 'a1'),
  entity: 'audit',
  auditEntity: 'customer',
  id: 'a1',
  tenantId: 't1',
  at,
  actor: { keyId: 'k1', userId: 'u1', role: 'marketer' },
  requestId: 'r1',
  entityId: 'c1',
  action: 'created',
  changes: { name: { after: 'Layla Haddad' }, walletId: { before: null, after: 'w1' } },
};
const customer = {
  ...keys.customer('c1'),
  ...keys.customerPhoneIndex('+971501234567', 't1'),
  entity: 'customer',
  id: 'c1',
  name: 'Layla Haddad',
  mobileNumber: '+971501234567',
  language: 'en',
  tenantId: 't1',
  walletId: 'w1',
  createdBy: 'u1',
  createdAt: at,
  updatedAt: at,
};
const wallet = {
  ...keys.wallet('w1'),
  entity: 'wallet',
  id: 'w1',
  customerId: 'c1',
  balance: 150.5,
  currency: 'USD',
  entryCount: 2,
  createdAt: at,
  updatedAt: at,
};
const ledgerEntry = {
  ...keys.walletEntry('w1', 2),
  entity: 'walletEntry',
  id: 'e2',
  walletId: 'w1',
  seq: 2,
  type: 'payment_deduction',
  amount: 49.5,
  delta: -49.5,
  balanceAfter: 150.5,
  currency: 'USD',
  description: 'Order 12',
  orderId: 'o1',
  createdBy: 'u1',
  createdAt: at,
};
const idempotencyAnswer = {
  ...keys.idempotency('k1', 'retry-1'),
  entity: 'idempotency',
  requestHash: 'f00d',
  data: { transaction: { id: 'e2' } },
  createdAt: at,
  expiresAt: 1_795_000_000,
};
const fxRate = {
  ...keys.fxRate('USD', 'AED'),
  ...keys.fxRateIndex('USD', 'AED'),
  entity: 'fxRate',
  from: 'USD',
  to: 'AED',
  rate: '3.6725',
  source: 'peg',
  asOf: at,
  updatedAt: at,
};
const chatContact = {
  ...keys.chatContact('+971501234567'),
  entity: 'chatContact',
  phone: '+971501234567',
  lastInboundAt: at,
  updatedAt: at,
};

const KEY_ATTRIBUTES = new Set([
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'gsi3pk',
  'gsi3sk',
  'entity',
  'expiresAt',
]);
const withoutKeyAttributes = (item: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.has(name)));

const refusal = (codec: RecordCodec<unknown>, item: Record<string, unknown>): unknown => {
  try {
    codec.decode(item);
  } catch (error) {
    return error;
  }
  return undefined;
};
const changed = (item: Record<string, unknown>, change: Record<string, unknown>) =>
  Object.fromEntries(Object.entries({ ...item, ...change }).filter(([, value]) => value !== undefined));

const codecs: Record<string, RecordCodec<unknown>> = {
  staffUser: staffUserCodec,
  apiKey: apiKeyCodec,
  auditRecord: auditRecordCodec,
  customer: customerCodec,
  wallet: walletCodec,
  ledgerEntry: ledgerEntryCodec,
  idempotency: idempotencyCodec,
  fxRate: fxRateCodec,
  chatContact: chatContactCodec,
};

describe('the records of people, keys, money and the trail, read back from the table', () => {
  it.each([
    ['staffUser', staffUser],
    ['apiKey', apiKey],
    ['auditRecord', auditRecord],
    ['customer', customer],
    ['wallet', wallet],
    ['ledgerEntry', ledgerEntry],
    ['idempotency', idempotencyAnswer],
    ['fxRate', fxRate],
    ['chatContact', chatContact],
  ] as const)('a stored %s decodes to its record, key attributes and TTL dropped', (name, item) => {
    expect(codecs[name]!.decode(item)).toEqual(withoutKeyAttributes(item));
  });

  it("a key's expiry is stored as validUntil (expiresAt is the table's TTL, and is dropped)", () => {
    const decoded = apiKeyCodec.decode({ ...apiKey, expiresAt: 1_795_000_000 });
    expect(decoded).toMatchObject({ validUntil: '2027-01-01T00:00:00.000Z', hash: 'ab12' });
    expect(decoded).not.toHaveProperty('expiresAt');
  });

  it('an Idempotency-Key claim has no answer yet, and decodes without one', () => {
    const claim = {
      ...keys.idempotency('k1', 'retry-2'),
      entity: 'idempotency',
      pending: true,
      claimToken: 'tok',
      requestHash: 'f00d',
      createdAt: at,
      expiresAt: 1,
    };
    expect(idempotencyCodec.decode(claim)).toEqual({
      pending: true,
      claimToken: 'tok',
      requestHash: 'f00d',
      createdAt: at,
    });
  });

  it('the pointer items read back decode too: the key id reference and the marketer link', () => {
    expect(apiKeyReferenceCodec.decode({ ...keys.apiKeyReference('k1'), entity: 'apiKeyRef', hash: 'ab12' })).toEqual({
      hash: 'ab12',
    });
    expect(
      customerAccessCodec.decode({
        ...keys.customerAccess('c1', 'u1'),
        entity: 'customerAccess',
        customerId: 'c1',
        marketerId: 'u1',
      }),
    ).toEqual({
      customerId: 'c1',
      marketerId: 'u1',
    });
  });

  it.each([
    ['staffUser', staffUser, 'staff user', { role: 'owner' }, '/role'],
    ['staffUser', staffUser, 'staff user', { active: undefined }, '/active'],
    ['apiKey', apiKey, 'api key', { hash: undefined }, '/hash'],
    ['apiKey', apiKey, 'api key', { rateLimit: { rps: '5' } }, '/rateLimit/rps'],
    ['apiKey', apiKey, 'api key', { validUntil: 1_795_000_000 }, '/validUntil'],
    ['auditRecord', auditRecord, 'audit record', { auditEntity: 'car' }, '/auditEntity'],
    ['auditRecord', auditRecord, 'audit record', { actor: { userId: 'u1', role: 'marketer' } }, '/actor/keyId'],
    ['customer', customer, 'customer', { language: 'fr' }, '/language'],
    ['wallet', wallet, 'wallet', { balance: '150.5' }, '/balance'],
    ['wallet', wallet, 'wallet', { entryCount: 1.5 }, '/entryCount'],
    ['ledgerEntry', ledgerEntry, 'wallet entry', { type: 'withdrawal' }, '/type'],
    ['idempotency', idempotencyAnswer, 'idempotency record', { requestHash: undefined }, '/requestHash'],
    ['fxRate', fxRate, 'fx rate', { rate: 3.6725 }, '/rate'],
    ['chatContact', chatContact, 'chat contact', { optedOut: 'yes' }, '/optedOut'],
  ] as const)(
    'a %s with a wrong attribute is refused, naming the record, its key and the attribute',
    (name, item, entity, change, path) => {
      const error = refusal(codecs[name]!, changed(item, change));
      expect(error).toBeInstanceOf(CorruptRecordError);
      expect(error).toMatchObject({ entity, key: `${item.pk} ${item.sk}`, path });
      expect((error as Error).message).toContain(path);
    },
  );

  it('keys.ts serves the builders from the record modules', async () => {
    const user = await import('../../lib/store/records/user.js');
    const wallets = await import('../../lib/store/records/wallet-entry.js');
    expect(keys.user).toBe(user.user);
    expect(keys.walletEntry('w1', 7)).toEqual({ pk: 'WALLET#w1', sk: 'TX#000000000007' });
    expect(keys.walletEntry).toBe(wallets.walletEntry);
  });
});
