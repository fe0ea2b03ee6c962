/**
 * Every refusal the service gives is an AppError: a status, a stable machine-readable code,
 * a message for humans and optional details. The error middleware turns it into the envelope.
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_JSON'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'ROUTE_NOT_FOUND'
  | 'CONFLICT'
  | 'DUPLICATE'
  | 'VERSION_CONFLICT'
  | 'INVALID_STATE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'WALLET_INSUFFICIENT_BALANCE'
  | 'WALLET_CURRENCY_MISMATCH'
  | 'INVALID_TRANSITION'
  | 'RATE_LIMITED'
  | 'CHANNEL_DISPATCH_FAILED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly expose = true;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (details: FieldError[], message = 'Request validation failed') =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const unauthorized = (message = 'A valid API key is required in the X-API-Key header') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'This API key may not perform this action') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const duplicate = (field: string, message: string) =>
  new AppError(409, 'DUPLICATE', message, [{ field, message }]);
export const serviceUnavailable = (retryAfterSeconds = 1) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable, retry later', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
