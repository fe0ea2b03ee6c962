import { buildOpenApi } from '../../lib/openapi/document.js';
import { allRoutes } from '../../lib/schemas/index.js';
import type { RouteSpec } from '../../lib/schemas/route.js';
import type { RecordedCall, RecordedEvent } from '../docs-examples-scrub.js';

/**
 * The walk's client of the stack: every call is made as a user would make it and its answer kept
 * (one per operation and status) with when it was made; the events the walk sees are kept too.
 */

export type Json = Record<string, any>;
export const log = (text: string) => console.log(`[docs:examples] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const routes = new Map(allRoutes.map((route) => [route.id, route]));

/** The document as the build makes it, for the request bodies the refusal sweep sends. */
const document = buildOpenApi(allRoutes, '0.0.0') as Json;
export const operationOf = (route: RouteSpec): Json => document.paths[route.path][route.method.toLowerCase()];

export interface CallOptions {
  key?: string;
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The status the walk expects (default: the route's success status); another one stops the walk. */
  expect?: number;
  /** Says what the call shows; kept with the example. */
  note?: string;
  /** Replaces an example recorded earlier for the same operation and status. */
  keep?: boolean;
  /** Not an example (a call the walk needs, whose answer another call shows better). */
  skip?: boolean;
  /** Another refusal than `expect` is no surprise (a try of a loop that gets `expect` only sometimes): not logged. */
  quiet?: boolean;
}

export const calls: RecordedCall[] = [];
export const events: RecordedEvent[] = [];
/** When each call of the walk started, recorded or not: the steps the times of the examples are laid on. */
export const steps: number[] = [];
/** Addresses of this machine and what a reader sees instead. */
export const replacements: Record<string, string> = {};
let baseUrl = '';

/** The stack the walk calls (set once it has started). */
export const setBaseUrl = (url: string): void => {
  baseUrl = url;
};

export async function call(
  id: string,
  options: CallOptions = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const route = routes.get(id);
  if (!route) throw new Error(`no route ${id}`);
  let path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = options.path?.[name];
    if (value === undefined) throw new Error(`${id}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
  if (options.query)
    path += `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString()}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-Key'] = options.key;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const startedAt = Date.now();
  steps.push(startedAt);
  const response = await fetch(`${baseUrl}${path}`, { method: route.method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  const expected = options.expect ?? route.status;
  if (response.status !== expected) {
    const problem = `${route.method} ${path} answered ${response.status}, expected ${expected}: ${text.slice(0, 600)}`;
    // A refusal the walk did not foresee is left out of the examples; a success that fails stops the walk.
    if (expected < 400) throw new Error(problem);
    if (!options.quiet) log(`left out: ${problem}`);
    return { status: response.status, body: parsed, headers: response.headers };
  }
  if (!options.skip)
    calls.push({
      id,
      status: response.status,
      body: parsed,
      note: options.note,
      keep: options.keep ?? false,
      at: startedAt,
    });
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Polls `probe` every half second until it finds something; fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}
