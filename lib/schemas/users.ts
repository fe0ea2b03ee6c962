import * as Type from '@sinclair/typebox';
import { ROLES } from '../domain/caller.js';
import { DateTime, Email, Id, IdParams, PhoneNumber } from './common.js';
import { defineRoute } from './route.js';

const Role = Type.Union(ROLES.map((role) => Type.Literal(role)));
const Language = Type.Union([Type.Literal('en'), Type.Literal('ar')], {
  description: 'language of the chat messages the user receives',
});
const Mobile = PhoneNumber('with its country code, e.g. +971501234567; unique within the tenant');

export const User = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    role: Role,
    tenantId: Type.Optional(Type.String({ description: 'absent for platform staff' })),
    mobileNumber: Type.Optional(Type.String({ description: 'E.164' })),
    email: Type.Optional(Type.String()),
    language: Language,
    active: Type.Boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'User' },
);

export const createUser = defineRoute({
  id: 'createUser',
  errors: ['DUPLICATE'],
  folder: 'users',
  method: 'POST',
  path: '/api/v1/users',
  tag: 'Users',
  summary: 'Register a staff member of your tenant (admin)',
  description:
    'Marketers and inspectors must be users before orders and inspections can name them, and keys for them are issued for the user. A tenant admin registers users of its own tenant; a platform admin names the tenant with tenantId (none: platform staff). mobileNumber is unique within the tenant (409 DUPLICATE).',
  status: 201,
  roles: [],
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200, examples: ['Omar Saleh'] }),
      role: Role,
      mobileNumber: Mobile,
      email: Type.Optional(Email),
      language: Type.Optional(Language),
      tenantId: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
  response: User,
});

export const listUsers = defineRoute({
  id: 'listUsers',
  folder: 'users',
  method: 'GET',
  path: '/api/v1/users',
  tag: 'Users',
  summary: "Your tenant's staff, by name (admin)",
  status: 200,
  roles: [],
  query: Type.Partial(Type.Object({ role: Role, tenantId: Id }), { additionalProperties: false }),
  response: Type.Array(User),
});

export const getUser = defineRoute({
  id: 'getUser',
  errors: ['NOT_FOUND'],
  folder: 'users',
  method: 'GET',
  path: '/api/v1/users/{id}',
  tag: 'Users',
  summary: 'One staff member (admin)',
  status: 200,
  roles: [],
  params: IdParams,
  response: User,
});

export const updateUser = defineRoute({
  id: 'updateUser',
  errors: ['NOT_FOUND', 'DUPLICATE'],
  folder: 'users',
  method: 'PATCH',
  path: '/api/v1/users/{id}',
  tag: 'Users',
  summary: "Change a staff member's name, number, e-mail, language or active flag (admin)",
  description:
    'active: false deactivates the user: their keys stop working (within 5 seconds on every route; at once at the gateway in AWS), and orders and inspections can no longer name them. The role cannot change: register a new user instead.',
  status: 200,
  roles: [],
  params: IdParams,
  body: Type.Partial(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 200, examples: ['Omar Saleh'] }),
      mobileNumber: Mobile,
      email: Email,
      language: Language,
      active: Type.Boolean(),
    }),
    { additionalProperties: false, minProperties: 1 },
  ),
  response: User,
});

export const deactivateUser = defineRoute({
  id: 'deactivateUser',
  errors: ['NOT_FOUND'],
  folder: 'users',
  method: 'POST',
  path: '/api/v1/users/{id}/deactivate',
  tag: 'Users',
  summary: 'Deactivate a staff member and disable their keys (admin)',
  status: 200,
  roles: [],
  params: IdParams,
  response: User,
});

export const listInspectors = defineRoute({
  id: 'listInspectors',
  folder: 'users',
  method: 'GET',
  path: '/api/v1/inspectors',
  tag: 'Users',
  summary: "Your tenant's active inspectors, by name: whom an inspection can name (operations, admin)",
  description:
    'Only id and name: operations choose the inspector of an inspection without seeing the staff list (GET /users is for admins). Platform keys name the tenant with tenantId.',
  status: 200,
  roles: ['operations'],
  query: Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false }),
  response: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String({ examples: ['Hana Lee'] }) }, { title: 'Inspector' }),
  ),
});
