import { createHash } from 'node:crypto';
import { AppError } from '../domain/errors.js';
import type { IdempotencyRecord } from '../store/idempotency.js';

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

export const requestFingerprint = (route: string, target: string, body: unknown): string =>
  createHash('sha256').update(`${route}\n${target}\n${canonical(body)}`).digest('hex');

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

export function idempotencyKeyFrom(headers: Record<string, string | undefined>): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Invalid Idempotency-Key header', [
      { field: 'header.Idempotency-Key', message: 'must be 1-128 characters of letters, digits, _ . : -' },
    ]);
  }
  return key;
}

/** Same key + same request: the original answer. Same key + another request: 409. */
export function replay<T>(record: IdempotencyRecord, fingerprint: string): T {
  if (record.requestHash !== fingerprint) {
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');
  }
  return record.data as T;
}
