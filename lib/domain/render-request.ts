import type { DocumentModel } from '../text/document-text.js';

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
}

/** The renderer's answer: the file is stored, or the bucket could not take it (worth a retry later). */
export type RenderResult = { stored: true; bytes: number } | { stored: false; reason: string };

const KEY = /^orders\/\d+\/documents\/[a-z-]+\/[a-z0-9]+\.pdf$/;

export const documentKey = (orderNumber: number, type: string, id: string): string => `orders/${orderNumber}/documents/${type}/${id}.pdf`;

const isPair = (value: unknown): value is [string, string] => Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string');

/** The request when it has the shape the renderer needs, else why not (the renderer is called by this service alone, so a bad one is a bug). */
export function checkRenderRequest(event: unknown): RenderRequest | string {
  if (typeof event !== 'object' || event === null) return 'the event is not an object';
  const { model, title, createdAt, key } = event as Partial<RenderRequest>;
  if (typeof key !== 'string' || !KEY.test(key)) return 'key must be orders/{orderNumber}/documents/{type}/{id}.pdf';
  if (typeof title !== 'string' || typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) return 'title and createdAt are required';
  if (typeof model !== 'object' || model === null) return 'model is required';
  const { language, facts, lines, columns, total, notes, footer } = model;
  if (language !== 'en' && language !== 'ar') return 'model.language must be en or ar';
  if (typeof model.title !== 'string' || typeof footer !== 'string') return 'model.title and model.footer are required';
  if (!Array.isArray(facts) || !facts.every(isPair) || !Array.isArray(lines) || !lines.every(isPair))
    return 'model.facts and model.lines must be label and value pairs';
  if (!isPair(columns) || !isPair(total) || (notes !== undefined && !isPair(notes))) return 'model.columns, model.total and model.notes must be pairs';
  return { model, title, createdAt, key };
}
