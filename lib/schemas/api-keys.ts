import * as Type from '@sinclair/typebox';
import { ROLES } from '../domain/caller.js';
import { DateTime, Id, IdParams } from './common.js';
import { defineRoute } from './route.js';

const Role = Type.Union(ROLES.map((role) => Type.Literal(role)));
const RateLimit = Type.Partial(
  Type.Object({
    rps: Type.Integer({ minimum: 1, maximum: 10_000 }),
    burst: Type.Integer({ minimum: 1, maximum: 20_000 }),
    quotaPerDay: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  }),
  { additionalProperties: false },
);

export const ApiKey = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    prefix: Type.String({ description: 'first characters of the key, to recognise it' }),
    role: Role,
    tenantId: Type.Optional(Type.String()),
    userId: Type.Optional(Type.String({ description: 'the staff user the key stands for' })),
    allowedRoutes: Type.Array(Type.String()),
    rateLimit: Type.Optional(Type.Record(Type.String(), Type.Integer())),
    createdAt: DateTime,
    createdBy: Type.Optional(Type.String()),
    expiresAt: Type.Optional(DateTime),
    revokedAt: Type.Optional(DateTime),
    disabledAt: Type.Optional(DateTime),
    rotatedTo: Type.Optional(Type.String({ description: 'the key that replaced this one' })),
    lastUsedAt: Type.Optional(Type.String({ description: 'kept to the minute' })),
  },
  { title: 'ApiKey' },
);

const Issued = Type.Object({
  key: Type.String({ description: 'the key itself: shown this once, never again' }),
  apiKey: ApiKey,
});

export const issueApiKey = defineRoute({
  id: 'issueApiKey',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  folder: 'api-keys',
  method: 'POST',
  path: '/api/v1/api-keys',
  tag: 'API keys',
  summary: 'Issue a key for your tenant (admin); the key is shown once',
  description:
    "A key for a user (userId) takes the user's role and tenant; marketer and inspector keys must be for a user. Without allowedRoutes the key gets every route its role may use. A key never gets routes its issuer may not call (403). expiresAt is optional.",
  status: 201,
  roles: [],
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200, examples: ['Storefront integration'] }),
      role: Type.Optional(Role),
      userId: Type.Optional(Id),
      tenantId: Type.Optional(Id),
      allowedRoutes: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 200, examples: ['GET /api/v1/cars'] }), {
          minItems: 1,
          maxItems: 100,
        }),
      ),
      rateLimit: Type.Optional(RateLimit),
      expiresAt: Type.Optional(DateTime),
    },
    { additionalProperties: false },
  ),
  response: Issued,
});

export const listApiKeys = defineRoute({
  id: 'listApiKeys',
  folder: 'api-keys',
  method: 'GET',
  path: '/api/v1/api-keys',
  tag: 'API keys',
  summary: "Your tenant's keys, newest first, with user ids and last use (admin)",
  status: 200,
  roles: [],
  query: Type.Partial(Type.Object({ tenantId: Id }), { additionalProperties: false }),
  response: Type.Array(ApiKey),
});

export const revokeApiKey = defineRoute({
  id: 'revokeApiKey',
  errors: ['NOT_FOUND'],
  folder: 'api-keys',
  method: 'POST',
  path: '/api/v1/api-keys/{id}/revoke',
  tag: 'API keys',
  summary: 'Revoke a key (admin): refused within 5 seconds on every route, at once at the gateway in AWS',
  status: 200,
  roles: [],
  params: IdParams,
  response: ApiKey,
});

export const rotateApiKey = defineRoute({
  id: 'rotateApiKey',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  bodyOptional: true,
  folder: 'api-keys',
  method: 'POST',
  path: '/api/v1/api-keys/{id}/rotate',
  tag: 'API keys',
  summary: 'Rotate a key (admin): a new key now, the old one expires after a grace period (default 24 hours)',
  status: 201,
  roles: [],
  params: IdParams,
  body: Type.Object(
    { graceSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 * 86_400 })) },
    { additionalProperties: false },
  ),
  response: Type.Composite([Issued, Type.Object({ previous: ApiKey })]),
});

const Language = Type.Union([Type.Literal('en'), Type.Literal('ar')]);

export const getMe = defineRoute({
  id: 'getMe',
  folder: 'api-keys',
  method: 'GET',
  path: '/api/v1/me',
  tag: 'API keys',
  summary:
    'Who the presented key is: its role, tenant, user, expiry and the routes it may call (any role, when its allowedRoutes name it)',
  description:
    'For a client that shapes itself to its caller (the staff console shows only what the role may do). `routes` are the routes this key may call now: those its role is open to that its allowedRoutes also name. Public routes are not listed.',
  status: 200,
  response: Type.Object(
    {
      keyId: Type.String({ examples: ['k7Hq2mXbR4sVw9Lc8NpZ3tYa'] }),
      role: Role,
      allowedRoutes: Type.Array(Type.String(), {
        description: 'as the key was issued: `*` for every route its role may call',
        examples: [['*']],
      }),
      routes: Type.Array(Type.String(), {
        description: 'the routes this key may call, as `METHOD /path`',
        examples: [['GET /api/v1/orders', 'POST /api/v1/orders']],
      }),
      expiresAt: Type.Union([DateTime, Type.Null()], { description: 'null: the key does not expire' }),
      tenant: Type.Union(
        [
          Type.Object({
            id: Type.String(),
            name: Type.String({ examples: ['Gulf Motors'] }),
            defaultLanguage: Language,
            timeZone: Type.String({ description: "IANA zone of the tenant's dates", examples: ['Asia/Dubai'] }),
          }),
          Type.Null(),
        ],
        { description: 'null for platform staff' },
      ),
      user: Type.Union(
        [
          Type.Object({ id: Type.String(), name: Type.String({ examples: ['Omar Saleh'] }), language: Language }),
          Type.Null(),
        ],
        {
          description: 'the staff user the key stands for; null for a key of no user (an integrator)',
        },
      ),
    },
    { title: 'Me' },
  ),
});
