import { getObjectSigned, putObjectSigned } from '../../archive/objects.js';
import { bucketName } from '../../config.js';
import { composeDocument } from '../../domain/document-models/compose.js';
import { checkRenderRequest, type RenderResult } from '../../domain/render-request.js';
import { PROFILE_IMAGES, type ProfileImage, unprintable } from '../../domain/tenant-profile.js';
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
    [request.images?.logo, request.images?.stamp].map(async (key) =>
      key ? (await getObjectSigned(bucketName(), key))?.body : undefined,
    ),
  );
  const images = { logo, stamp };
  const model = composeDocument(request.document);
  const meta = { title: request.title, createdAt: new Date(request.createdAt) };
  const damaged = PROFILE_IMAGES.flatMap((name) => {
    const bytes = images[name];
    const problem = bytes && unprintable(bytes);
    return problem ? [{ name, problem }] : [];
  });
  if (damaged.length > 0) return unprintableImages(damaged);
  let pdf: Buffer;
  try {
    pdf = await renderPdf(model, meta, images);
  } catch (error) {
    // Bytes that look whole can still fail to decode: if the page renders without the images, they are the cause.
    const given = PROFILE_IMAGES.filter((name) => images[name]);
    if (given.length === 0) throw error;
    await renderPdf(model, meta, {}).catch(() => Promise.reject(error));
    log.warn('profile image could not be drawn', { images: given, ...describeError(error) });
    return unprintableImages(given.map((name) => ({ name, problem: 'the image could not be decoded' })));
  }
  try {
    await putObjectSigned(bucketName(), request.key, pdf, 'application/pdf');
  } catch (error) {
    log.warn('generated document not stored', { key: request.key, ...describeError(error) });
    return { stored: false, reason: 'the bucket did not take the file' };
  }
  log.info('document rendered', { key: request.key, bytes: pdf.length });
  return { stored: true, bytes: pdf.length };
}

/** A 409's words for a logo or stamp that cannot be drawn: which, why, and the upload that replaces it. */
function unprintableImages(damaged: Array<{ name: ProfileImage; problem: string }>): RenderResult {
  const names = damaged.map(({ name }) => name).join(' and ');
  const routes = damaged.map(({ name }) => `PUT /api/v1/tenant-profile/${name}`).join(' and ');
  return {
    stored: false,
    reason: `The company ${names} on the profile cannot be printed: an admin uploads ${damaged.length === 1 ? 'it' : 'them'} again with ${routes}`,
    unprintable: damaged.map(({ name, problem }) => ({
      field: `profile.${name}`,
      message: `cannot be printed: ${problem}; upload it again`,
    })),
  };
}
