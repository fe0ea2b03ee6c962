import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import {
  AppError,
  carUnavailable,
  forbidden,
  notFound,
  validationError,
  type FieldError,
} from '../../domain/errors.js';
import { decimalsProblem, isIsoCurrency } from '../../domain/money.js';
import { storableJsonProblems } from '../../domain/storable-json.js';
import type { createOrder as CreateRoute } from '../../schemas/orders.js';
import type { readForNewOrder } from '../../store/orders.js';
import { carVisible, type storefrontFor } from '../cars.js';
import { checkMovement } from '../shared/wallet-movement.js';

/* What a request to create an order must be, before anything is written: its body, its marketer, what it names. */

export type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type NewOrderRead = Awaited<ReturnType<typeof readForNewOrder>>;

/**
 * An order's currency when the body names none. Not the schema's `default`: that would change the
 * OpenAPI document and the validators, which leave the field optional without one.
 */
const DEFAULT_ORDER_CURRENCY = 'USD';

export const orderCurrencyOf = (body: Pick<CreateBody, 'currency'>): string => body.currency ?? DEFAULT_ORDER_CURRENCY;

/** Bounds that keep an order item (snapshot, invoice, documents) well under DynamoDB's 400 KB. */
const CAR_DETAILS_MAX_BYTES = 16 * 1024;

/** Rules across fields that a schema cannot state; all problems are reported at once. */
export function checkCreateBody(body: CreateBody): void {
  const errors: FieldError[] = [];
  const currency = orderCurrencyOf(body);
  if (body.useWalletBalance) {
    if (!body.inspectionDate)
      errors.push({
        field: 'inspectionDate',
        message:
          'is required when useWalletBalance is true: when the car is to be inspected, e.g. "2026-12-05T10:00:00Z"',
      });
    if (body.totalAmount === undefined || body.totalAmount <= 0) {
      errors.push({
        field: 'totalAmount',
        message: 'must be greater than 0 when useWalletBalance is true: the amount taken from the wallet, e.g. 18500',
      });
    }
  }
  const totalDecimals = body.totalAmount === undefined ? undefined : decimalsProblem(body.totalAmount, currency);
  if (totalDecimals) errors.push({ field: 'totalAmount', message: totalDecimals });
  const receiptGiven =
    body.receiptCurrency !== undefined || body.receiptDescription !== undefined || body.receiptFileUrl !== undefined;
  if (receiptGiven && body.receiptAmount === undefined)
    errors.push({
      field: 'receiptAmount',
      message: 'is required with the other receipt fields: the amount received, e.g. 2000',
    });
  const receiptDecimals =
    body.receiptAmount === undefined
      ? undefined
      : decimalsProblem(body.receiptAmount, body.receiptCurrency ?? currency);
  if (receiptDecimals) errors.push({ field: 'receiptAmount', message: receiptDecimals });
  if (body.carDetails !== undefined)
    errors.push(...storableJsonProblems(body.carDetails, 'carDetails', CAR_DETAILS_MAX_BYTES));
  if (body.receiptCurrency !== undefined && !isIsoCurrency(body.receiptCurrency))
    errors.push({ field: 'receiptCurrency', message: 'must be an ISO 4217 currency code, e.g. USD' });
  if (errors.length > 0) throw validationError(errors);
}

/** The marketer of a new order: a marketer key always itself (docs/api.md, "Orders"), others whom they name. */
export function marketerFor(caller: Caller, requested: string | undefined): string | undefined {
  if (caller.role !== 'marketer') return requested;
  if (!caller.userId) throw forbidden('This marketer key has no userId, so it cannot own orders');
  if (requested !== undefined && requested !== caller.userId)
    throw forbidden('A marketer cannot create an order for another marketer');
  return caller.userId;
}

/**
 * What the order names, as read: its customer (of the tenant asked for), an active marketer, a
 * car the caller's storefront shows and that is still for sale, and a wallet that can pay. What
 * the wallet cannot pay is refused here, before a number is taken, so a refusal leaves no gap.
 */
export function checkNamed(
  read: NewOrderRead,
  request: {
    body: CreateBody;
    tenantId: string | undefined;
    marketerId: string | undefined;
    currency: string;
    storefront?: Awaited<ReturnType<typeof storefrontFor>>;
  },
) {
  const { body, tenantId, marketerId } = request;
  const customer = read.customer;
  if (!customer || (tenantId !== undefined && customer.tenantId !== tenantId)) throw notFound('Customer', 'customerId');
  if (marketerId && (read.marketer?.role !== 'marketer' || read.marketer.active === false)) {
    throw new AppError('NOT_FOUND', 'Marketer not found', [
      { field: 'marketerId', message: "no active marketer with this user id in the customer's tenant" },
    ]);
  }
  if (body.carId !== undefined && (!read.car || !carVisible(read.car, request.storefront!.visibility)))
    throw notFound('Car', 'carId');
  if (read.car?.availability !== undefined) throw carUnavailable(read.car);
  const wallet = body.useWalletBalance ? read.wallet : undefined;
  if (body.useWalletBalance && !wallet) throw notFound('Customer', 'customerId');
  if (wallet)
    checkMovement(wallet, { type: 'payment_deduction', amount: body.totalAmount ?? 0, currency: request.currency });
  return { customer, wallet };
}
