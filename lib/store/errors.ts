import { AppError, serviceUnavailable } from '../domain/errors.js';

const unavailableNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'InternalServerError',
  // DynamoDB Local's name for a failure of its own (seen when a second one opened the same data folder).
  'InternalFailure',
  'LimitExceededException',
  'TimeoutError',
]);
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/**
 * Maps what DynamoDB refused to an application error: an outage or throttling is a retryable
 * SERVICE_UNAVAILABLE, a request it cannot store is the caller's (400/413). Never leaks an AWS
 * message to callers.
 */
export function toServiceError(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'ValidationException') {
    // A record over DynamoDB's 400 KB item limit: the request carried too much, not a server fault.
    if (/item size/i.test(error.message))
      return new AppError('PAYLOAD_TOO_LARGE', 'The record would be larger than the service can store; send less data');
    // Anything else DynamoDB refuses to store (nesting, number range, sizes) came from the input.
    return new AppError(
      'VALIDATION_ERROR',
      'The request holds a value the service cannot store (too deeply nested, too large, or out of range)',
    );
  }
  const { code, $fault } = error as { code?: string; $fault?: string };
  // A server-side fault the client has already retried: the caller may retry later, as after an outage.
  if (unavailableNames.has(error.name) || $fault === 'server' || (code !== undefined && networkCodes.has(code)))
    return serviceUnavailable(1);
  return undefined;
}

export interface CancellationReason {
  Code?: string;
  Item?: Record<string, unknown>;
}

/** The per-item reasons of a cancelled TransactWriteItems, in request order. */
export function cancellationReasons(error: unknown): CancellationReason[] | undefined {
  if (error instanceof Error && error.name === 'TransactionCanceledException') {
    return (error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ?? [];
  }
  return undefined;
}

export const isConditionalCheckFailed = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';
