import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { consigneeAsBuyer, consigneeToName } from '../../domain/document-models/buyer.js';
import type { DocumentFacts } from '../../domain/document-models/compose.js';
import { customsInvoiceGaps, type CustomsInvoiceData } from '../../domain/document-models/customs-invoice.js';
import { receiptKindOf, type PaymentLine } from '../../domain/document-models/proforma-invoice.js';
import { invalidState, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { actorOf, scopeOf } from '../../domain/scope.js';
import { documentKey, type RenderRequest } from '../../domain/render-request.js';
import type { OrderStatus } from '../../domain/order-lifecycle.js';
import { PROFILE_IMAGES, profileGaps, type TenantProfile } from '../../domain/tenant-profile.js';
import { localDay, tenantTimeZone } from '../../domain/time-zone.js';
import { vehicleOf, type Vehicle } from '../../domain/vehicle.js';
import type { DocumentType } from '../../text/document-words.js';
import { renderAndStore } from '../../documents/renderer-client.js';
import type { generateOrderDocument as GenerateRoute } from '../../schemas/documents.js';
import { lastInSeries, takeInSeriesItem } from '../../store/document-series.js';
import type { ContractRecord } from '../../store/order-children.js';
import {
  getOrder,
  readDocumentSources,
  type DocumentSources,
  type GeneratedDocument,
  type OrderRecord,
} from '../../store/orders.js';
import { getTenantProfile } from '../../store/tenant-profiles.js';
import { getTenant } from '../../store/tenants.js';
import { editOrder } from './edit-order.js';
import { withUrl, type DocumentView } from './order-documents.js';

type GenerateBody = Static<NonNullable<(typeof GenerateRoute)['body']>>;
type Series = 'customs-invoice' | 'proforma-invoice';

/** How long a proforma's price holds. */
const PROFORMA_VALID_DAYS = 14;
const PREFIX: Record<Series, string> = { 'customs-invoice': 'CI', 'proforma-invoice': 'PI' };
export const seriesNumber = (series: Series, n: number): string => `${PREFIX[series]}-${String(n).padStart(5, '0')}`;

const DOCUMENT_NAMES: Record<DocumentType, string> = {
  'customs-invoice': 'commercial invoice',
  'proforma-invoice': 'proforma invoice',
  contract: 'sales contract',
};
const TITLES: Record<DocumentType, string> = {
  'customs-invoice': 'Commercial invoice',
  'proforma-invoice': 'Proforma invoice',
  contract: 'Sales contract',
};

/**
 * The statuses in which no new document is made. A cancelled order has no car to clear through
 * customs (commercial invoice), no balance for the buyer to pay (proforma), and no sale to sign
 * (contract). Documents made before stay listed.
 */
const CLOSED: ReadonlySet<OrderStatus> = new Set(['Cancelled']);

/** 409 INVALID_STATE when the order's status takes no new document of this type. */
function ensureDocumentable(order: Pick<OrderRecord, 'status' | 'orderNumber'>, type: DocumentType): void {
  if (!CLOSED.has(order.status)) return;
  throw invalidState(
    `Order ${order.orderNumber} is ${order.status}: it takes no new ${DOCUMENT_NAMES[type]} (documents generated before stay listed)`,
    [{ field: 'type', message: `the order is ${order.status}`, status: order.status }],
  );
}

/** Everything a model is made from, read once. */
interface Sources {
  collection: DocumentSources;
  profile: TenantProfile;
  zone: string;
  today: string;
}

function latestContract(collection: DocumentSources, contractId: string | undefined): ContractRecord {
  const contracts = [...collection.contracts].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  const contract = contractId ? contracts.find((c) => c.id === contractId) : contracts[0];
  if (contract) return contract;
  if (contractId) throw notFound('Contract', 'contractId');
  throw invalidState('The order has no contract yet (POST /contracts)', [
    { field: 'type', message: 'the order has no contract' },
  ]);
}

/** The order's car from its snapshot, else its latest contract, else its customs invoice. */
function orderVehicle(collection: DocumentSources): Vehicle {
  const contract = latestContractOrNone(collection);
  return vehicleOf({
    carDetails: collection.order.carDetails,
    ...(contract
      ? {
          contract: {
            carDetails: contract.carDetails,
            vin: contract.vin,
            mileage: contract.mileage,
            color: contract.color,
          },
        }
      : {}),
    ...(collection.order.customsInvoice ? { customsInvoice: collection.order.customsInvoice } : {}),
  });
}

const latestContractOrNone = (collection: DocumentSources): ContractRecord | undefined =>
  [...collection.contracts].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0];

