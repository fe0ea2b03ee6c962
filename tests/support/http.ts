import { randomInt } from 'node:crypto';
import { driftOf } from './typed-client.js';
import { inject } from 'vitest';
import type { Role } from '../../lib/domain/caller.js';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is, without JSON encoding (for malformed-body tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * One HTTP call to the API under test (serverless-offline), parsed as JSON when it is JSON, and
 * checked against the OpenAPI document (tests/support/typed-client.ts).
 */
/** When this process last had an answer from the API (its kept-alive connections were in use then). */
let lastAnswerAt = 0;
/** Under the local server's keep-alive timeout (5 s), with room for a late timer. */
const IDLE_BEFORE_PROBE_MS = 3_000;

/**
 * A write is never sent twice (it might have been applied), so none should go out on a kept-alive
 * connection the server is closing. The client closes an idle one a second before the server does,
 * but under load (or after a test blocked its event loop reading a PDF) its timer runs late. After
 * such a pause a GET goes first, and is sent again on a fresh connection if the server had closed
 * that one: the write then goes out on a connection just used.
 */
async function probeIdleConnection(): Promise<void> {
  const get = () => fetch(`${inject('baseUrl')}/api/v1`).then((response) => response.arrayBuffer());
  await get().catch((error: unknown) => {
    if (!closedByServer(error)) throw error;
    return get();
  });
}

export async function api<T = any>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-Key'] = options.key;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const send = () => fetch(`${inject('baseUrl')}${path}`, { method, headers, body });
  if (method !== 'GET' && Date.now() - lastAnswerAt > IDLE_BEFORE_PROBE_MS) await probeIdleConnection();
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // The local server may close a kept-alive connection just as it is reused (after answering a
    // large refused body, say); a browser sends a GET again on another one, and so does this.
    // Never a write, which might have been applied.
    if (method !== 'GET' || !closedByServer(error)) throw error;
    response = await send();
  }
  const text = await response.text();
  lastAnswerAt = Date.now();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  // Every answer of every HTTP test must keep the OpenAPI document's promise (status, schema, code).
  const drift = driftOf(method, new URL(path, 'http://localhost').pathname, response.status, parsed);
  if (drift) throw new Error(`${method} ${path}: the service and its OpenAPI document disagree: ${drift}`);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** The connection was closed or reset by the server before any answer. */
export function closedByServer(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}

/** A demo key of the Gulf Motors tenant by role, or the platform staff key. */
export function demoKey(role: Role | 'platform', tenant: 'gulf' | 'seoul' = 'gulf'): string {
  const keys = inject('demoKeys');
  const found =
    role === 'platform'
      ? keys.find((k) => k.tenantId === undefined)
      : keys.find(
          (k) =>
            k.role === role &&
            k.tenantId === (tenant === 'gulf' ? 'demotenantgulfmotors0001' : 'demotenantseoulexport001'),
        );
  if (!found) throw new Error(`no demo key for ${role} in ${tenant}`);
  return found.key;
}

const usedPhones = new Set<string>();
/** A fresh, valid UAE mobile number per call (random, never repeated within a worker). */
export function uniquePhone(): string {
  for (;;) {
    const phone = `+97150${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    if (!usedPhones.has(phone)) {
      usedPhones.add(phone);
      return phone;
    }
  }
}
