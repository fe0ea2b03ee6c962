import * as Type from '@sinclair/typebox';
import { CUSTOMS_DOCUMENT_MAX_BYTES, CUSTOMS_DOCUMENTS_MAX } from '../domain/documents.js';
import { ORDER_STATUSES } from '../domain/order-lifecycle.js';
import { DateTime, Id, IdParams, Money, OrderCurrency, PageQuery, Url } from './common.js';
import { CountryCode, OverrideRequest } from './import-rule-shapes.js';
import { OrderDetail } from './order-detail.js';
import { defineRoute } from './route.js';
import { CustomsInvoiceFields, VersionField, OptionalVersion, Status, CarDetails, Order } from './order-shapes.js';

export { Order } from './order-shapes.js';

const Requirement = Type.Object(
  { type: Type.String(), code: Type.String(), message: Type.String() },
  { title: 'Requirement' },
);

export const createOrder = defineRoute({
  id: 'createOrder',
  errors: [
    'NOT_FOUND',
    'WALLET_CURRENCY_MISMATCH',
    'WALLET_INSUFFICIENT_BALANCE',
    'CAR_UNAVAILABLE',
    'IMPORT_RESTRICTED',
  ],
  versioned: { record: 'order' },
  folder: 'orders',
  method: 'POST',
  path: '/api/v1/orders',
  tag: 'Orders',
  summary: 'Create an order',
  description:
    "Status DepositSubmitted (version 1), or InspectionScheduled when useWalletBalance is true: then inspectionDate is required and the wallet is debited totalAmount (payment_deduction) in the same transaction, or nothing is written and 422 WALLET_INSUFFICIENT_BALANCE answers. With carId the car snapshot comes from the catalogue (merged under any carDetails given); a car that left its provider's list (sold or withdrawn) is refused with 409 CAR_UNAVAILABLE. The car is checked against the import rules of destinationCountry (else the customer's country): a car they refuse answers 409 IMPORT_RESTRICTED naming each rule, unless an admin sends importRuleOverride with a reason, which the order keeps. Receipt fields create a Pending receipt billing entry. A marketer key is always the order's marketer. Send an Idempotency-Key header to make retries return the original order.",
  status: 201,
  idempotent: true,
  roles: ['operations', 'accountant', 'marketer', 'integrator'],
  body: Type.Object(
    {
      customerId: Id,
      carId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
      carDetails: Type.Optional(CarDetails),
      marketerId: Type.Optional(Id),
      tenantId: Type.Optional(Id),
      totalAmount: Type.Optional(Money),
      currency: Type.Optional(OrderCurrency),
      notes: Type.Optional(
        Type.String({
          maxLength: 5000,
          description: 'internal notes, visible to staff',
          examples: ['Customer prefers a white car; ship via Jebel Ali'],
        }),
      ),
      receiptAmount: Type.Optional(Money),
      receiptCurrency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
      receiptDescription: Type.Optional(Type.String({ maxLength: 1000 })),
      receiptFileUrl: Type.Optional(Url),
      useWalletBalance: Type.Optional(Type.Boolean({ default: false })),
      inspectionDate: Type.Optional(DateTime),
      destinationCountry: Type.Optional({
        ...CountryCode,
        description:
          "where the car goes (ISO 3166-1 alpha-2); without it, the customer's country when it names one. The car is checked against its import rules",
      }),
      importRuleOverride: Type.Optional(OverrideRequest),
    },
    {
      additionalProperties: false,
      examples: [
        {
          customerId: 'ckx8k2m1p0000abcd1234efg',
          totalAmount: 18500,
          currency: 'USD',
          carDetails: {
            makeEn: 'Kia',
            modelEn: 'Sorento',
            year: 2022,
            vin: 'KNAPU81BDN7123456',
            color: 'White',
            kilometers: 42000,
          },
          receiptAmount: 2000,
          receiptCurrency: 'USD',
          receiptDescription: 'Deposit by bank transfer',
        },
      ],
    },
  ),
  response: Order,
});

export const getOrder = defineRoute({
  id: 'getOrder',
  errors: ['NOT_FOUND'],
  versioned: { record: 'order' },
  folder: 'orders',
  method: 'GET',
  path: '/api/v1/orders/{id}',
  tag: 'Orders',
  summary: 'Order detail: the order with financial summary, contract, inspection, customs data and history',
  status: 200,
  params: IdParams,
  response: OrderDetail,
});

