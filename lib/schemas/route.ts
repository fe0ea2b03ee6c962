import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorCode } from '../domain/errors.js';

/**
 * A route's spec: the single source of truth from which the build compiles its validator
 * (scripts/build-contracts.ts), TypeScript derives its types, the OpenAPI document is built and
 * serverless.yml declares its function (scripts/serverless/http-functions.ts).
 */
export interface RouteSpec {
  /**
   * The operation: the function name in serverless.yml, the generated validator module, the
   * use case it calls, and its handler file functions/<folder>/<id in kebab case>.ts.
   */
  id: string;
  /** Folder of the handler under functions/. */
  folder:
    | 'customers'
    | 'wallets'
    | 'cars'
    | 'orders'
    | 'contracts'
    | 'billing'
    | 'inspections'
    | 'users'
    | 'api-keys'
    | 'audit'
    | 'docs'
    | 'whatsapp'
    | 'webhook-endpoints'
    | 'events'
    | 'tenant'
    | 'catalogue'
    | 'tracking'
    | 'import-rules';
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** API Gateway resource path, e.g. /api/v1/customers/{id}. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** 201 for creations, 200 otherwise; 303 for a page's form, which answers with the page to go back to. */
  status: 200 | 201 | 303;
  /** Who may call it beyond allowedRoutes; undefined means every role. */
  roles?: readonly string[];
  body?: TSchema;
  query?: TSchema;
  params?: TSchema;
  /** Schema of `data` in the success envelope. */
  response?: TSchema;
  /** True when the response carries `meta` (page, limit, total, totalPages). */
  list?: boolean;
  /**
   * The response carries `meta` (limit, nextCursor): a list paged by cursor. `feed`: a feed read
   * on and on, whose nextCursor is given on every page, the last one too (the event feed).
   */
  cursorList?: boolean | 'feed';
  /** One record whose answer carries `meta.currency` when ?currency is given (a car). */
  currencyMeta?: boolean;
  /** Not JSON (e.g. the HTML docs page): no envelope. */
  raw?: boolean;
  /** The content type of a raw answer, when not HTML or the `response` JSON. */
  rawContentType?: string;
  /** An HTML page's other answers (status: what the page says), documented as HTML too. */
  pageAnswers?: Readonly<Record<number, string>>;
  /** Accepts an Idempotency-Key header. */
  idempotent?: boolean;
  /** Served without an API key (the API documentation, and the webhooks, which prove their caller otherwise). */
  public?: boolean;
  /** The body is an HTML form's (application/x-www-form-urlencoded), read by the page itself: documented, not validated. */
  formBody?: boolean;
  /** The body may be left out altogether (every field optional): an empty request counts as `{}`. */
  bodyOptional?: boolean;
  /**
   * A versioned record (order or contract): the response carries its version as an ETag, and
   * when `ifMatch` is set the route takes the version to change from an If-Match header as well
   * as from the body's `version` (`required`: one of the two must be given).
   */
  versioned?: { record: 'order' | 'contract' | 'profile' | 'import rule'; ifMatch?: 'optional' | 'required' };
  /** The codes this route answers beyond the ones every route shares (for the reference). */
  errors?: readonly ErrorCode[];
  /** Lambda settings other than the provider defaults. */
  lambda?: { memorySize?: number };
  /** Files (paths from the repository root) its package carries beside the bundle, read at run time from the package root. */
  packageFiles?: readonly string[];
  /** Answers browsers from other origins (default true; the HTML docs page does not need it). */
  cors?: boolean;
}

export const defineRoute = <const C extends RouteSpec>(route: C): C => route;

export const routeKeyOf = (c: Pick<RouteSpec, 'method' | 'path'>): string => `${c.method} ${c.path}`;

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;
export type BodyOf<C extends RouteSpec> = StaticOr<C['body'], undefined>;
export type QueryOf<C extends RouteSpec> = StaticOr<C['query'], Record<string, never>>;
export type ParamsOf<C extends RouteSpec> = StaticOr<C['params'], Record<string, never>>;

/** What scripts/build-contracts.ts generates for each contract: route metadata plus validators. */
export interface CompiledRoute {
  id: string;
  route: string;
  status: 200 | 201 | 303;
  roles?: readonly string[];
  list?: boolean;
  raw?: boolean;
  idempotent?: boolean;
  public?: boolean;
  hasBody?: boolean;
  bodyOptional?: boolean;
  versioned?: RouteSpec['versioned'];
  validateBody?: AjvValidate;
  validateQuery?: AjvValidate;
  validateParams?: AjvValidate;
  /** The query parameters and the body's top-level fields it takes (for "did you mean" hints). */
  queryNames?: readonly string[];
  bodyNames?: readonly string[];
  /** The path's parameters (`id`, `step`): where a use case's field names are looked up first. */
  paramNames?: readonly string[];
  /** What each field of the body, query and path takes (lib/schemas/field-errors.ts fieldHints), for validation messages. */
  bodyHints?: FieldHints;
  queryHints?: FieldHints;
  paramsHints?: FieldHints;
}

/** What one field takes, for messages: in words, an example value as JSON, and an object's field names. */
export interface FieldHint {
  expect?: string;
  example?: string;
  fields?: string[];
}
/** Hints by field path: `''` the whole part, `photos[]` the items of photos, `photos[].url`, `carDetails.*` any key of a free-form object. */
export type FieldHints = Record<string, FieldHint>;

export interface AjvErrorObject {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
interface AjvValidate {
  (data: unknown): boolean;
  errors?: AjvErrorObject[] | null;
}
