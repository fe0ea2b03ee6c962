import { AppError } from '../domain/errors.js';

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The Idempotency-Key header of a request, when given; a malformed one is refused with 400. */
export function idempotencyKeyFrom(headers: Record<string, string | undefined>): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_ERROR', 'Invalid Idempotency-Key header', [
      {
        field: 'Idempotency-Key',
        message: 'must be 1-128 characters of letters, digits, _ . : -, e.g. order-2026-11-27-0001 or a UUID',
      },
    ]);
  }
  return key;
}