/** Receipts confirmed in the order's currency (each with its label and the seller's day), the wallet payment, and a refund. */
function paymentsOf({ collection, zone }: Sources): PaymentLine[] {
  const { order } = collection;
  const day = (instant: string) => localDay(instant, zone);
  const receipts = collection.billing
    .filter((b) => b.type === 'receipt' && b.status === 'Confirmed' && b.currency === order.currency)
    .sort((a, b) => String(a.confirmedAt ?? a.createdAt).localeCompare(String(b.confirmedAt ?? b.createdAt)))
    .map(
      (b): PaymentLine => ({
        kind: receiptKindOf(b, order.depositReceiptId),
        date: day(String(b.confirmedAt ?? b.createdAt)),
        amount: Number(b.amount),
      }),
    );
  return [
    ...(order.paidFromWallet
      ? [{ kind: 'wallet' as const, date: day(order.createdAt), amount: order.totalAmount }]
      : []),
    ...receipts,
    ...(order.refundedAt ? [{ kind: 'refund' as const, date: day(order.refundedAt), amount: order.totalAmount }] : []),
  ];
}

/** Where an admin sets the missing profile fields: the text with PUT /tenant-profile, each image (the stamp) with an upload of its own. */
function profileRoutes(fields: string[]): string {
  const images = PROFILE_IMAGES.filter((image) => fields.includes(`profile.${image}`));
  const routes = [
    ...(fields.length > images.length ? ['PUT /api/v1/tenant-profile'] : []),
    ...images.map((image) => `PUT /api/v1/tenant-profile/${image}`),
  ];
  return `an admin sets ${fields.length === 1 ? 'it' : 'them'} with ${routes.join(' and ')}`;
}

function refuse(what: DocumentType, gaps: string[], where: string): never {
  throw invalidState(
    `A ${DOCUMENT_NAMES[what]} cannot be generated yet: ${gaps.join(', ')} ${gaps.length === 1 ? 'is' : 'are'} missing (${where})`,
    gaps.map((field) => ({ field, message: `is required on a ${DOCUMENT_NAMES[what]}` })),
  );
}

function refuseProfile(what: DocumentType, missing: string[]): never {
  const fields = missing.map((f) => `profile.${f}`);
  return refuse(what, fields, profileRoutes(fields));
}

/** What the document says (its facts, given its number in the series); or 409 naming what it would print blank. */
interface Plan {
  language: 'en' | 'ar';
  /** The invoice series the document is numbered in; a contract carries its own number. */
  series?: Series;
  contractId?: string;
  contractNumber?: number;
  document: (number: number) => DocumentFacts;
}

