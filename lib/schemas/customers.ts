import * as Type from '@sinclair/typebox';
import { CursorQuery, DateTime, Email, Id, IdParams, OptionalText, PhoneNumber, ShortText } from './common.js';
import { defineRoute } from './route.js';

const ChatLanguage = Type.Union([Type.Literal('en'), Type.Literal('ar')], {
  description:
    "language of the customer's chat messages; when absent, the tenant's default language (English unless the tenant set another)",
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
    "The customer belongs to the caller's tenant. mobileNumber must include the country code; it is stored in E.164 and must be unique within the tenant (409 DUPLICATE otherwise). Platform keys may pass tenantId to create the customer in a tenant. Send an Idempotency-Key header to make retries return the customer the first request created.",
  status: 201,
  idempotent: true,
  body: Type.Object(
    {
      name: ShortText(200),
      mobileNumber: PhoneNumber('with its country code, e.g. +971501234567; stored in E.164'),
      email: Type.Optional(Email),
      idNumber: Type.Optional(Type.String({ ...ShortText(64), examples: ['P1234567'] })),
      country: Type.Optional(ShortText(64)),
      address: Type.Optional(Type.String({ ...OptionalText(500), examples: ['Dubai Marina, Dubai'] })),
      language: Type.Optional(ChatLanguage),
      walletCurrency: Type.Optional(
        Type.String({
          format: 'currency',
          pattern: '^[A-Z]{3}$',
          description: 'ISO 4217 wallet currency, default USD',
        }),
      ),
      tenantId: Type.Optional(Id),
    },
    {
      additionalProperties: false,
      examples: [
        {
          name: 'Layla Haddad',
          mobileNumber: '+971501234567',
          email: 'layla@example.com',
          country: 'AE',
          language: 'ar',
          walletCurrency: 'USD',
        },
      ],
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

/** A customer as a list shows it: no ID number and no wallet balance (open the customer for those). */
export const CustomerSummary = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    mobileNumber: Type.String({ description: 'E.164' }),
    email: Type.Optional(Type.String()),
    country: Type.Optional(Type.String()),
    language: Type.Optional(ChatLanguage),
    tenantId: Type.Optional(Type.String()),
    walletId: Type.String(),
    createdAt: DateTime,
  },
  { title: 'CustomerSummary' },
);

export const listCustomers = defineRoute({
  id: 'listCustomers',
  folder: 'customers',
  // Staff who work with customers; integrators find a customer by exact phone only (searchCustomers).
  roles: ['operations', 'accountant', 'marketer'],
  method: 'GET',
  path: '/api/v1/customers',
  tag: 'Customers',
  summary: 'List customers by name, or find them by the beginning of their name or by phone',
  description:
    "A tenant key sees its tenant's customers; a marketer key only the customers they created or have an order for; a platform key the customers of no tenant, or of the tenant it names with tenantId. Sorted by name, ignoring case and accents (Latin accents, Arabic vowel signs). `q` is the beginning of a name (`lay` finds Layla Haddad, `محمد` finds مُحَمَّد), or a phone number with its country code, matched exactly on the E.164 form. Each page is one read of the list, whatever its size: pass meta.nextCursor as cursor (with the same q) for the next page.",
  status: 200,
  cursorList: true,
  query: Type.Object(
    {
      q: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 100,
          description: 'the beginning of a name, or a phone number with its country code',
          examples: ['Lay'],
        }),
      ),
      ...CursorQuery('eyJnc2kyc2siOiJsYXlsYSBoYWRkYWQjY2t4OGsybTFwMDAwMGFiY2QxMjM0ZWZnaCJ9'),
      tenantId: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(CustomerSummary),
});

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
