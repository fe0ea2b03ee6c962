import type { ErrorCode } from '../domain/errors.js';

/**
 * The one place an error code becomes an HTTP status (docs/api.md "Responses and errors"): the
 * pipeline answers with it and the OpenAPI document lists it, so both read it from here.
 */
export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SECOND_APPROVER_REQUIRED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  DUPLICATE: 409,
  VERSION_CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  INVALID_STATE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  WALLET_INSUFFICIENT_BALANCE: 422,
  CAR_UNAVAILABLE: 409,
  IMPORT_RESTRICTED: 409,
  WALLET_CURRENCY_MISMATCH: 422,
  INVALID_TRANSITION: 422,
  RATE_LIMITED: 429,
  CHANNEL_DISPATCH_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};