function planOf(sources: Sources, body: GenerateBody): Plan {
  const { collection, profile, today } = sources;
  const { order } = collection;
  if (body.type === 'customs-invoice') {
    const invoice = order.customsInvoice as (CustomsInvoiceData & { language?: 'en' | 'ar' }) | undefined;
    if (!invoice)
      throw invalidState('Store the customs invoice first (PATCH /orders/{id}/customs-invoice)', [
        { field: 'type', message: 'the order has no customs invoice' },
      ]);
    const language = body.language ?? invoice.language ?? 'en';
    const profileMissing = profileGaps(profile, 'customs-invoice', language);
    if (profileMissing.length > 0) refuseProfile('customs-invoice', profileMissing);
    const vehicle = orderVehicle(collection);
    const facts = {
      seller: profile,
      invoice,
      vehicle,
      ...(order.shipment ? { shipment: order.shipment } : {}),
      ...(order.consignee ? { consignee: consigneeFacts(order.consignee) } : {}),
      ...(order.customer?.name ? { customerName: order.customer.name } : {}),
    };
    const gaps = customsInvoiceGaps(facts);
    if (gaps.length > 0)
      refuse('customs-invoice', gaps, 'set them on the customs invoice, the order or its contract, or the shipment');
    return {
      language,
      series: 'customs-invoice',
      document: (n) => ({
        type: 'customs-invoice',
        input: {
          ...facts,
          language,
          date: today,
          invoiceNumber: seriesNumber('customs-invoice', n),
          orderNumber: order.orderNumber,
        },
      }),
    };
  }
  const language = body.language ?? 'en';
  const profileMissing = profileGaps(profile, body.type, language);
  if (profileMissing.length > 0) refuseProfile(body.type, profileMissing);
  if (body.type === 'proforma-invoice') {
    const customer = order.customer;
    // The consignee, as the commercial invoice names it; else the customer, as before there was one.
    const consignee = consigneeToName(
      order.consignee ? consigneeFacts(order.consignee) : undefined,
      (order.customsInvoice as CustomsInvoiceData | undefined)?.buyerName,
      customer?.name,
    );
    return {
      language,
      series: 'proforma-invoice',
      document: (n) => ({
        type: 'proforma-invoice',
        input: {
          language,
          date: today,
          validUntil: addDays(today, PROFORMA_VALID_DAYS),
          proformaNumber: seriesNumber('proforma-invoice', n),
          orderNumber: order.orderNumber,
          seller: profile,
          buyer: consignee
            ? consigneeAsBuyer(consignee)
            : {
                name: customer?.name ?? '',
                ...(customer?.mobileNumber ? { phone: customer.mobileNumber } : {}),
                ...(customer?.email ? { email: customer.email } : {}),
              },
          vehicle: orderVehicle(collection),
          totalAmount: order.totalAmount,
          currency: order.currency,
          payments: paymentsOf(sources),
        },
      }),
    };
  }
  const contract = latestContract(collection, body.contractId);
  // The contract's own car fields first: it is what the buyer signs.
  const fromContract = vehicleOf({
    carDetails: contract.carDetails,
    contract: { vin: contract.vin, mileage: contract.mileage, color: contract.color },
  });
  const vehicle: Vehicle = { ...orderVehicle(collection), ...definedOnly(fromContract) };
  return {
    language,
    contractId: contract.id,
    contractNumber: Number(contract.contractNumber),
    document: () => ({
      type: 'contract',
      input: {
        language,
        date: today,
        contractNumber: Number(contract.contractNumber),
        orderNumber: order.orderNumber,
        seller: profile,
        buyer: {
          name: contract.customerName,
          ...optional({
            nameAr: contract.customerNameAr,
            idNumber: contract.customerIdNumber,
            phone: contract.customerPhone,
            email: contract.customerEmail,
            address: contract.customerAddress,
            country: contract.customerCountry,
          }),
        },
        vehicle,
        totalAmount: Number(contract.totalAmount ?? order.totalAmount),
        currency: String(contract.currency ?? order.currency),
        ...optional({
          terms: contract.terms,
          notes: contract.notes,
          signedOn: contract.signedAt ? localDay(contract.signedAt, sources.zone) : undefined,
        }),
      },
    }),
  };
}

/** The consignee's details, without who gave them and when (the renderer is given what it prints). */
const consigneeFacts = ({ givenBy: _givenBy, by: _by, at: _at, ...details }: NonNullable<OrderRecord['consignee']>) =>
  details;

