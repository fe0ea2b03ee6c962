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
export async function api<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-Key'] = options.key;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${inject('baseUrl')}${path}`, { method, headers, body });
  const text = await response.text();
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

/** A demo key of the Gulf Motors tenant by role, or the platform staff key. */
export function demoKey(role: Role | 'platform', tenant: 'gulf' | 'seoul' = 'gulf'): string {
  const keys = inject('demoKeys');
  const found =
    role === 'platform'
      ? keys.find((k) => k.tenantId === undefined)
      : keys.find((k) => k.role === role && k.tenantId === (tenant === 'gulf' ? 'demotenantgulfmotors0001' : 'demotenantseoulexport001'));
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
