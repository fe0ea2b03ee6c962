import { getObjectSigned, putObjectSigned } from '../../archive/objects.js';
import { bucketName } from '../../config.js';
import { composeDocument } from '../../domain/document-models/compose.js';
import { checkRenderRequest, type RenderResult } from '../../domain/render-request.js';
import { renderPdf } from '../../documents/pdf.js';
import { describeError, log } from '../../logger.js';

/**
 * The PDF renderer's work (its own function; the API function generateOrderDocument invokes it):
 * puts the document's facts into words, lays them out as a PDF and writes it to the bucket under
 * the key it was given.
 * A bucket that keeps failing is answered as not stored, so the caller can say "retry later";
 * a malformed request is a bug of the caller and throws.
 */
export async function renderAndStoreDocument(event: unknown): Promise<RenderResult> {
  const request = checkRenderRequest(event);
  if (typeof request === 'string') throw new Error(`Not a render request: ${request}`);
  // The logo and stamp are read here, not sent along: the invoke payload stays small.
  const [logo, stamp] = await Promise.all(
    [request.images?.logo, request.images?.stamp].map(async (key) => (key ? (await getObjectSigned(bucketName(), key))?.body : undefined)),
  );
  const pdf = await renderPdf(composeDocument(request.document), { title: request.title, createdAt: new Date(request.createdAt) }, { logo, stamp });
  try {
    await putObjectSigned(bucketName(), request.key, pdf, 'application/pdf');
  } catch (error) {
    log.warn('generated document not stored', { key: request.key, ...describeError(error) });
    return { stored: false, reason: 'the bucket did not take the file' };
  }
  log.info('document rendered', { key: request.key, bytes: pdf.length });
  return { stored: true, bytes: pdf.length };
}