const optional = <T extends Record<string, unknown>>(fields: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
const definedOnly = (vehicle: Vehicle): Vehicle => optional(vehicle as Record<string, unknown>) as Vehicle;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Versions kept on the order item (well under DynamoDB's 400 KB); the files themselves are in the bucket. */
const MAX_DOCUMENTS = 100;

/** A racing generation gave the order its number first: use that one. */
class AlreadyNumbered {
  constructor(readonly number: number) {}
}

/**
 * The order's number in the tenant's series: the one it holds, or the next, given to it in one
 * transaction with the series' move (a versioned order change with its audit record). The series
 * only moves when an order takes its number, so it has no gaps; racing orders re-read and take
 * the next. A number given before a rendering that then fails stays the order's, for the retry.
 */
async function numberOf(
  caller: Caller,
  id: string,
  tenantId: string,
  series: Series,
  held: number | undefined,
): Promise<number> {
  if (held !== undefined) return held;
  let taken = 0;
  try {
    await editOrder(
      caller,
      id,
      undefined,
      `document.number.${series}`,
      async (current) => {
        // A cancellation that came first takes no number out of the series.
        ensureDocumentable(current, series);
        const already = current.documentNumbers?.[series];
        if (already !== undefined) throw new AlreadyNumbered(already);
        taken = (await lastInSeries(tenantId, series)) + 1;
        return { documentNumbers: { ...current.documentNumbers, [series]: taken } };
      },
      (changes) => changes.write(takeInSeriesItem(tenantId, series, taken - 1)),
    );
  } catch (error) {
    if (error instanceof AlreadyNumbered) return error.number;
    throw error;
  }
  return taken;
}

/**
 * Has the renderer function lay the document out and store it under orders/{orderNumber}/documents/
 * (lib/documents/renderer-client.ts), then records it on the order as the next version of its
 * type (raising the order version, with its audit record and event). An invoice first takes its
 * number in the tenant's series (numberOf); a regeneration keeps it. The file is written before
 * it is recorded: a failure leaves at most an unlisted file. A cancelled order gets none
 * (ensureDocumentable, checked again on the order as it is when a number is taken and recorded).
 */
export async function generateOrderDocument(caller: Caller, id: string, body: GenerateBody): Promise<DocumentView> {
  const collection = await readDocumentSources(scopeOf(caller), id);
  if (!collection) throw notFound('Order');
  const { order } = collection;
  ensureDocumentable(order, body.type);
  const tenantId = order.tenantId;
  const [profileItem, tenant] = await Promise.all([
    tenantId ? getTenantProfile(tenantId, true) : undefined,
    tenantId ? getTenant(tenantId) : undefined,
  ]);
  const now = new Date();
  const zone = tenantTimeZone(tenant);
  // Dated on the seller's day (a Dubai invoice made at 01:00 local is dated that day, not UTC's).
  const sources: Sources = { collection, profile: profileItem ?? {}, zone, today: localDay(now, zone) };
  const plan = planOf(sources, body);
  const number = plan.series
    ? await numberOf(caller, id, String(tenantId), plan.series, order.documentNumbers?.[plan.series])
    : 0;
  const document = plan.document(number);
  const documentId = newId();
  const key = documentKey(order.orderNumber, body.type, documentId);
  const images = {
    ...(profileItem?.logo ? { logo: profileItem.logo.key } : {}),
    ...(profileItem?.stamp ? { stamp: profileItem.stamp.key } : {}),
  };
  const request: RenderRequest = {
    document,
    title: `${TITLES[body.type]} #${order.orderNumber}`,
    createdAt: now.toISOString(),
    key,
    images,
  };
  const { bytes } = await renderAndStore(request);
  let recorded: GeneratedDocument | undefined;
  await editOrder(caller, id, undefined, `document.${body.type}`, (current) => {
    ensureDocumentable(current, body.type);
    if ((current.documents ?? []).length >= MAX_DOCUMENTS)
      throw invalidState(`An order keeps at most ${MAX_DOCUMENTS} generated documents`);
    const previous = (current.documents ?? []).filter((d) => d.type === body.type);
    recorded = {
      id: documentId,
      type: body.type,
      version: Math.max(0, ...previous.map((d) => d.version)) + 1,
      language: plan.language,
      key,
      bytes,
      number: plan.series ? seriesNumber(plan.series, number) : `#${plan.contractNumber}`,
      ...(plan.contractId ? { contractId: plan.contractId } : {}),
      createdAt: now.toISOString(),
      createdBy: actorOf(caller),
    };
    return { documents: [...(current.documents ?? []), recorded] };
  });
  return withUrl(recorded!);
}

export async function listOrderDocuments(caller: Caller, id: string): Promise<DocumentView[]> {
  // The documents are on the order's parts: its head and parts, no more.
  const order = await getOrder(scopeOf(caller), id);
  if (!order) throw notFound('Order');
  const documents = [...(order.documents ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return Promise.all(documents.map(withUrl));
}
