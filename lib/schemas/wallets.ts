import * as Type from '@sinclair/typebox';
import { CurrencyCode, DateTime, Id, IdParams, PageQuery } from './common.js';
import { defineRoute } from './route.js';

export const Wallet = Type.Object(
  {
    id: Type.String(),
    customerId: Type.String(),
    tenantId: Type.Optional(Type.String()),
    balance: Type.Number(),
    currency: Type.String(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Wallet' },
);

export const WalletTransaction = Type.Object(
  {
    id: Type.String(),
    type: Type.String({ enum: ['credit', 'debit', 'adjustment', 'refund', 'payment_deduction'] }),
    amount: Type.Number({ description: 'always positive' }),
    delta: Type.Number({ description: 'signed effect on the balance' }),
    balanceAfter: Type.Number(),
    currency: Type.String(),
    description: Type.String(),
    orderId: Type.Optional(Type.String()),
    createdAt: DateTime,
  },
  { title: 'WalletTransaction' },
);

export const getCustomerWallet = defineRoute({
  id: 'getCustomerWallet',
  errors: ['NOT_FOUND'],
  folder: 'wallets',
  method: 'GET',
  path: '/api/v1/customers/{id}/wallet',
  tag: 'Wallets',
  summary: "A customer's wallet (balance and currency)",
  status: 200,
  params: IdParams,
  response: Wallet,
});

export const createWalletTransaction = defineRoute({
  id: 'createWalletTransaction',
  errors: ['NOT_FOUND', 'WALLET_CURRENCY_MISMATCH', 'WALLET_INSUFFICIENT_BALANCE'],
  folder: 'wallets',
  method: 'POST',
  path: '/api/v1/wallets/{id}/transactions',
  tag: 'Wallets',
  summary: 'Move money in or out of a wallet (accountant, admin)',
  description:
    "credit and refund add to the balance, debit takes from it, adjustment goes the way `direction` says. The currency must be the wallet's (422 WALLET_CURRENCY_MISMATCH; nothing is converted). A movement that would make the balance negative is refused with 422 WALLET_INSUFFICIENT_BALANCE and changes nothing. The amount may not have more decimals than the currency has. Send an Idempotency-Key header to make retries safe: the same key and body return the original response, the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED (keys are remembered for 24 hours per API key).",
  status: 201,
  roles: ['accountant'],
  idempotent: true,
  params: IdParams,
  body: Type.Object(
    {
      type: Type.Union([
        Type.Literal('credit'),
        Type.Literal('debit'),
        Type.Literal('adjustment'),
        Type.Literal('refund'),
      ]),
      amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }),
      currency: CurrencyCode,
      description: Type.String({ minLength: 1, maxLength: 500 }),
      direction: Type.Optional(
        Type.Union([Type.Literal('increase'), Type.Literal('decrease')], {
          description: 'required for adjustment, refused otherwise',
        }),
      ),
      orderId: Type.Optional(Id),
    },
    {
      additionalProperties: false,
      examples: [{ type: 'credit', amount: 5000, currency: 'USD', description: 'Top-up by bank transfer' }],
    },
  ),
  response: Type.Object({ transaction: WalletTransaction, wallet: Wallet }),
});

export const listWalletTransactions = defineRoute({
  id: 'listWalletTransactions',
  errors: ['NOT_FOUND'],
  folder: 'wallets',
  method: 'GET',
  path: '/api/v1/wallets/{id}/transactions',
  tag: 'Wallets',
  summary: 'The ledger of a wallet, newest first',
  status: 200,
  list: true,
  params: IdParams,
  query: Type.Object(
    {
      ...PageQuery,
      pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(WalletTransaction),
});
