import type { DocumentModel } from './document-models/model.js';

/**
 * What the API function sends the PDF renderer (functions/documents/render-order-document.ts):
 * the document's text, already composed, and where to store the file. The renderer only lays it
 * out and writes it; everything the order decides stays with the API function.
 */
export interface RenderRequest {
  model: DocumentModel;
  title: string;
  createdAt: string;
  key: string;
  /** The seller's logo and stamp, as keys in the bucket (tenants/{id}/profile/...), drawn when given. */
  images?: { logo?: string; stamp?: string };
}

/** The renderer's answer: the file is stored, or the bucket could not take it (worth a retry later). */
export type RenderResult = { stored: true; bytes: number } | { stored: false; reason: string };

const KEY = /^orders\/\d+\/documents\/[a-z-]+\/[a-z0-9]+\.pdf$/;

export const documentKey = (orderNumber: number, type: string, id: string): string => `orders/${orderNumber}/documents/${type}/${id}.pdf`;

const isPair = (value: unknown): value is [string, string] => Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string');
const isPairs = (value: unknown): boolean => Array.isArray(value) && value.every(isPair);
const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((part) => typeof part === 'string');
const IMAGE_KEY = /^tenants\/[A-Za-z0-9_-]+\/profile\/[a-z0-9.-]+$/;

/** The request when it has the shape the renderer needs, else why not (the renderer is called by this service alone, so a bad one is a bug). */
export function checkRenderRequest(event: unknown): RenderRequest | string {
  if (typeof event !== 'object' || event === null) return 'the event is not an object';
  const { model, title, createdAt, key, images } = event as Partial<RenderRequest>;
  if (typeof key !== 'string' || !KEY.test(key)) return 'key must be orders/{orderNumber}/documents/{type}/{id}.pdf';
  if (typeof title !== 'string' || typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return 'title and createdAt are required';
  if (images !== undefined && !Object.values(images).every((image) => image === undefined || (typeof image === 'string' && IMAGE_KEY.test(image))))
    return 'images must be keys under tenants/{id}/profile/';
  if (typeof model !== 'object' || model === null) return 'model is required';
  if (model.language !== 'en' && model.language !== 'ar') return 'model.language must be en or ar';
  if (typeof model.title !== 'string' || typeof model.footer !== 'string') return 'model.title and model.footer are required';
  if (!isPairs(model.meta) || typeof model.letterhead?.name !== 'string' || !isStrings(model.letterhead.lines))
    return 'model.meta and model.letterhead are required';
  if (!Array.isArray(model.parties) || !model.parties.every((p) => typeof p?.heading === 'string' && isStrings(p.lines)))
    return 'model.parties must be headed lines';
  if (!Array.isArray(model.sections) || !model.sections.every((s) => typeof s?.heading === 'string' && isPairs(s.facts)))
    return 'model.sections must be headed facts';
  const table = model.table;
  if (!table || !isPair(table.columns) || !isPairs(table.lines) || !isPairs(table.totals)) return 'model.table must have columns, lines and totals';
  if (model.inWords !== undefined && !isPair(model.inWords)) return 'model.inWords must be a pair';
  if (!Array.isArray(model.paragraphs) || !model.paragraphs.every((p) => typeof p?.heading === 'string' && typeof p.text === 'string'))
    return 'model.paragraphs must be headed text';
  if (!Array.isArray(model.signatures) || !model.signatures.every((s) => typeof s?.heading === 'string' && typeof s.name === 'string'))
    return 'model.signatures must name who signs';
  return { model, title, createdAt, key, ...(images ? { images } : {}) };
}
