import { AppError } from './errors.js';

/** Largest request body accepted (API Gateway itself allows 10 MB; no request here needs that). */
export const MAX_BODY_BYTES = 256 * 1024;

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * JSON.parse reviver for @middy/http-json-body-parser: keys that could pollute prototypes are
 * refused outright, since flexible objects (carDetails, customs documents) are stored as given.
 */
export function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (forbiddenKeys.has(key)) throw new SyntaxError(`the key "${key}" is not allowed`);
  return value;
}

/** Runs after authentication, before the JSON parser: a route with a body schema needs a body. */
export function requireBody(body: unknown): void {
  if (body === undefined || body === null || body === '') throw new AppError(400, 'INVALID_JSON', 'A JSON request body is required');
}

/** Runs first: an oversized body is refused before any work (as API Gateway does before auth). */
export function limitBodySize(body: unknown, isBase64Encoded: boolean | undefined): void {
  if (typeof body !== 'string') return;
  const bytes = isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body, 'utf8');
  if (bytes > MAX_BODY_BYTES) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The request body is ${bytes} bytes; the limit is ${MAX_BODY_BYTES} bytes`);
  }
}
