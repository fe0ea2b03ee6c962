import type { DocumentFacts } from './document-models/compose.js';
import { DOCUMENT_TYPES } from '../text/document-words.js';

/**
 * What the API function sends the PDF renderer (functions/documents/render-order-document.ts):
 * the document's facts, as the order decided them, and where to store the file. The renderer
 * puts them into words (lib/domain/document-models/compose.ts), lays them out and writes the file.
 */
export interface RenderRequest {
  document: DocumentFacts;
  title: string;
  createdAt: string;
  key: string;
  /** The seller's logo and stamp, as keys in the bucket (tenants/{id}/profile/...), drawn when given. */
  images?: { logo?: string; stamp?: string };
}

/**
 * The renderer's answer: the file is stored; or the bucket could not take it (worth a retry later);
 * or the seller's logo or stamp cannot be drawn (a file stored before uploads were checked, or
 * damaged since), with what an admin does about it.
 */
export type RenderResult =
  | { stored: true; bytes: number }
  | { stored: false; reason: string }
  | { stored: false; reason: string; unprintable: Array<{ field: string; message: string }> };

const KEY = /^orders\/\d+\/documents\/[a-z-]+\/[a-z0-9]+\.pdf$/;

export const documentKey = (orderNumber: number, type: string, id: string): string =>
  `orders/${orderNumber}/documents/${type}/${id}.pdf`;

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
const IMAGE_KEY = /^tenants\/[A-Za-z0-9_-]+\/profile\/[a-z0-9.-]+$/;

/** The request when it has the shape the renderer needs, else why not (the renderer is called by this service alone, so a bad one is a bug). */
export function checkRenderRequest(event: unknown): RenderRequest | string {
  if (typeof event !== 'object' || event === null) return 'the event is not an object';
  const { document, title, createdAt, key, images } = event as Partial<RenderRequest>;
  if (typeof key !== 'string' || !KEY.test(key)) return 'key must be orders/{orderNumber}/documents/{type}/{id}.pdf';
  if (typeof title !== 'string' || typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)))
    return 'title and createdAt are required';
  if (
    images !== undefined &&
    !Object.values(images).every((image) => image === undefined || (typeof image === 'string' && IMAGE_KEY.test(image)))
  )
    return 'images must be keys under tenants/{id}/profile/';
  if (typeof document !== 'object' || document === null) return 'document is required';
  if (!(DOCUMENT_TYPES as readonly unknown[]).includes(document.type))
    return `document.type must be one of ${DOCUMENT_TYPES.join(', ')}`;
  const given: unknown = document.input;
  if (typeof given !== 'object' || given === null) return 'document.input is required';
  const input = given as Record<string, unknown>;
  if (input.language !== 'en' && input.language !== 'ar') return 'document.input.language must be en or ar';
  if (typeof input.date !== 'string' || typeof input.orderNumber !== 'number')
    return 'document.input.date and orderNumber are required';
  if (!isObject(input.seller) || !isObject(input.vehicle)) return 'document.input.seller and vehicle are required';
  if (document.type === 'customs-invoice' && (!isObject(input.invoice) || typeof input.invoiceNumber !== 'string'))
    return 'a customs invoice needs document.input.invoice and invoiceNumber';
  if (
    document.type === 'proforma-invoice' &&
    (!isObject(input.buyer) || !Array.isArray(input.payments) || typeof input.proformaNumber !== 'string')
  )
    return 'a proforma needs document.input.buyer, payments and proformaNumber';
  if (document.type === 'contract' && (!isObject(input.buyer) || typeof input.contractNumber !== 'number'))
    return 'a contract needs document.input.buyer and contractNumber';
  if (
    document.type !== 'customs-invoice' &&
    (typeof input.totalAmount !== 'number' || typeof input.currency !== 'string')
  )
    return 'document.input.totalAmount and currency are required';
  return { document, title, createdAt, key, ...(images ? { images } : {}) };
}
