import { invokeFunction } from '../aws/lambda-invoke.js';
import { documentRendererFunction, documentRenderTimeoutMs } from '../config.js';
import { invalidState, serviceUnavailable } from '../domain/errors.js';
import type { RenderRequest, RenderResult } from '../domain/render-request.js';
import { log } from '../logger.js';

/**
 * Has the PDF renderer function lay the document out and store it, and waits for it. The
 * renderer (pdfkit, fontkit and IBM Plex Sans Arabic: over 1 MB of code) is its own function so that
 * the API function stays as small and quick to start as every other route, and rendering gets
 * the memory (and so the CPU) it needs without every document route paying for it.
 *
 * Lambda or the bucket unavailable: 503 SERVICE_UNAVAILABLE, worth a retry. The seller's logo or
 * stamp unprintable: 409 INVALID_STATE naming it, as for a profile field missing. The renderer failing
 * otherwise is a fault of this service: an internal error, logged with the renderer's message.
 */
export async function renderAndStore(request: RenderRequest): Promise<{ bytes: number }> {
  const outcome = await invokeFunction(documentRendererFunction(), request, documentRenderTimeoutMs());
  if (!outcome.ok) {
    if (outcome.kind === 'unavailable') {
      log.warn('document renderer unavailable', { message: outcome.message });
      throw serviceUnavailable(2);
    }
    throw new Error(outcome.message);
  }
  const result = outcome.payload as RenderResult | undefined;
  if (result?.stored === true && Number.isInteger(result.bytes)) return { bytes: result.bytes };
  if (result?.stored === false && 'unprintable' in result) throw invalidState(result.reason, result.unprintable);
  if (result?.stored === false) {
    log.warn('document renderer could not store the file', { reason: result.reason });
    throw serviceUnavailable(2);
  }
  throw new Error(`The document renderer answered ${JSON.stringify(result).slice(0, 200)}`);
}
