import { api, call, ifMatch } from '../../api/client.js';
import { clean, pick } from '../../api/clean.js';
import { type DataPart, ok, records } from '../../api/handlers.js';
import type { BodyOf } from '../../api/types.js';

/** The fields of a contract the console edits (react-admin sends the whole record back). */
const EDITABLE = [
  'customerName',
  'customerNameAr',
  'customerIdNumber',
  'customerPhone',
  'customerEmail',
  'customerAddress',
  'customerCountry',
  'totalAmount',
  'currency',
  'vin',
  'mileage',
  'color',
  'terms',
  'notes',
] as const;

/** Contracts: an order's contracts, one contract, a draft, an edit at the version read; sending and signing. */
export const contractsData = {
  handlers: {
    contracts: {
      getManyReference: {
        orderId: async ({ id }) =>
          records(
            (await call(api().GET('/api/v1/orders/{id}/contracts', { params: { path: { id: String(id) } } }))).body
              .data,
          ),
      },
      getOne: async ({ id }) =>
        ok((await call(api().GET('/api/v1/contracts/{id}', { params: { path: { id: String(id) } } }))).body.data),
      create: async ({ data }) =>
        ok(
          (await call(api().POST('/api/v1/contracts', { body: clean(data) as BodyOf<'/api/v1/contracts', 'post'> })))
            .body.data,
        ),
      update: async ({ id, data, previousData }) => {
        const { body } = await call(
          api().PATCH('/api/v1/contracts/{id}', {
            params: { path: { id: String(id) }, header: { 'If-Match': ifMatch(Number(previousData.version)) } },
            body: clean(pick(data, EDITABLE)) as BodyOf<'/api/v1/contracts/{id}', 'patch'>,
          }),
        );
        return ok(body.data);
      },
    },
  },
  actions: {
    sendContract: async (id: string, body: BodyOf<'/api/v1/contracts/{id}/send', 'post'>) =>
      (await call(api().POST('/api/v1/contracts/{id}/send', { params: { path: { id } }, body: clean(body) }))).body
        .data,
    signContract: async (id: string) =>
      (await call(api().PATCH('/api/v1/contracts/{id}/sign', { params: { path: { id } }, body: {} }))).body.data,
  },
} satisfies DataPart;

export type ContractsActions = typeof contractsData.actions;
