import type { DataProvider, GetListResult, Identifier, RaRecord } from 'react-admin';
import { api, call, ifMatch } from './client';
import { clean, pick } from './clean.js';
import { listingScope, newCursorBook, pageInfo, pageRequest, rememberNext } from './cursor-paging.js';
import type { ProfileImage } from './enums';
import type { BodyOf, ExportStep, OrderStatus, QueryOf } from './types';

/**
 * The one place where react-admin's resources meet the API: each resource and method is a call
 * of the typed client (client/index.ts). Lists paged by cursor remember their cursors here.
 */
const book = newCursorBook();

type Filter = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const num = (value: unknown): number | undefined =>
  value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? undefined : Number(value);
const day = (value: unknown, end: boolean): string | undefined => {
  const text = str(value);
  if (!text) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : text;
};
/** react-admin's generic record types: the typed client's answer is the record. */
const ok = (data: object) => ({ data: data as never });
const records = <T>(rows: T[], total?: number): GetListResult => ({ data: rows as unknown as RaRecord[], total: total ?? rows.length });

async function cursorList<T>(
  resource: string,
  filter: Filter,
  perPage: number,
  page: number,
  pageNumbers: boolean,
  fetchPage: (request: { cursor?: string; page?: number }) => Promise<{ rows: T[]; nextCursor?: string; total?: number }>,
): Promise<GetListResult> {
  const scope = listingScope(resource, filter, perPage);
  const { request, page: served } = pageRequest(book, scope, page, pageNumbers);
  const { rows, nextCursor, total } = await fetchPage(request);
  rememberNext(book, scope, served, nextCursor);
  // On the last page the count is known without counting: the pages before it were full.
  const known = total ?? (nextCursor ? undefined : (served - 1) * perPage + rows.length);
  return { data: rows as unknown as RaRecord[], pageInfo: pageInfo(served, nextCursor), ...(known !== undefined ? { total: known } : {}) };
}

const carQuery = (filter: Filter): QueryOf<'/api/v1/cars', 'get'> =>
  clean({
    search: str(filter.search),
    makeEn: str(filter.makeEn),
    modelEn: str(filter.modelEn),
    fuelType: str(filter.fuelType),
    transmission: str(filter.transmission),
    yearFrom: num(filter.yearFrom),
    yearTo: num(filter.yearTo),
    priceFrom: num(filter.priceFrom),
    priceTo: num(filter.priceTo),
    kmTo: num(filter.kmTo),
    currency: str(filter.currency),
  });

