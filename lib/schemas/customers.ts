import * as Type from '@sinclair/typebox';
import { DateTime, Email, Id, IdParams, OptionalText, PhoneNumber, ShortText } from './common.js';
import { defineRoute } from './route.js';

const ChatLanguage = Type.Union([Type.Literal('en'), Type.Literal('ar')], {
  description: "language of the customer's chat messages; when absent, the tenant's default language (English unless the tenant set another)",
});

export const Customer = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    mobileNumber: Type.String({ description: 'E.164' }),
    email: Type.Optional(Type.String()),
    idNumber: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()),
    address: Type.Optional(Type.String()),
    language: Type.Optional(ChatLanguage),
    tenantId: Type.Optional(Type.String()),
    walletId: Type.String(),
    walletBalance: Type.Number(),
    walletCurrency: Type.String(),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Customer' },
);

export const createCustomer = defineRoute({
  id: 'createCustomer',
  errors: ['DUPLICATE'],
  folder: 'customers',
  // Inspectors inspect cars; they do not register customers.
  roles: ['operations', 'accountant', 'marketer', 'integrator'],
  method: 'POST',
  path: '/api/v1/customers',
  tag: 'Customers',
  summary: 'Create a customer (with an empty wallet)',
  description:
    "The customer belongs to the caller's tenant. mobileNumber must include the country code; it is stored in E.164 and must be unique within the tenant (409 DUPLICATE otherwise). Platform keys may pass tenantId to create the customer in a tenant.",
  status: 201,
  body: Type.Object(
    {
      name: ShortText(200),
      mobileNumber: PhoneNumber('with its country code, e.g. +971501234567; stored in E.164'),
      email: Type.Optional(Email),
      idNumber: Type.Optional(Type.String({ ...ShortText(64), examples: ['P1234567'] })),
      country: Type.Optional(ShortText(64)),
      address: Type.Optional(Type.String({ ...OptionalText(500), examples: ['Dubai Marina, Dubai'] })),
      language: Type.Optional(ChatLanguage),
      walletCurrency: Type.Optional(Type.String({ format: 'currency', pattern: '^[A-Z]{3}$', description: 'ISO 4217 wallet currency, default USD' })),
      tenantId: Type.Optional(Id),
    },
    {
      additionalProperties: false,
      examples: [{ name: 'Layla Haddad', mobileNumber: '+971501234567', email: 'layla@example.com', country: 'AE', language: 'ar', walletCurrency: 'USD' }],
    },
  ),
  response: Customer,
});

export const CustomerMatch = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    mobileNumber: Type.Optional(Type.String()),
    tenantId: Type.Optional(Type.String()),
  },
  { title: 'CustomerMatch' },
);

export const searchCustomers = defineRoute({
  id: 'searchCustomers',
  folder: 'customers',
  method: 'GET',
  path: '/api/v1/customers/search',
  tag: 'Customers',
  summary: 'Find customers by phone number (always exact)',
  description:
    'API-key callers always get exact matching on the normalised E.164 number, whatever `exact` says, so customers cannot be enumerated. A tenant key sees only its tenant; a platform key sees every tenant.',
  status: 200,
  query: Type.Object(
    {
      phone: PhoneNumber('with its country code; in a query string write the + as %2B, e.g. phone=%2B971501234567'),
      exact: Type.Optional(Type.String({ enum: ['true', 'false'] })),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(CustomerMatch),
});

export const getCustomer = defineRoute({
  id: 'getCustomer',
  errors: ['NOT_FOUND'],
  folder: 'customers',
  method: 'GET',
  path: '/api/v1/customers/{id}',
  tag: 'Customers',
  summary: 'Customer detail with wallet balance',
  status: 200,
  params: IdParams,
  response: Customer,
});
