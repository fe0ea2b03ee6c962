import { createHash } from 'node:crypto';
import { AppError } from '../../domain/errors.js';
import type { IdempotencyRecord } from '../../store/idempotency.js';

/** Canonical JSON (sorted keys), so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What makes two requests the same: the operation, its target and its body. */
export const requestFingerprint = (operation: string, target: string, body: unknown): string =>
  createHash('sha256')
    .update(`${operation}\n${target}\n${canonical(body)}`)
    .digest('hex');

/** Same key + same request: the original answer. Same key + another request: 409. */
export function replay<T>(record: IdempotencyRecord, fingerprint: string): T {
  if (record.requestHash !== fingerprint) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request; send a new key for a new request', [
      { field: 'Idempotency-Key', message: 'was already used for a different request: send a new key for a new request, the same body to retry' },
    ]);
  }
  return record.data as T;
}
