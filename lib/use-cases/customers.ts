import type { Static } from '@sinclair/typebox';
import type {
  createCustomer as CreateRoute,
  Customer,
  CustomerMatch,
  CustomerSummary,
  listCustomers as ListRoute,
} from '../schemas/customers.js';
import type { Caller } from '../domain/caller.js';
import { newId, walletIdFor } from '../domain/ids.js';
import { isIsoCurrency } from '../domain/money.js';
import { normalizePhone } from '../domain/phone.js';
import { cursorRefused, duplicate, invalidField, notFound } from '../domain/errors.js';
import { personName } from '../domain/names.js';
import { scopeOf } from '../domain/scope.js';
import { ChangeSet } from '../store/change-set.js';
import { idempotent, readKey } from './shared/idempotency.js';
import { RETRY, RETRY_NOW } from './shared/retry.js';
import { owningTenant } from './shared/tenancy.js';
import type { CursorMeta } from '../domain/paging.js';
import {
  findCustomersByPhone,
  getCustomerWithWallet,
  newCustomerItems,
  isCursorOfCustomerList,
  listCustomersByName,
  type CustomerRecord,
} from '../store/customers.js';
import { decodeCursor, encodeCursor } from './shared/cursor.js';
import type { WalletRecord } from '../store/wallets.js';

type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type CustomerView = Static<typeof Customer>;
type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;
type SummaryView = Static<typeof CustomerSummary>;

const PHONE_HINT = 'must be a phone number with its country code, e.g. +971501234567';

function toCustomerView(
  { createdBy: _createdBy, ...customer }: CustomerRecord,
  wallet: Pick<WalletRecord, 'balance' | 'currency'>,
): CustomerView {
  return { ...customer, walletBalance: wallet.balance, walletCurrency: wallet.currency };
}

/**
 * A new customer and its empty wallet, answered once per Idempotency-Key: a retry with the same
 * key and body gets the customer the first request made (not 409 DUPLICATE for its own number).
 */
