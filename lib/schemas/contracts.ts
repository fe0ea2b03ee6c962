import * as Type from '@sinclair/typebox';
import { Id, IdParams, PhoneNumber, Url, Version } from './common.js';
import { defineRoute } from './route.js';
import { EditableFields, Contract } from './contract-shapes.js';

/** The version a change is planned on, in the body or as an If-Match header (docs/api.md, Versions). */
const ContractVersion = Type.Optional(
  Type.Integer({
    ...Version,
    description:
      "the contract's current version (from its last read): the change is refused (409) if another came first; may be sent as an If-Match header instead",
  }),
);

export { Contract } from './contract-shapes.js';

export const createContract = defineRoute({
  id: 'createContract',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'contract' },
  folder: 'contracts',
  method: 'POST',
  path: '/api/v1/contracts',
  tag: 'Contracts',
  summary: 'Create a Draft contract for an order',
  description:
    'contractNumber is the next in one sequence for the whole service. Customer and car fields not given are taken from the order.',
  status: 201,
  roles: ['operations', 'accountant', 'marketer'],
  body: Type.Object(
    { orderId: Id, ...EditableFields },
    {
      additionalProperties: false,
      examples: [
        {
          orderId: 'ckx8k2m1p0000abcd1234efg',
          customerName: 'Layla Haddad',
          customerNameAr: 'ليلى حداد',
          totalAmount: 18500,
          currency: 'USD',
          terms: 'Payment in full before shipping.',
        },
      ],
    },
  ),
  response: Contract,
});

export const updateContract = defineRoute({
  id: 'updateContract',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'contract', ifMatch: 'optional' },
  folder: 'contracts',
  method: 'PATCH',
  path: '/api/v1/contracts/{id}',
  tag: 'Contracts',
  summary: 'Edit a Draft contract (409 INVALID_STATE once it is Sent or Signed)',
  status: 200,
  roles: ['operations', 'accountant', 'marketer'],
  params: IdParams,
  body: Type.Partial(
    Type.Object({
      ...EditableFields,
      customerName: EditableFields.customerName,
      contractPdfUrl: Url,
      version: ContractVersion,
    }),
    {
      additionalProperties: false,
      minProperties: 1,
    },
  ),
  response: Contract,
});

export const sendContract = defineRoute({
  id: 'sendContract',
  errors: ['NOT_FOUND', 'INVALID_STATE', 'CHANNEL_DISPATCH_FAILED'],
  versioned: { record: 'contract', ifMatch: 'optional' },
  folder: 'contracts',
  method: 'POST',
  path: '/api/v1/contracts/{id}/send',
  tag: 'Contracts',
  summary: 'Send a contract to the customer on the chat channel; then it is Sent',
  description:
    'phone (or its alias phoneNumber) in E.164. Draft and Sent contracts can be sent (again); a Signed one answers 409 INVALID_STATE. If the chat channel refuses or fails, 502 CHANNEL_DISPATCH_FAILED and the contract is unchanged.',
  status: 200,
  roles: ['operations', 'accountant', 'marketer'],
  params: IdParams,
  body: Type.Object(
    {
      phone: Type.Optional(PhoneNumber()),
      phoneNumber: Type.Optional(PhoneNumber('alias of phone')),
      signingLink: Type.Optional(Url),
      sendVia: Type.Optional(Type.Literal('whatsapp', { description: 'reserved: only the chat channel is supported' })),
      version: ContractVersion,
    },
    {
      additionalProperties: false,
      examples: [{ phone: '+971501234567', signingLink: 'https://sign.example.com/c/1042' }],
    },
  ),
  response: Contract,
});

export const signContract = defineRoute({
  id: 'signContract',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  bodyOptional: true,
  versioned: { record: 'contract', ifMatch: 'optional' },
  folder: 'contracts',
  method: 'PATCH',
  path: '/api/v1/contracts/{id}/sign',
  tag: 'Contracts',
  summary: 'Mark a contract Signed (from Draft or Sent), storing signedDocument as given',
  status: 200,
  roles: ['operations', 'accountant', 'marketer'],
  params: IdParams,
  body: Type.Object(
    {
      signedDocument: Type.Optional(
        Type.Unknown({ description: 'any JSON; recommended keys url, filename, mimeType, size' }),
      ),
      version: ContractVersion,
    },
    {
      additionalProperties: false,
      examples: [
        {
          signedDocument: {
            url: 'https://example.com/signed.pdf',
            filename: 'contract-1042.pdf',
            mimeType: 'application/pdf',
          },
        },
      ],
    },
  ),
  response: Contract,
});

export const getContract = defineRoute({
  id: 'getContract',
  errors: ['NOT_FOUND'],
  versioned: { record: 'contract' },
  folder: 'contracts',
  method: 'GET',
  path: '/api/v1/contracts/{id}',
  tag: 'Contracts',
  summary: 'One contract',
  status: 200,
  params: IdParams,
  response: Contract,
});

export const listOrderContracts = defineRoute({
  id: 'listOrderContracts',
  errors: ['NOT_FOUND'],
  folder: 'contracts',
  method: 'GET',
  path: '/api/v1/orders/{id}/contracts',
  tag: 'Contracts',
  summary: "An order's contracts, oldest first",
  status: 200,
  params: IdParams,
  response: Type.Array(Contract),
});
