import { AppError, validationError } from '../domain/errors.js';

/** Largest request body accepted (API Gateway itself allows 10 MB; no request here needs that). */
const MAX_BODY_BYTES = 256 * 1024;

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
  if (body === undefined || body === null || body === '')
    throw new AppError('INVALID_JSON', 'A JSON request body is required');
}

/** On routes whose body fields are all optional, no body at all means `{}`. */
export function defaultEmptyBody(event: { body: unknown; headers?: Record<string, string | undefined> | null }): void {
  if (event.body !== undefined && event.body !== null && event.body !== '') return;
  event.body = '{}';
  event.headers = { ...event.headers, 'content-type': 'application/json' };
}

/** Runs first: an oversized body is refused before any work (as API Gateway does before auth). */
export function limitBodySize(body: unknown, isBase64Encoded: boolean | undefined): void {
  if (typeof body !== 'string') return;
  const bytes = isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body, 'utf8');
  if (bytes > MAX_BODY_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is ${bytes} bytes; the limit is ${MAX_BODY_BYTES} bytes`);
  }
}

/** Deeper than any request of this API needs; free-form fields have their own, tighter limit. */
const MAX_BODY_DEPTH = 24;

const RAW_DEPTH_LIMIT = 256;

const tooDeep = (field: string) =>
  validationError([
    {
      field,
      message: `must nest at most ${MAX_BODY_DEPTH} levels of objects and arrays: it is nested too deeply, e.g. {"carDetails": {"color": "White"}} nests 2`,
    },
  ]);

/**
 * Runs before the JSON parser, on the raw text: the parser's reviver recurses once per level, so
 * thousands of nested brackets would overflow the stack and be reported as broken JSON. Past
 * RAW_DEPTH_LIMIT the body is refused as a whole; below it, limitBodyDepth names the field.
 * Brackets inside strings do not count.
 */
export function limitRawBodyDepth(body: unknown): void {
  if (typeof body !== 'string') return;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const c = body.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > RAW_DEPTH_LIMIT) throw tooDeep('body');
    } else if (c === 93 || c === 125) depth -= 1;
  }
}

/**
 * Runs after the JSON parser: a body nested deeper than MAX_BODY_DEPTH is refused with the path
 * where it got too deep, before any code walks it recursively.
 */
export function limitBodyDepth(body: unknown): void {
  const stack: Array<{ node: unknown; path: string; depth: number }> = [{ node: body, path: 'body', depth: 0 }];
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) throw tooDeep(path);
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        stack.push({ node: item, path: `${path}[${i}]`, depth: depth + 1 });
      });
    } else
      for (const [key, child] of Object.entries(node))
        stack.push({ node: child, path: `${path}.${key}`, depth: depth + 1 });
  }
}