export const listOrders = defineRoute({
  id: 'listOrders',
  folder: 'orders',
  method: 'GET',
  path: '/api/v1/orders',
  tag: 'Orders',
  summary: 'List orders, newest first',
  description:
    "A tenant key sees its tenant's orders; a marketer key only its own. Each page reads about one page of orders, whatever their number: pass meta.nextCursor as cursor (with the same filters) for the next page. page=N skips N-1 pages (reading them). total and totalPages come with the page that ends the list when reached by page number; otherwise counting would read every order. orderNumber opens one order by its number: a list of that order, or an empty list when there is none in your scope.",
  status: 200,
  list: true,
  cursorList: true,
  query: Type.Composite(
    [
      Type.Object({ ...PageQuery, limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) }),
      Type.Partial(
        Type.Object({
          status: Status,
          customerId: Id,
          marketerId: Id,
          orderNumber: Type.Integer({
            minimum: 1,
            maximum: 999_999_999,
            description: 'the one order with this number (with the other filters applied to it)',
            examples: [1042],
          }),
          createdFrom: DateTime,
          createdTo: DateTime,
          importCheck: Type.Literal('failing', {
            description:
              "only the open orders whose car the destination's import rules in force now refuse, with no admin override (after a rule changed); paged by number, with total",
          }),
          cursor: Type.String({
            minLength: 1,
            maxLength: 1024,
            description: 'meta.nextCursor of the previous page',
            examples: ['eyJrIjoiMjAyNi0xMS0yNlQwOTozMDowMC4wMDBaI2NreDhrMm0xcDAwMDBhYmNkMTIzNGVmZ2gifQ'],
          }),
        }),
      ),
    ],
    { additionalProperties: false },
  ),
  response: Type.Array(Order),
});

export const countOrders = defineRoute({
  id: 'countOrders',
  folder: 'orders',
  method: 'GET',
  path: '/api/v1/orders/counts',
  tag: 'Orders',
  summary: 'How many orders are in each status, and in all',
  description:
    "Counts over the caller's whole scope, not a page: a tenant key counts its tenant's orders, a marketer key only their own. Every status is named (0 when none). A tenant's counts are one count of the tenant's status list per status, whatever the number of orders; a marketer's read their orders' statuses. Platform keys count the orders of no tenant, or of the tenant named by tenantId.",
  status: 200,
  query: Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false }),
  response: Type.Object(
    {
      counts: Type.Object(Object.fromEntries(ORDER_STATUSES.map((status) => [status, Type.Integer({ minimum: 0 })])), {
        description: 'the number of orders in each status',
      }),
      total: Type.Integer({ minimum: 0, description: 'the number of orders in all' }),
    },
    {
      title: 'OrderCounts',
      examples: [
        {
          counts: {
            DepositSubmitted: 4,
            DepositConfirmed: 2,
            InspectionScheduled: 3,
            InspectionCompleted: 1,
            ContractSigned: 1,
            PaymentSubmitted: 2,
            PaymentConfirmed: 0,
            Purchased: 5,
            Shipped: 7,
            Delivered: 41,
            Cancelled: 3,
          },
          total: 69,
        },
      ],
    },
  ),
});

export const changeOrderStatus = defineRoute({
  id: 'changeOrderStatus',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT', 'INVALID_TRANSITION'],
  versioned: { record: 'order', ifMatch: 'required' },
  folder: 'orders',
  method: 'PATCH',
  path: '/api/v1/orders/{id}/status',
  tag: 'Orders',
  summary: 'Move an order to another status',
  description:
    'Moving to InspectionScheduled takes inspectionDate from the body, else from the order, else from its inspection (POST /inspections with inspectionDate), so the date is given once. 403 when the role may not make this move; 422 INVALID_TRANSITION (details.missingRequirements) when the lifecycle or a requirement refuses it; 409 VERSION_CONFLICT (details.currentVersion) when version is stale. Cancelling a wallet-paid order refunds the wallet once, in the same transaction.',
  status: 200,
  params: IdParams,
  body: Type.Object(
    {
      status: Status,
      version: Type.Optional(VersionField),
      inspectionDate: Type.Optional(DateTime),
      note: Type.Optional(Type.String({ maxLength: 1000 })),
    },
    {
      additionalProperties: false,
      examples: [{ status: 'DepositConfirmed', version: 2, note: 'Deposit received in full' }],
    },
  ),
  response: Order,
});

export const validateOrderTransition = defineRoute({
  id: 'validateOrderTransition',
  errors: ['NOT_FOUND'],
  folder: 'orders',
  method: 'POST',
  path: '/api/v1/orders/{id}/validate-transition',
  tag: 'Orders',
  summary: 'Check a status change without performing it (never fails for an invalid transition)',
  status: 200,
  params: IdParams,
  body: Type.Object(
    { targetStatus: Type.String({ minLength: 1, maxLength: 50 }) },
    { additionalProperties: false, examples: [{ targetStatus: 'DepositConfirmed' }] },
  ),
  response: Type.Object({
    valid: Type.Boolean(),
    errors: Type.Array(Type.String()),
    currentStatus: Status,
    targetStatus: Type.String(),
    allowedTransitions: Type.Array(Status, {
      description: 'the moves the lifecycle and your role allow from here, requirements aside',
    }),
    missingRequirements: Type.Array(Requirement, { description: 'what targetStatus still needs' }),
    reachableNow: Type.Array(Status, {
      description: 'allowed moves that nothing blocks: make one with PATCH /orders/{id}/status',
    }),
    blocked: Type.Array(Type.Object({ status: Status, missingRequirements: Type.Array(Requirement) }), {
      description: 'allowed moves waiting on a requirement, and what each needs',
    }),
  }),
});