export async function createCustomer(caller: Caller, body: CreateBody, idempotencyKey?: string): Promise<CustomerView> {
  return idempotent<CustomerView>(caller, idempotencyKey, { operation: 'createCustomer', body }, async (key) => {
    const replayed = await readKey(key);
    if (replayed) return replayed.answer;
    if (body.walletCurrency !== undefined && !isIsoCurrency(body.walletCurrency))
      throw invalidField('walletCurrency', 'must be an ISO 4217 currency code, e.g. USD');
    const mobileNumber = normalizePhone(body.mobileNumber);
    if (!mobileNumber) throw invalidField('mobileNumber', PHONE_HINT);
    const name = personName(body.name, 'name');
    const tenantId = owningTenant(caller, body.tenantId);
    const now = new Date().toISOString();
    const id = newId();
    const customer: CustomerRecord = {
      id,
      name,
      mobileNumber,
      email: body.email,
      idNumber: body.idNumber,
      country: body.country,
      address: body.address,
      language: body.language,
      tenantId,
      walletId: walletIdFor(id),
      createdBy: caller.userId ?? caller.keyId,
      createdAt: now,
      updatedAt: now,
    };
    const wallet: WalletRecord = {
      id: customer.walletId,
      customerId: customer.id,
      tenantId,
      balance: 0,
      currency: body.walletCurrency ?? 'USD',
      entryCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    const view = toCustomerView(customer, wallet);
    const changes = new ChangeSet(caller, now);
    // A marketer keeps seeing the customers they create (and only those, and the ones they have orders for).
    const created = newCustomerItems(
      customer,
      wallet,
      caller.role === 'marketer' ? scopeOf(caller).marketerId : undefined,
    );
    changes.write(...created.items);
    changes.audit({ entity: 'customer', entityId: customer.id, tenantId, action: 'created', after: customer });
    changes.write(...key.answerItems(view));
    const outcome = await changes.commit();
    if (outcome.ok) return view;
    const phoneTaken = outcome.refused.includes(created.phoneClaim);
    const unknownTenant =
      !phoneTaken && created.tenantCheck !== undefined && outcome.refused.includes(created.tenantCheck);
    // Lost to a request with the same key (its number taken, or its answer stored first): read the key again for its answer.
    if (!unknownTenant && key.answeredMeanwhile(outcome.refused)) return RETRY_NOW;
    if (phoneTaken)
      throw duplicate('mobileNumber', `A customer with mobileNumber ${mobileNumber} already exists in this tenant`);
    if (unknownTenant)
      throw invalidField(
        'tenantId',
        'must be the id of a tenant, e.g. "demotenantgulfmotors0001" (cli tenants list); no tenant has this one',
      );
    // Lost to a concurrent transaction: plan again.
    return RETRY;
  });
}

/** Always an exact match on the normalised number (docs/api.md, "Customers": API-key callers cannot enumerate). */
export async function searchCustomers(caller: Caller, phone: string): Promise<Array<Static<typeof CustomerMatch>>> {
  const e164 = normalizePhone(phone);
  if (!e164) throw invalidField('phone', PHONE_HINT);
  const found = await findCustomersByPhone(scopeOf(caller), e164);
  return found.map(({ id, name, mobileNumber, tenantId }) => ({ id, name, mobileNumber, tenantId }));
}

export async function getCustomer(caller: Caller, id: string): Promise<CustomerView> {
  const found = await getCustomerWithWallet(scopeOf(caller), id, walletIdFor(id));
  if (!found) throw notFound('Customer');
  return toCustomerView(found.customer, found.wallet);
}

/** A search text meant as a phone number: it starts with +, or is six digits or more with the usual separators. */
const PHONE_LIKE = /^\+|^[\d\s().-]{6,}$/;

const summaryOf = ({
  id,
  name,
  mobileNumber,
  email,
  country,
  language,
  tenantId,
  walletId,
  createdAt,
}: CustomerRecord): SummaryView => ({
  id,
  name,
  mobileNumber,
  email,
  country,
  language,
  tenantId,
  walletId,
  createdAt,
});

/**
 * A page of the customers the caller may see, by name: all of them, those whose name begins with
 * `q`, or (when `q` is a phone number) the one with that number.
 */
export async function listCustomers(
  caller: Caller,
  query: ListQuery,
): Promise<{ data: SummaryView[]; meta: CursorMeta }> {
  const tenantId = owningTenant(caller, query.tenantId);
  const scope = { ...scopeOf(caller), ...(tenantId === undefined ? {} : { tenantId }) };
  const q = query.q?.trim();
  if (query.q !== undefined && !q)
    throw invalidField(
      'q',
      'must not be blank: give the beginning of a name or a phone number with its country code, e.g. q=Lay or q=%2B971501234567',
    );
  if (q !== undefined && PHONE_LIKE.test(q)) {
    if (query.cursor !== undefined)
      throw invalidField(
        'cursor',
        'must be left out with a phone number in q: a search by phone has one page, e.g. ?q=%2B971501234567',
      );
    const e164 = normalizePhone(q);
    if (!e164) throw invalidField('q', `looks like a phone number but is not one: ${PHONE_HINT}`);
    const found = await findCustomersByPhone(scope, e164);
    return { data: found.filter((c) => c.tenantId === tenantId).map(summaryOf), meta: { limit: query.limit } };
  }
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw cursorRefused('cursor', 'this is not one the API gave');
  if (after && !isCursorOfCustomerList(scope, after, q))
    throw cursorRefused('cursor', 'this one belongs to another listing or search (send the same q)');
  const page = await listCustomersByName(scope, { namePrefix: q, limit: query.limit, after });
  return {
    data: page.customers.map(summaryOf),
    meta: { limit: query.limit, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) },
  };
}
