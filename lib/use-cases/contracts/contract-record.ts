import type { Static } from '@sinclair/typebox';
import { withPictureUrls } from '../../archive/picture-url.js';
import type { ContractStatus } from '../../domain/documents.js';
import { validationError } from '../../domain/errors.js';
import { decimalsProblem } from '../../domain/money.js';
import { storableJsonProblems } from '../../domain/storable-json.js';
import type {
  createContract as CreateRoute,
  Contract,
  sendContract as SendRoute,
  updateContract as UpdateRoute,
} from '../../schemas/contracts.js';
import { allOf } from '../../store/expressions.js';
import type { ContractRecord } from '../../store/order-children.js';

/** What every contract use case shares: the stored record's views, its version guard, its free-form checks. */
export type { ContractRecord } from '../../store/order-children.js';
export type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
export type UpdateBody = Static<NonNullable<(typeof UpdateRoute)['body']>>;
export type SendBody = Static<NonNullable<(typeof SendRoute)['body']>>;

export const SIGNED_DOCUMENT_MAX_BYTES = 64 * 1024;
const CAR_DETAILS_MAX_BYTES = 16 * 1024;
const ID_DOCUMENT_MAX_BYTES = 4 * 1024;

// Contracts written before versions were kept count as version 1.
export const storedView = ({ tenantId: _t, marketerId: _m, ...contract }: ContractRecord): Static<typeof Contract> => ({
  ...contract,
  version: contract.version ?? 1,
});
/** As answered: the car snapshot's pictures as addresses (an event keeps storedView's s3:// URIs; see eventBodyForIntegrators). */
export const view = (contract: ContractRecord): Static<typeof Contract> => ({
  ...storedView(contract),
  carDetails: withPictureUrls(contract.carDetails),
});
export const versionOf = (contract: ContractRecord): number => contract.version ?? 1;
/** A change applies only to the version it was planned on, and raises it. */
const atVersionRead = (contract: ContractRecord) =>
  contract.version === undefined
    ? { expression: 'attribute_not_exists(#version)', names: { '#version': 'version' } }
    : {
        expression: '#version = :readVersion',
        names: { '#version': 'version' },
        values: { ':readVersion': contract.version },
      };
export const guard = (contract: ContractRecord, statuses: readonly ContractStatus[]) =>
  allOf(statusIn(statuses), atVersionRead(contract));
const statusIn = (statuses: readonly ContractStatus[]) => ({
  expression: `#status IN (${statuses.map((_, i) => `:st${i}`).join(', ')})`,
  names: { '#status': 'status' },
  values: Object.fromEntries(statuses.map((s, i) => [`:st${i}`, s])),
});

/** The free-form parts of a contract must be storable (400 naming the field otherwise). */
export function checkFreeForm(body: Pick<CreateBody, 'carDetails' | 'customerIdDocument'>): void {
  const problems = [
    ...(body.carDetails === undefined
      ? []
      : storableJsonProblems(body.carDetails, 'carDetails', CAR_DETAILS_MAX_BYTES)),
    ...(body.customerIdDocument === undefined
      ? []
      : storableJsonProblems(body.customerIdDocument, 'customerIdDocument', ID_DOCUMENT_MAX_BYTES)),
  ];
  if (problems.length > 0) throw validationError(problems);
}

/**
 * A contract's amount has at most its currency's decimals (a PDF would print it rounded, unlike
 * the record). The field blamed is the one the request gave: the amount, else the currency.
 */
export function checkAmountFits(
  totalAmount: number | undefined,
  currency: string,
  given: { totalAmount?: number; currency?: string },
): void {
  if (totalAmount === undefined) return;
  const message = decimalsProblem(totalAmount, currency);
  if (!message) return;
  const field = given.totalAmount !== undefined || given.currency === undefined ? 'totalAmount' : 'currency';
  throw validationError([
    {
      field,
      message:
        field === 'totalAmount' ? message : `cannot be ${currency} for this contract: its totalAmount ${message}`,
    },
  ]);
}
