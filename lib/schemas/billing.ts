import * as Type from '@sinclair/typebox';
import { CurrencyCode, CursorQuery, Id, IdParams, Money, Url } from './common.js';
import { defineRoute } from './route.js';
import { BillingType, BillingEntry } from './billing-shapes.js';

export { BillingEntry } from './billing-shapes.js';

export const createBillingEntry = defineRoute({
  id: 'createBillingEntry',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  folder: 'billing',
  method: 'POST',
  path: '/api/v1/billing',
  tag: 'Billing',
  summary: 'Create an invoice or a receipt for an order (Pending)',
  status: 201,
  roles: ['operations', 'accountant'],
  body: Type.Object(
    {
      orderId: Id,
      type: BillingType,
      amount: Money,
      currency: CurrencyCode,
      description: Type.String({ minLength: 1, maxLength: 1000 }),
      items: Type.Optional(
        Type.Array(
          Type.Object(
            {
              type: Type.String({ minLength: 1, maxLength: 50, examples: ['deposit'] }),
              description: Type.String({ minLength: 1, maxLength: 500, examples: ['Deposit for Kia Sorento 2022'] }),
              amount: Money,
            },
            { additionalProperties: false },
          ),
          { maxItems: 100 },
        ),
      ),
      invoiceNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 64, examples: ['INV-2026-0042'] })),
      receiptFileUrl: Type.Optional(Url),
    },
    {
      additionalProperties: false,
      examples: [
        {
          orderId: 'ckx8k2m1p0000abcd1234efg',
          type: 'receipt',
          amount: 2000,
          currency: 'USD',
          description: 'Deposit by bank transfer',
          receiptFileUrl: 'https://files.example.com/receipts/r-1001.pdf',
        },
      ],
    },
  ),
  response: BillingEntry,
});

export const listBillingEntries = defineRoute({
  id: 'listBillingEntries',
  folder: 'billing',
  method: 'GET',
  path: '/api/v1/billing',
  tag: 'Billing',
  summary: 'The billing entries waiting for confirmation, oldest first (accountant, operations, admin)',
  description:
    "The tenant's queue of Pending invoices and receipts across its orders: what an accountant has to confirm. A confirmed entry leaves it at once. Each page is one read of the queue, whatever the tenant's history: pass meta.nextCursor as cursor for the next page. Platform keys read the queue of no tenant, or of the tenant named by tenantId.",
  status: 200,
  roles: ['operations', 'accountant'],
  cursorList: true,
  query: Type.Object(
    {
      status: Type.Literal('Pending', { description: 'the entries waiting for confirmation (the only list kept)' }),
      type: Type.Optional(BillingType),
      ...CursorQuery('eyJnc2kyc2siOiIyMDI2LTExLTI2VDA5OjMwOjAwLjAwMFojY2t4OGsybTFwMDAwMGFiY2QxMjM0ZWZnaCJ9'),
      tenantId: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(BillingEntry),
});

export const setBillingDocumentUrl = defineRoute({
  id: 'setBillingDocumentUrl',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  folder: 'billing',
  method: 'PATCH',
  path: '/api/v1/billing/{id}/document-url',
  tag: 'Billing',
  summary: 'Attach the PDF of an invoice or receipt (type must match the entry; 409 INVALID_STATE once Confirmed)',
  status: 200,
  roles: ['operations', 'accountant'],
  params: IdParams,
  body: Type.Object(
    {
      type: BillingType,
      pdfUrl: Url,
      invoiceNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 64, examples: ['INV-2026-0042'] })),
    },
    { additionalProperties: false },
  ),
  response: BillingEntry,
});

export const confirmBillingEntry = defineRoute({
  id: 'confirmBillingEntry',
  errors: ['NOT_FOUND', 'SECOND_APPROVER_REQUIRED'],
  folder: 'billing',
  method: 'PATCH',
  path: '/api/v1/billing/{id}/confirm',
  tag: 'Billing',
  summary: 'Confirm a billing entry (accountant); confirming again is harmless',
  description:
    'Records who confirmed (confirmedBy, confirmedByRole, confirmedByKeyId). A Confirmed entry is final. When the tenant requires a second person (requireSecondApprover), whoever recorded the entry cannot confirm it: 403 SECOND_APPROVER_REQUIRED.',
  status: 200,
  roles: ['accountant'],
  params: IdParams,
  response: BillingEntry,
});

export const listOrderBilling = defineRoute({
  id: 'listOrderBilling',
  errors: ['NOT_FOUND'],
  folder: 'billing',
  method: 'GET',
  path: '/api/v1/orders/{id}/billing',
  tag: 'Billing',
  summary: "An order's invoices and receipts, oldest first",
  status: 200,
  params: IdParams,
  response: Type.Array(BillingEntry),
});