export const dataProvider = {
  async getList(resource, { pagination, sort, filter }) {
    const perPage = pagination?.perPage ?? 20;
    const page = pagination?.page ?? 1;
    const f: Filter = filter ?? {};
    switch (resource) {
      case 'orders':
        return cursorList(resource, f, perPage, page, true, async (request) => {
          const { body } = await call(
            api().GET('/api/v1/orders', {
              params: {
                query: clean({
                  limit: perPage,
                  ...request,
                  status: str(f.status) as OrderStatus | undefined,
                  customerId: str(f.customerId),
                  marketerId: str(f.marketerId),
                  orderNumber: typeof f.orderNumber === 'number' ? f.orderNumber : undefined,
                  createdFrom: day(f.createdFrom, false),
                  createdTo: day(f.createdTo, true),
                }),
              },
            }),
          );
          return { rows: body.data, nextCursor: body.meta.nextCursor, total: body.meta.total };
        });
      case 'customers':
        return cursorList(resource, f, perPage, page, false, async (request) => {
          const { body } = await call(api().GET('/api/v1/customers', { params: { query: clean({ limit: perPage, cursor: request.cursor, q: str(f.q) }) } }));
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        });
      case 'billing':
        return cursorList(resource, f, perPage, page, false, async (request) => {
          const type = str(f.type) as QueryOf<'/api/v1/billing', 'get'>['type'];
          const { body } = await call(
            api().GET('/api/v1/billing', { params: { query: clean({ status: 'Pending' as const, type, limit: perPage, cursor: request.cursor }) } }),
          );
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        });
      case 'inspections':
        return cursorList(resource, f, perPage, page, false, async (request) => {
          const { body } = await call(
            api().GET('/api/v1/inspections', {
              params: { query: clean({ limit: perPage, cursor: request.cursor, inspectorId: str(f.inspectorId), open: f.open === true ? true : undefined }) },
            }),
          );
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        });
      case 'customer-matches': {
        const phone = str(f.phone);
        if (!phone) return records([]);
        const { body } = await call(api().GET('/api/v1/customers/search', { params: { query: { phone } } }));
        return records(body.data);
      }
      case 'cars': {
        const sortBy = (['price', 'year', 'kilometers', 'createdAt', 'auctionDate'] as const).find((field) => field === sort?.field);
        const { body } = await call(
          api().GET('/api/v1/cars', {
            params: { query: { ...carQuery(f), limit: perPage, page, ...(sortBy ? { sortBy, sortOrder: sort?.order === 'ASC' ? 'asc' : 'desc' } : {}) } },
          }),
        );
        return { data: body.data as RaRecord[], total: body.meta?.total ?? body.data.length, meta: body.meta };
      }
      case 'users': {
        const role = str(f.role) as QueryOf<'/api/v1/users', 'get'>['role'];
        const { body } = await call(api().GET('/api/v1/users', { params: { query: clean({ role }) } }));
        return records(body.data);
      }
      case 'inspectors': {
        const { body } = await call(api().GET('/api/v1/inspectors'));
        return records(body.data);
      }
      case 'api-keys': {
        const { body } = await call(api().GET('/api/v1/api-keys'));
        return records(body.data);
      }
      case 'webhook-endpoints': {
        const { body } = await call(api().GET('/api/v1/webhook-endpoints'));
        return records(body.data);
      }
      case 'audit':
        return cursorList(resource, f, perPage, page, false, async (request) => {
          const { body } = await call(
            api().GET('/api/v1/audit', {
              params: {
                query: clean({
                  limit: perPage,
                  cursor: request.cursor,
                  entity: str(f.entity) as QueryOf<'/api/v1/audit', 'get'>['entity'],
                  id: str(f.entityId),
                  from: day(f.from, false),
                  to: day(f.to, true),
                }),
              },
            }),
          );
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        });
      case 'export-deadlines': {
        const before = str(f.before) ?? new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
        const { body } = await call(api().GET('/api/v1/export-deadlines', { params: { query: { before } } }));
        return records(body.data.map((deadline) => ({ ...deadline, id: `${deadline.orderId}:${deadline.kind}` })));
      }
      default:
        throw new Error(`No list of ${resource}`);
    }
  },

  async getManyReference(resource, { target, id, pagination, filter }) {
    const ref = String(id);
    switch (`${resource}:${target}`) {
      case 'billing:orderId':
        return records((await call(api().GET('/api/v1/orders/{id}/billing', { params: { path: { id: ref } } }))).body.data);
      case 'contracts:orderId':
        return records((await call(api().GET('/api/v1/orders/{id}/contracts', { params: { path: { id: ref } } }))).body.data);
      case 'inspections:orderId':
        return records((await call(api().GET('/api/v1/orders/{id}/inspections', { params: { path: { id: ref } } }))).body.data);
      case 'notifications:orderId':
        return records(
          (await call(api().GET('/api/v1/orders/{id}/notifications', { params: { path: { id: ref } } }))).body.data.map((n) => ({ ...n, id: n.messageId })),
        );
      case 'documents:orderId':
        return records((await call(api().GET('/api/v1/orders/{id}/documents', { params: { path: { id: ref } } }))).body.data);
      case 'wallet-transactions:walletId': {
        const { body } = await call(
          api().GET('/api/v1/wallets/{id}/transactions', {
            params: { path: { id: ref }, query: { page: pagination?.page ?? 1, pageSize: Math.min(pagination?.perPage ?? 20, 100) } },
          }),
        );
        return records(body.data, body.meta?.total);
      }
      case 'deliveries:endpointId': {
        const { body } = await call(api().GET('/api/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id: ref }, query: {} } }));
        return records(body.data);
      }
      case 'audit:entityId': {
        const entity = str(filter?.entity) as QueryOf<'/api/v1/audit', 'get'>['entity'];
        const { body } = await call(api().GET('/api/v1/audit', { params: { query: clean({ id: ref, entity, limit: 50 }) } }));
        return records(body.data);
      }
      default:
        throw new Error(`No list of ${resource} by ${target}`);
    }
  },

  async getOne(resource, { id, meta }) {
    const ref = String(id);
    switch (resource) {
      case 'orders':
        return ok((await call(api().GET('/api/v1/orders/{id}', { params: { path: { id: ref } } }))).body.data);
      case 'customers':
        return ok((await call(api().GET('/api/v1/customers/{id}', { params: { path: { id: ref } } }))).body.data);
      case 'cars': {
        const currency = str((meta as Filter | undefined)?.currency);
        const { body } = await call(api().GET('/api/v1/cars/{id}', { params: { path: { id: Number(ref) }, query: clean({ currency }) } }));
        // The rate used (or why there is none) travels with the car: react-admin keeps only `data` of a getOne.
        return ok({ ...body.data, id: body.data.id ?? Number(ref), rate: body.meta?.currency });
      }
      case 'users':
        return ok((await call(api().GET('/api/v1/users/{id}', { params: { path: { id: ref } } }))).body.data);
      case 'contracts':
        return ok((await call(api().GET('/api/v1/contracts/{id}', { params: { path: { id: ref } } }))).body.data);
      case 'inspections':
        return ok((await call(api().GET('/api/v1/inspections/{id}', { params: { path: { id: ref } } }))).body.data);
      case 'webhook-endpoints':
        return ok((await call(api().GET('/api/v1/webhook-endpoints/{id}', { params: { path: { id: ref } } }))).body.data);
      case 'wallets':
        return ok((await call(api().GET('/api/v1/customers/{id}/wallet', { params: { path: { id: ref } } }))).body.data);
      default:
        throw new Error(`No record of ${resource}`);
    }
  },

  async getMany(resource, { ids }): Promise<{ data: never[] }> {
    const data: never[] = await Promise.all(ids.map(async (id: Identifier): Promise<never> => (await dataProvider.getOne(resource, { id })).data));
    return { data };
  },

  async create(resource, { data }) {
    const values = clean(data as Record<string, unknown>);
    switch (resource) {
      case 'orders':
        return ok((await call(api().POST('/api/v1/orders', { body: values as BodyOf<'/api/v1/orders', 'post'> }))).body.data);
      case 'customers':
        return ok((await call(api().POST('/api/v1/customers', { body: values as BodyOf<'/api/v1/customers', 'post'> }))).body.data);
      case 'billing':
        return ok((await call(api().POST('/api/v1/billing', { body: values as BodyOf<'/api/v1/billing', 'post'> }))).body.data);
      case 'contracts':
        return ok((await call(api().POST('/api/v1/contracts', { body: values as BodyOf<'/api/v1/contracts', 'post'> }))).body.data);
      case 'inspections':
        return ok((await call(api().POST('/api/v1/inspections', { body: values as BodyOf<'/api/v1/inspections', 'post'> }))).body.data);
      case 'users':
        return ok((await call(api().POST('/api/v1/users', { body: values as BodyOf<'/api/v1/users', 'post'> }))).body.data);
      case 'api-keys': {
        const { body } = await call(api().POST('/api/v1/api-keys', { body: values as BodyOf<'/api/v1/api-keys', 'post'> }));
        return ok({ ...body.data.apiKey, key: body.data.key });
      }
      case 'webhook-endpoints': {
        const { body } = await call(api().POST('/api/v1/webhook-endpoints', { body: values as BodyOf<'/api/v1/webhook-endpoints', 'post'> }));
        return ok({ ...body.data.endpoint, secret: body.data.secret });
      }
      default:
        throw new Error(`Cannot create ${resource}`);
    }
  },

  async update(resource, { id, data, previousData }) {
    const ref = String(id);
    switch (resource) {
      case 'contracts': {
        const fields = clean(
          pick(data, [
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
          ]),
        );
        const { body } = await call(
          api().PATCH('/api/v1/contracts/{id}', {
            params: { path: { id: ref }, header: { 'If-Match': ifMatch(Number(previousData.version)) } },
            body: fields as BodyOf<'/api/v1/contracts/{id}', 'patch'>,
          }),
        );
        return ok(body.data);
      }
      case 'users': {
        const fields = clean(pick(data, ['name', 'mobileNumber', 'email', 'language', 'active']));
        return ok(
          (await call(api().PATCH('/api/v1/users/{id}', { params: { path: { id: ref } }, body: fields as BodyOf<'/api/v1/users/{id}', 'patch'> }))).body.data,
        );
      }
      case 'webhook-endpoints': {
        const fields = clean(pick(data, ['url', 'description', 'eventTypes', 'enabled']));
        const { body } = await call(
          api().PATCH('/api/v1/webhook-endpoints/{id}', {
            params: { path: { id: ref } },
            body: { ...fields, version: Number(previousData.version) } as BodyOf<'/api/v1/webhook-endpoints/{id}', 'patch'>,
          }),
        );
        return ok(body.data);
      }
      default:
        throw new Error(`Cannot edit ${resource}`);
    }
  },

  async updateMany() {
    throw new Error('Not supported');
  },

  async delete(resource, { id }) {
    if (resource !== 'webhook-endpoints') throw new Error(`Cannot delete ${resource}`);
    return ok((await call(api().DELETE('/api/v1/webhook-endpoints/{id}', { params: { path: { id: String(id) } } }))).body.data);
  },

  async deleteMany() {
    throw new Error('Not supported');
  },

  // Actions beyond react-admin's CRUD, one typed call each.
  me: async () => (await call(api().GET('/api/v1/me'))).body.data,
  validate: async (orderId: string, targetStatus: string) =>
    (await call(api().POST('/api/v1/orders/{id}/validate-transition', { params: { path: { id: orderId } }, body: { targetStatus } }))).body.data,
  changeStatus: async (orderId: string, version: number, body: BodyOf<'/api/v1/orders/{id}/status', 'patch'>) =>
    (await call(api().PATCH('/api/v1/orders/{id}/status', { params: { path: { id: orderId }, header: { 'If-Match': ifMatch(version) } }, body: clean(body) })))
      .body.data,
  confirmBilling: async (id: string) => (await call(api().PATCH('/api/v1/billing/{id}/confirm', { params: { path: { id } } }))).body.data,
  billingDocument: async (id: string, body: BodyOf<'/api/v1/billing/{id}/document-url', 'patch'>) =>
    (await call(api().PATCH('/api/v1/billing/{id}/document-url', { params: { path: { id } }, body: clean(body) }))).body.data,
  sendContract: async (id: string, body: BodyOf<'/api/v1/contracts/{id}/send', 'post'>) =>
    (await call(api().POST('/api/v1/contracts/{id}/send', { params: { path: { id } }, body: clean(body) }))).body.data,
  signContract: async (id: string) => (await call(api().PATCH('/api/v1/contracts/{id}/sign', { params: { path: { id } }, body: {} }))).body.data,
  inspectionStatus: async (id: string, body: BodyOf<'/api/v1/inspections/{id}/status', 'patch'>) =>
    (await call(api().PATCH('/api/v1/inspections/{id}/status', { params: { path: { id } }, body: clean(body) }))).body.data,
  customsInvoice: async (orderId: string, version: number, body: BodyOf<'/api/v1/orders/{id}/customs-invoice', 'patch'>) =>
    (await call(api().PATCH('/api/v1/orders/{id}/customs-invoice', { params: { path: { id: orderId } }, body: { ...clean(body), version } }))).body.data,
  exportStep: async (orderId: string, step: ExportStep, version: number, body: BodyOf<'/api/v1/orders/{id}/export-steps/{step}', 'put'>) =>
    (await call(api().PUT('/api/v1/orders/{id}/export-steps/{step}', { params: { path: { id: orderId, step } }, body: { ...clean(body), version } }))).body
      .data,
  shipment: async (orderId: string, version: number, body: BodyOf<'/api/v1/orders/{id}/shipment', 'patch'>) =>
    (await call(api().PATCH('/api/v1/orders/{id}/shipment', { params: { path: { id: orderId } }, body: { ...clean(body), version } }))).body.data,
  generateDocument: async (orderId: string, body: BodyOf<'/api/v1/orders/{id}/documents', 'post'>) =>
    (await call(api().POST('/api/v1/orders/{id}/documents', { params: { path: { id: orderId } }, body: clean(body) }))).body.data,
  /** A new link to the buyer's tracking page; the old one stops working at once. */
  replaceTrackingLink: async (orderId: string) =>
    (await call(api().POST('/api/v1/orders/{id}/tracking-link', { params: { path: { id: orderId } } }))).body.data,
  tenantProfile: async () => (await call(api().GET('/api/v1/tenant-profile'))).body.data,
  /** The profile's text as a whole (what is left out is cleared), at the version read. */
  saveTenantProfile: async (version: number, body: BodyOf<'/api/v1/tenant-profile', 'put'>) =>
    (await call(api().PUT('/api/v1/tenant-profile', { params: { header: { 'If-Match': ifMatch(version) } }, body: clean(body) }))).body.data,
  uploadProfileImage: async (image: ProfileImage, body: BodyOf<'/api/v1/tenant-profile/{image}', 'put'>) =>
    (await call(api().PUT('/api/v1/tenant-profile/{image}', { params: { path: { image } }, body }))).body.data,
  removeProfileImage: async (image: ProfileImage) => (await call(api().DELETE('/api/v1/tenant-profile/{image}', { params: { path: { image } } }))).body.data,
  walletTransaction: async (walletId: string, body: BodyOf<'/api/v1/wallets/{id}/transactions', 'post'>) =>
    (await call(api().POST('/api/v1/wallets/{id}/transactions', { params: { path: { id: walletId } }, body: clean(body) }))).body.data,
  revokeKey: async (id: string) => (await call(api().POST('/api/v1/api-keys/{id}/revoke', { params: { path: { id } } }))).body.data,
  rotateKey: async (id: string, graceSeconds?: number) =>
    (await call(api().POST('/api/v1/api-keys/{id}/rotate', { params: { path: { id } }, body: clean({ graceSeconds }) }))).body.data,
  deactivateUser: async (id: string) => (await call(api().POST('/api/v1/users/{id}/deactivate', { params: { path: { id } } }))).body.data,
  testWebhook: async (id: string) => (await call(api().POST('/api/v1/webhook-endpoints/{id}/test', { params: { path: { id } }, body: {} }))).body.data,
  replayDelivery: async (id: string, deliveryId: string) =>
    (await call(api().POST('/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay', { params: { path: { id, deliveryId } }, body: {} }))).body.data,
  replaySince: async (id: string, since: string) =>
    (await call(api().POST('/api/v1/webhook-endpoints/{id}/replay', { params: { path: { id } }, body: { since } }))).body.data,
} satisfies DataProvider & Record<string, unknown>;

export type ConsoleDataProvider = typeof dataProvider;
