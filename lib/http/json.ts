import { AppError } from '../domain/errors.js';

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

/**
 * Free-form JSON the service stores as given (signedDocument, carDetails, customs documents)
 * must also be storable: DynamoDB refuses empty map keys and numbers beyond its range, the
 * DocumentClient refuses unsafe integers, and an item is at most 400 KB. Checked up front so the
 * caller gets a 400 naming the field instead of a failed write.
 */
export function storableJsonProblems(value: unknown, field: string, maxBytes: number): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  if (bytes > maxBytes) problems.push({ field, message: `must be at most ${maxBytes} bytes of JSON (it is ${bytes})` });
  const walk = (node: unknown, path: string): void => {
    if (problems.length >= 5) return;
    if (typeof node === 'number' && (!Number.isFinite(node) || (Number.isInteger(node) && !Number.isSafeInteger(node)) || Math.abs(node) > 9.9e125 || (node !== 0 && Math.abs(node) < 1e-130))) {
      problems.push({ field: path, message: 'is a number outside the range that can be stored exactly' });
    } else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key === '') problems.push({ field: path, message: 'has an empty key' });
        else walk(child, `${path}.${key}`);
      }
    }
  };
  walk(value, field);
  return problems;
}
