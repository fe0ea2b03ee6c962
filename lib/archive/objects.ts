import { awsRegion, s3Endpoint } from '../config.js';
import { credentialsFromEnvironment, presignedGet, signedFetch, type SigningScope } from '../aws/sigv4.js';

/**
 * The functions' S3 calls (the catalogue snapshot read, a generated document or an archived car
 * picture written, a presigned download) as SigV4-signed fetches (lib/aws/sigv4.ts) instead of
 * the S3 client: a function then carries about 130 KB less code (the S3 client's schemas and XML
 * serializers). Only the staff CLI's catalogue import and the local stack's tooling keep the
 * S3 client (lib/archive/s3.ts).
 *
 * Credentials come from the environment, as Lambda provides them (the S3 client's first source
 * too), read per call since they rotate. A custom endpoint (AWS_ENDPOINT_URL_S3: the local
 * s3rver) is addressed path-style.
 */
const s3 = (): SigningScope => ({ service: 's3', region: awsRegion(), credentials: credentialsFromEnvironment() });

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export function objectUrl(bucket: string, key: string): string {
  const endpoint = s3Endpoint();
  if (endpoint) return `${endpoint.replace(/\/$/, '')}/${bucket}/${encodeKey(key)}`;
  const region = awsRegion();
  // Bucket names with dots do not match the wildcard certificate of virtual-hosted addresses.
  return bucket.includes('.')
    ? `https://s3.${region}.amazonaws.com/${bucket}/${encodeKey(key)}`
    : `https://${bucket}.s3.${region}.amazonaws.com/${encodeKey(key)}`;
}

const ATTEMPTS = 3;

/** The object's bytes; throws when it is missing or S3 keeps failing (three attempts, as the S3 client makes). */
export async function readObject(bucket: string, key: string): Promise<Uint8Array> {
  const found = await getObjectSigned(bucket, key);
  if (!found) throw Object.assign(new Error(`S3 GetObject ${key}: 404 Not Found`), { permanent: true });
  return found.body;
}

/**
 * The object's bytes and content type, or undefined when the bucket has no such key (a car
 * picture kept in the bucket, copied into an order's archive). Throws on any other refusal at
 * once, and after three attempts when S3 keeps failing.
 */
export async function getObjectSigned(
  bucket: string,
  key: string,
): Promise<{ body: Uint8Array; contentType?: string } | undefined> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** (attempt - 1)));
    try {
      const response = await signedFetch(s3(), {
        method: 'GET',
        url: objectUrl(bucket, key),
        signal: AbortSignal.timeout(30_000),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (response.ok)
        return {
          body: new Uint8Array(await response.arrayBuffer()),
          contentType: response.headers.get('content-type') ?? undefined,
        };
      const error = new Error(`S3 GetObject ${key}: ${response.status} ${response.statusText}`);
      if (response.status < 500 && response.status !== 429) throw Object.assign(error, { permanent: true });
      lastError = error;
    } catch (error) {
      if ((error as { permanent?: boolean }).permanent) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/** Writes one object (a generated document) with a signed PUT; throws after three failed attempts. */
export async function putObjectSigned(
  bucket: string,
  key: string,
  body: Uint8Array,
  contentType: string,
): Promise<void> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** (attempt - 1)));
    try {
      const response = await signedFetch(s3(), {
        method: 'PUT',
        url: objectUrl(bucket, key),
        body,
        headers: { 'content-type': contentType },
        signal: AbortSignal.timeout(30_000),
      });
      if (response.ok) return;
      lastError = new Error(`S3 PutObject ${key}: ${response.status} ${response.statusText}`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** A URL that downloads the object without credentials until it expires (SigV4 in the query string). */
export async function presignedGetUrl(bucket: string, key: string, expiresSeconds: number): Promise<string> {
  return presignedGet(s3(), objectUrl(bucket, key), expiresSeconds);
}
