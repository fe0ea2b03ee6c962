import { s3Object } from '../../archive/picture-url.js';
import { presignedGetUrl } from '../../archive/objects.js';
import { bucketName, trackingLinkSecret } from '../../config.js';
import { tenantTimeZone } from '../../domain/time-zone.js';
import { formProof } from '../../domain/tracking-form.js';
import { isLinkLive, tokenHash } from '../../domain/tracking-link.js';
import { documentsToLink } from '../../domain/tracking-papers.js';
import { trackingPageView } from '../../domain/tracking-view.js';
import type { TrackingPageView } from '../../domain/tracking-view-shape.js';
import { chatLanguagesOf } from '../../store/customers.js';
import { readOrderCollection, type OrderCollection, type OrderRecord } from '../../store/orders.js';
import { getTenant } from '../../store/tenants.js';
import { getTrackingLink } from '../../store/tracking-links.js';
import { withUrl } from '../orders/order-documents.js';

/** How long the page's picture and download addresses work: the page is made again on every visit. */
const LINK_SECONDS = 15 * 60;

export interface TrackingPage {
  view: TrackingPageView;
  /** The customer's language (their own, else their tenant's default), for a visit that does not choose one. */
  language: 'en' | 'ar';
  timeZone: string;
  brand: string;
  /** The hidden field of the page's forms, bound to this link (lib/domain/tracking-form.ts). */
  formProof: string;
}

/** The car's main picture: the archived copy in the bucket when the archive is done, else the picture as the order's snapshot has it. */
async function mainPhoto(order: OrderRecord): Promise<string | undefined> {
  const archived = order.imageArchive?.status === 'done' ? order.imageArchive.objectKeys[0] : undefined;
  if (archived) return presignedGetUrl(bucketName(), archived, LINK_SECONDS);
  const { images, thumbnailUrl } = order.carDetails as { images?: unknown; thumbnailUrl?: unknown };
  const first =
    Array.isArray(images) && typeof images[0] === 'string'
      ? images[0]
      : typeof thumbnailUrl === 'string'
        ? thumbnailUrl
        : undefined;
  if (!first) return undefined;
  const inBucket = s3Object(first);
  if (inBucket) return presignedGetUrl(inBucket.bucket, inBucket.key, LINK_SECONDS);
  return /^https:\/\//i.test(first) ? first : undefined;
}

/** The newest signed contract. */
const signedContractOf = (collection: OrderCollection) =>
  collection.contracts
    .filter((c) => c.status === 'Signed')
    .sort((a, b) => String(b.signedAt).localeCompare(String(a.signedAt)))[0];

/** The signed contract, with the file its signature recorded (a web address), else the PDF it was made as; without either, its generated PDFs are linked. */
function signedContract(signed: OrderCollection['contracts'][number]) {
  const recorded = (signed.signedDocument as { url?: unknown } | undefined)?.url;
  const url = [recorded, signed.pdfUrl].find(
    (value): value is string => typeof value === 'string' && /^https?:\/\//i.test(value),
  );
  return {
    contractNumber: signed.contractNumber,
    signedAt: String(signed.signedAt ?? signed.updatedAt),
    ...(url ? { url } : {}),
  };
}

/** The generated PDFs the page links (the newest of each type in each language), with download addresses. */
const pageDocuments = (order: OrderRecord, signedContractId: string | undefined) =>
  Promise.all(
    documentsToLink(order.documents ?? [], signedContractId).map(async (d) => ({
      type: d.type,
      language: d.language,
      createdAt: d.createdAt,
      url: (await withUrl(d)).url,
    })),
  );

/**
 * GET /track/{token}: the order its buyer's link shows, or undefined for a link that is unknown,
 * replaced or past its end, all three after the same single read, so no answer or its timing
 * tells them apart.
 */
export async function readTrackingPage(token: string, now = new Date()): Promise<TrackingPage | undefined> {
  const hash = tokenHash(token);
  const link = await getTrackingLink(hash);
  if (!link || !isLinkLive(link, now)) return undefined;
  const tenantId = link.tenantId;
  const [collection, tenant] = await Promise.all([
    readOrderCollection(tenantId ? { tenantId } : {}, link.orderId),
    tenantId ? getTenant(tenantId) : undefined,
  ]);
  if (!collection) return undefined;
  const { order } = collection;
  const signed = signedContractOf(collection);
  const contract = signed ? signedContract(signed) : undefined;
  const [languages, photoUrl, documents] = await Promise.all([
    chatLanguagesOf(order.customerId, tenantId),
    mainPhoto(order),
    pageDocuments(order, contract?.url ? undefined : signed?.id),
  ]);
  const view = trackingPageView({
    order,
    history: collection.history,
    receipts: collection.billing
      .filter((b) => b.type === 'receipt')
      .map((r) => ({ status: String(r.status), amount: Number(r.amount), currency: String(r.currency) })),
    inspections: collection.inspections.map((i) => ({
      status: i.status,
      inspectionDate: i.inspectionDate,
      photos: i.photos,
      pdfReportUrl: i.pdfReportUrl,
      createdAt: i.createdAt,
      ...(i.completedAt ? { completedAt: i.completedAt } : {}),
      updatedAt: i.updatedAt,
    })),
    ...(contract ? { signedContract: contract } : {}),
    documents,
    ...(photoUrl ? { photoUrl } : {}),
  });
  const language =
    languages.customer === 'ar' || languages.customer === 'en'
      ? languages.customer
      : languages.tenant === 'ar'
        ? 'ar'
        : 'en';
  return {
    view,
    language,
    timeZone: tenantTimeZone(tenant),
    brand: tenant?.name ?? '',
    formProof: formProof(trackingLinkSecret(), hash, now),
  };
}