export const setCustomerNotifications = defineRoute({
  id: 'setCustomerNotifications',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT'],
  versioned: { record: 'order', ifMatch: 'required' },
  folder: 'orders',
  method: 'PATCH',
  path: '/api/v1/orders/{id}/customer-notifications',
  tag: 'Orders',
  summary: 'Switch chat notifications to the customer on or off (staff notifications always go)',
  status: 200,
  params: IdParams,
  body: Type.Object(
    { enabled: Type.Boolean(), version: Type.Optional(VersionField) },
    { additionalProperties: false, examples: [{ enabled: false, version: 3 }] },
  ),
  response: Order,
});

export const setCustomsInvoice = defineRoute({
  id: 'setCustomsInvoice',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'order', ifMatch: 'optional' },
  folder: 'orders',
  method: 'PATCH',
  path: '/api/v1/orders/{id}/customs-invoice',
  tag: 'Orders',
  summary: 'Store the customs invoice of an order (replaces the previous one; increments version)',
  status: 200,
  roles: ['operations', 'accountant'],
  params: IdParams,
  body: Type.Object(
    {
      ...CustomsInvoiceFields,
      version: OptionalVersion,
    },
    {
      additionalProperties: false,
      examples: [
        {
          buyerName: 'Layla Haddad',
          buyerAddress: 'Dubai Marina, Dubai',
          buyerPhone: '+971501234567',
          carMake: 'Kia',
          carModel: 'Sorento',
          carVin: 'KNAPU81BDN7123456',
          carYear: 2022,
          items: [
            { description: 'Kia Sorento 2022', amount: 17000 },
            { description: 'Shipping to Jebel Ali', amount: 1500 },
          ],
          currency: 'USD',
          version: 7,
        },
      ],
    },
  ),
  response: Type.Object({
    id: Type.String(),
    customsInvoice: Type.Record(Type.String(), Type.Unknown()),
    version: Type.Integer(),
    updatedAt: DateTime,
  }),
});

export const addCustomsDocuments = defineRoute({
  id: 'addCustomsDocuments',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'order', ifMatch: 'optional' },
  folder: 'orders',
  method: 'PATCH',
  path: '/api/v1/orders/{id}/customs-documents',
  tag: 'Orders',
  summary: 'Attach customs documents (appended, stored as given; increments version)',
  description: `Any JSON objects (e.g. {type, url, uploadedAt}). At most ${CUSTOMS_DOCUMENTS_MAX} documents per order and ${CUSTOMS_DOCUMENT_MAX_BYTES} bytes each.`,
  status: 200,
  roles: ['operations', 'accountant'],
  params: IdParams,
  body: Type.Object(
    {
      documents: Type.Array(Type.Record(Type.String(), Type.Unknown(), { maxProperties: 50 }), {
        minItems: 1,
        maxItems: CUSTOMS_DOCUMENTS_MAX,
      }),
      version: OptionalVersion,
    },
    { additionalProperties: false },
  ),
  response: Type.Object({
    id: Type.String(),
    documents: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    version: Type.Integer(),
    updatedAt: DateTime,
  }),
});

export const setOrderDestination = defineRoute({
  id: 'setOrderDestination',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT', 'PRECONDITION_FAILED', 'IMPORT_RESTRICTED', 'INVALID_TRANSITION'],
  versioned: { record: 'order', ifMatch: 'optional' },
  folder: 'orders',
  method: 'PATCH',
  path: '/api/v1/orders/{id}/destination',
  tag: 'Orders',
  summary: "Set where the order's car goes; the car is checked against that country's import rules",
  description:
    'While the order is open. A car the destination refuses answers 409 IMPORT_RESTRICTED naming each rule, unless an admin sends importRuleOverride with a reason (kept on the order and audited; other roles get 403). A new destination without an override drops an earlier override. Send the version you read (body or If-Match).',
  status: 200,
  roles: ['operations', 'marketer'],
  params: IdParams,
  body: Type.Object(
    {
      destinationCountry: CountryCode,
      importRuleOverride: Type.Optional(OverrideRequest),
      version: Type.Optional(VersionField),
    },
    { additionalProperties: false, examples: [{ destinationCountry: 'SA', version: 3 }] },
  ),
  response: Order,
});
