/**
 * Every refusal the service gives is an AppError: a stable machine-readable code, a message for
 * humans and optional details. It carries no HTTP: the request pipeline alone maps each code to
 * a status (lib/schemas/error-statuses.ts), so use cases, repositories and adapters stay HTTP-free.
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_JSON'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'SECOND_APPROVER_REQUIRED'
  | 'NOT_FOUND'
  | 'ROUTE_NOT_FOUND'
  | 'DUPLICATE'
  | 'VERSION_CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'INVALID_STATE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'WALLET_INSUFFICIENT_BALANCE'
  | 'WALLET_CURRENCY_MISMATCH'
  | 'CAR_UNAVAILABLE'
  | 'IMPORT_RESTRICTED'
  | 'INVALID_TRANSITION'
  | 'RATE_LIMITED'
  | 'CHANNEL_DISPATCH_FAILED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

/** One problem of a refused request (the envelope's `details` entries): facts may ride along. */
export interface FieldError {
  field: string;
  message: string;
  [fact: string]: unknown;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** For refusals worth retrying later (rate limits, outages): how long to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (details: FieldError[], message = 'Request validation failed') =>
  new AppError('VALIDATION_ERROR', message, details);
/** One bad field; the message says what is wrong with it. */
export const invalidField = (field: string, message: string) => validationError([{ field, message }]);
/** What a cursor looks like, for the messages that refuse one. */
export const CURSOR_EXAMPLE = 'eyJrIjoiMjAyNi0xMS0yNlQwOTozMDowMC4wMDBaI2NreDhrMm0xcDAwMDBhYmNkMTIzNGVmZ2gifQ';
/** A cursor (or the feed's `after`) this listing did not give: what to send instead, and why this one is refused. */
export const cursorRefused = (field: 'cursor' | 'after', why: string) =>
  invalidField(
    field,
    `must be meta.nextCursor of the previous page, unchanged, e.g. ${field}=${CURSOR_EXAMPLE}; ${why}`,
  );
export const unauthorized = (message = 'A valid API key is required in the X-API-Key header') =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'This API key may not perform this action', details?: FieldError[]) =>
  new AppError('FORBIDDEN', message, details);
/** Unknown, or of another tenant: the two are never told apart. `field` names the input that pointed at it. */
export const notFound = (what: string, field?: string) =>
  new AppError(
    'NOT_FOUND',
    `${what} not found`,
    field ? [{ field, message: `no such ${what.toLowerCase()} for this key` }] : undefined,
  );
export const duplicate = (field: string, message: string) => new AppError('DUPLICATE', message, [{ field, message }]);
export const invalidState = (message: string, details?: unknown) => new AppError('INVALID_STATE', message, details);
export const versionConflict = (currentVersion: number, what = 'order') =>
  new AppError('VERSION_CONFLICT', `The ${what} has changed: its current version is ${currentVersion}`, [
    { field: 'version', message: `must be the current version, ${currentVersion}`, currentVersion },
  ]);
/** The If-Match header named a version that is no longer the current one (RFC 9110 412). */
export const preconditionFailed = (currentVersion: number, what = 'order') =>
  new AppError(
    'PRECONDITION_FAILED',
    `The ${what} has changed: If-Match does not name its current version, ${currentVersion}`,
    [{ field: 'If-Match', message: `must name the current version, "${currentVersion}"`, currentVersion }],
  );
export const serviceUnavailable = (retryAfterSeconds = 1) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'The service is temporarily unavailable, retry later',
    undefined,
    retryAfterSeconds,
  );

/**
 * A chat message could not be sent. Only the channel's code and retryability go out; the
 * provider's own message can name the recipient or our account.
 */
export const channelDispatchFailed = (failure: { code: string; retryable: boolean }) =>
  new AppError('CHANNEL_DISPATCH_FAILED', 'The chat message could not be sent', {
    reason: failure.code,
    retryable: failure.retryable,
  });

/**
 * An order for a car its destination refuses: each failing rule with its message and source, so
 * the marketer sees why (an admin may override with a reason).
 */
export function importRestricted(
  country: string,
  reasons: ReadonlyArray<{ rule: string; message: string; source: string }>,
): AppError {
  return new AppError(
    'IMPORT_RESTRICTED',
    `${country} does not take this car: ${reasons.map((r) => r.message).join('; ')}`,
    reasons.map((r) => ({ field: 'destinationCountry', rule: r.rule, message: r.message, source: r.source })),
  );
}

/** An order on a catalogue car that left its provider's list (sold at auction or withdrawn). */
export function carUnavailable(car: { id: number; availability?: string; removedAt?: string }): AppError {
  const how = car.availability === 'sold' ? 'sold' : 'withdrawn';
  const when = car.removedAt ? ` on ${car.removedAt}` : '';
  return new AppError('CAR_UNAVAILABLE', `Car ${car.id} is no longer for sale: it was ${how}${when}`, [
    {
      field: 'carId',
      message: `is a car that was ${how}${when}; choose a car that is available`,
      availability: how,
      ...(car.removedAt ? { removedAt: car.removedAt } : {}),
    },
  ]);
}
