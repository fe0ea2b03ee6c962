import type { Static } from '@sinclair/typebox';
import type { createCustomer as CreateContract, Customer, CustomerMatch } from '../schemas/customers.js';
import type { Caller } from '../domain/caller.js';
import { newId, walletIdFor } from '../domain/ids.js';
import { isIsoCurrency } from '../domain/money.js';
import { normalizePhone } from '../domain/phone.js';
import { AppError, duplicate, notFound, validationError } from '../domain/errors.js';
import { owningTenant } from './tenancy.js';
import { findCustomersByPhone, getCustomerWithWallet, insertCustomer, type CustomerRecord } from '../store/customers.js';
import type { WalletRecord } from '../store/wallets.js';

type CreateBody = Static<NonNullable<(typeof CreateContract)['body']>>;
type CustomerView = Static<typeof Customer>;

const PHONE_HINT = 'must be a phone number with its country code, e.g. +971501234567';

export function toCustomerView(customer: CustomerRecord, wallet: Pick<WalletRecord, 'balance' | 'currency'>): CustomerView {
  return { ...customer, walletBalance: wallet.balance, walletCurrency: wallet.currency };
}

export async function createCustomer(caller: Caller, body: CreateBody): Promise<CustomerView> {
  if (body.walletCurrency !== undefined && !isIsoCurrency(body.walletCurrency)) {
    throw validationError([{ field: 'body.walletCurrency', message: 'is not an ISO 4217 currency code' }]);
  }
  const mobileNumber = normalizePhone(body.mobileNumber);
  if (!mobileNumber) throw validationError([{ field: 'body.mobileNumber', message: PHONE_HINT }]);
  const tenantId = owningTenant(caller, body.tenantId);
  const now = new Date().toISOString();
  const id = newId();
  const customer: CustomerRecord = {
    id,
    name: body.name.trim(),
    mobileNumber,
    email: body.email,
    idNumber: body.idNumber,
    country: body.country,
    address: body.address,
    tenantId,
    walletId: walletIdFor(id),
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
  const outcome = await insertCustomer(customer, wallet);
  if (!outcome.ok && outcome.reason === 'duplicate-phone') {
    throw duplicate('mobileNumber', `A customer with mobileNumber ${mobileNumber} already exists in this tenant`);
  }
  if (!outcome.ok) throw new AppError(400, 'VALIDATION_ERROR', 'Unknown tenant', [{ field: 'body.tenantId', message: 'no such tenant' }]);
  return toCustomerView(customer, wallet);
}

/** Always an exact match on the normalised number (spec 4.3: API-key callers cannot enumerate). */
export async function searchCustomersByPhone(caller: Caller, phone: string): Promise<Array<Static<typeof CustomerMatch>>> {
  const e164 = normalizePhone(phone);
  if (!e164) throw validationError([{ field: 'query.phone', message: PHONE_HINT }]);
  const found = await findCustomersByPhone(e164, caller.tenantId);
  return found.map(({ id, name, mobileNumber, tenantId }) => ({ id, name, mobileNumber, tenantId }));
}

export async function getCustomerDetail(caller: Caller, id: string): Promise<CustomerView> {
  const found = await getCustomerWithWallet(id, walletIdFor(id), caller.tenantId);
  if (!found) throw notFound('Customer');
  return toCustomerView(found.customer, found.wallet);
}
