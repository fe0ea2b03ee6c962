import type { ErrorCode } from '../domain/errors.js';

/** What each error code means to a client, with an example body for the reference. */
export const ERROR_CATALOGUE: Record<
  Exclude<ErrorCode, 'INTERNAL_ERROR'>,
  { when: string; error: string; details?: Array<Record<string, unknown>> }
> = {
  VALIDATION_ERROR: {
    when: 'a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field',
    error: 'Request validation failed',
    details: [
      { field: 'body.mobileNumber', message: 'must be a phone number with its country code, e.g. +971501234567' },
      { field: 'body.currency', message: 'must be one of USD, KRW, AED' },
    ],
  },
  INVALID_JSON: {
    when: 'the body is not valid JSON, or a route that needs a body got none',
    error: 'The request body is not valid JSON',
  },
  UNAUTHORIZED: {
    when: 'the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user',
    error: 'A valid API key is required in the X-API-Key header',
  },
  FORBIDDEN: {
    when: "the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes",
    error:
      'The role inspector may not call POST /api/v1/customers; it is open to admin, operations, accountant, marketer, integrator',
    details: [
      {
        field: 'X-API-Key',
        message: 'needs a key of one of these roles: admin, operations, accountant, marketer, integrator',
        role: 'inspector',
        allowedRoles: ['admin', 'operations', 'accountant', 'marketer', 'integrator'],
      },
    ],
  },
  SECOND_APPROVER_REQUIRED: {
    when: 'the tenant requires a second person, and the caller recorded the entry it tries to confirm',
    error: 'This tenant requires a second person: whoever recorded this receipt cannot also confirm it',
    details: [
      {
        message: 'This tenant requires a second person: whoever recorded this receipt cannot also confirm it',
        recordedBy: 'ckx8k2m1p0000abcd1234efg',
      },
    ],
  },
  NOT_FOUND: {
    when: 'no such record in your scope (a record of another tenant is never told apart from none)',
    error: 'Order not found',
    details: [{ field: 'body.orderId', message: 'no such order for this key' }],
  },
  ROUTE_NOT_FOUND: {
    when: 'no such route or method',
    error: 'No route GET /api/v1/order: GET /api/v1 lists every route, and /api/v1/docs describes them',
  },
  DUPLICATE: {
    when: 'a unique value is taken, e.g. the mobile number in this tenant',
    error: 'A customer with mobileNumber +971501234567 already exists in this tenant',
    details: [
      {
        field: 'body.mobileNumber',
        message: 'A customer with mobileNumber +971501234567 already exists in this tenant',
      },
    ],
  },
  VERSION_CONFLICT: {
    when: 'body.version is not the current version of the record (someone changed it since you read it): read it again and retry',
    error: 'The order has changed: its current version is 3',
    details: [{ field: 'body.version', message: 'must be the current version, 3', currentVersion: 3 }],
  },
  PRECONDITION_FAILED: {
    when: 'the If-Match header names a version that is no longer current',
    error: 'The order has changed: If-Match does not name its current version, 3',
    details: [{ field: 'If-Match', message: 'must name the current version, "3"', currentVersion: 3 }],
  },
  INVALID_STATE: {
    when: 'the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft',
    error: 'Contract #1042 is Signed; only a Draft can be edited',
    details: [{ message: 'Contract #1042 is Signed; only a Draft can be edited', status: 'Signed' }],
  },
  IDEMPOTENCY_KEY_REUSED: {
    when: 'the Idempotency-Key was already used with a different body',
    error: 'This Idempotency-Key was already used for a different request',
    details: [
      {
        field: 'Idempotency-Key',
        message: 'was already used for a different request: send a new key for a new request, the same body to retry',
      },
    ],
  },
  PAYLOAD_TOO_LARGE: {
    when: 'the body is over 256 KB, or the record would be too large to store',
    error: 'The request body is 300000 bytes; the limit is 262144 bytes',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    when: 'the body is not sent as Content-Type: application/json',
    error: 'Send the body as JSON with Content-Type: application/json',
  },
  WALLET_INSUFFICIENT_BALANCE: {
    when: 'the wallet balance does not cover the amount',
    error: 'The wallet balance (100 USD) does not cover 18500 USD',
    details: [
      {
        message: 'The wallet balance (100 USD) does not cover 18500 USD',
        balance: 100,
        requested: 18500,
        currency: 'USD',
      },
    ],
  },
  WALLET_CURRENCY_MISMATCH: {
    when: 'the amount is in another currency than the wallet (amounts are never converted)',
    error: 'The wallet holds USD; a AED amount is not converted',
    details: [
      { message: 'The wallet holds USD; a AED amount is not converted', walletCurrency: 'USD', requested: 'AED' },
    ],
  },
  CAR_UNAVAILABLE: {
    when: "the catalogue car (body.carId) left its provider's list: sold at auction or withdrawn; GET /cars/{id} still shows it, with its availability",
    error: 'Car 48213 is no longer for sale: it was sold on 2026-11-25T06:00:00.000Z',
    details: [
      {
        field: 'body.carId',
        message: 'is a car that was sold on 2026-11-25T06:00:00.000Z; choose a car that is available',
        availability: 'sold',
        removedAt: '2026-11-25T06:00:00.000Z',
      },
    ],
  },
  IMPORT_RESTRICTED: {
    when: "the order's destination country refuses the car by its import rules (GET /import-rules/{country}); an admin may send importRuleOverride {reason}",
    error:
      'KW does not take this car: KW takes cars at most 5 years old (counted from the model year to the order date); this one is 9 on 2026-12-08',
    details: [
      {
        field: 'destinationCountry',
        rule: 'maxAgeYears',
        message:
          'KW takes cars at most 5 years old (counted from the model year to the order date); this one is 9 on 2026-12-08',
        source: 'Kuwait Ministry of Interior, General Traffic Department: used-car import age limit',
      },
    ],
  },
  INVALID_TRANSITION: {
    when: 'the lifecycle does not have this move, or a requirement of the target status is missing (details say which, and what is reachable now)',
    error: 'A confirmed deposit receipt is required',
    details: [
      {
        field: 'body.status',
        message: 'A confirmed deposit receipt is required',
        currentStatus: 'DepositSubmitted',
        targetStatus: 'DepositConfirmed',
        missingRequirements: [
          { type: 'receipt', code: 'CONFIRMED_RECEIPT_REQUIRED', message: 'A confirmed deposit receipt is required' },
        ],
        allowedTransitions: ['DepositConfirmed', 'Cancelled'],
        reachableNow: ['Cancelled'],
        blocked: [
          {
            status: 'DepositConfirmed',
            missingRequirements: [
              {
                type: 'receipt',
                code: 'CONFIRMED_RECEIPT_REQUIRED',
                message: 'A confirmed deposit receipt is required',
              },
            ],
          },
        ],
      },
    ],
  },
  RATE_LIMITED: {
    when: "the key's rate or daily quota is used up; wait Retry-After seconds",
    error: 'Too many requests for this API key',
  },
  CHANNEL_DISPATCH_FAILED: {
    when: 'the chat channel refused or failed the message; nothing was changed',
    error: 'The chat message could not be sent',
    details: [{ message: 'The chat message could not be sent', reason: 'REJECTED', retryable: false }],
  },
  SERVICE_UNAVAILABLE: {
    when: 'a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds',
    error: 'The service is temporarily unavailable, retry later',
  },
};
