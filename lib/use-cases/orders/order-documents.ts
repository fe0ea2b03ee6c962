import type { Static } from '@sinclair/typebox';
import { bucketName } from '../../config.js';
import { presignedGetUrl } from '../../archive/objects.js';
import type { GeneratedDocumentView } from '../../schemas/documents.js';
import type { GeneratedDocument, OrderRecord } from '../../store/orders.js';

export type DocumentView = Static<typeof GeneratedDocumentView>;

/** Download links are short-lived: whoever has one can read the file until then. */
const URL_SECONDS = 15 * 60;

/** A generated document with a fresh download URL (signed here; no request to S3). */
export async function withUrl(document: GeneratedDocument): Promise<DocumentView> {
  const url = await presignedGetUrl(bucketName(), document.key, URL_SECONDS);
  return { ...document, url, urlExpiresAt: new Date(Date.now() + URL_SECONDS * 1000).toISOString() };
}

/** The latest version of each type, with download URLs, for the order detail. */
export async function latestDocuments(
  order: OrderRecord,
): Promise<Array<Pick<DocumentView, 'id' | 'type' | 'version' | 'language' | 'createdAt' | 'url' | 'urlExpiresAt'>>> {
  const latest = new Map<string, GeneratedDocument>();
  for (const document of order.documents ?? [])
    if ((latest.get(document.type)?.version ?? 0) < document.version) latest.set(document.type, document);
  return Promise.all(
    [...latest.values()].map(async (d) => {
      const { id, type, version, language, createdAt, url, urlExpiresAt } = await withUrl(d);
      return { id, type, version, language, createdAt, url, urlExpiresAt };
    }),
  );
}
