import { bucketName, publicImageBaseUrl } from '../config.js';
import { objectUrl } from './objects.js';

/**
 * Car pictures kept in a bucket are stored as S3 URIs (`s3://bucket/key`): no host, no port, so
 * a stored catalogue or order stays right when the local stack restarts on other ports or the
 * pictures move behind a CDN. The API answers with an HTTP address made when it answers:
 * PUBLIC_IMAGE_BASE_URL + key when set (the service's own bucket), else the bucket's address
 * (path-style on the local S3 endpoint, the regional virtual-hosted URL in AWS). Any other
 * picture (a provider's https URL) is shown as stored.
 */

const PREFIX = 's3://';

/** The bucket and key of an s3:// URI (the key as written, not percent-encoded); undefined for any other text. */
export function s3Object(uri: string): { bucket: string; key: string } | undefined {
  if (!uri.startsWith(PREFIX)) return undefined;
  const slash = uri.indexOf('/', PREFIX.length);
  if (slash <= PREFIX.length || slash === uri.length - 1) return undefined;
  return { bucket: uri.slice(PREFIX.length, slash), key: uri.slice(slash + 1) };
}

/** The address a client can load the picture from. */
export function pictureUrl(uri: string): string {
  const object = s3Object(uri);
  if (!object) return uri;
  const base = publicImageBaseUrl();
  if (base !== undefined && object.bucket === bucketName())
    return `${base.replace(/\/+$/, '')}/${object.key.split('/').map(encodeURIComponent).join('/')}`;
  return objectUrl(object.bucket, object.key);
}

/** A car (or an order's car snapshot) with its `images` and `thumbnailUrl` as addresses; the same object when none is an s3:// URI. */
export function withPictureUrls<T extends object>(car: T): T {
  const { images, thumbnailUrl } = car as { images?: unknown; thumbnailUrl?: unknown };
  const inBucket = (value: unknown) => typeof value === 'string' && value.startsWith(PREFIX);
  const imagesToResolve = Array.isArray(images) && images.some(inBucket);
  const thumbnailToResolve = inBucket(thumbnailUrl);
  if (!imagesToResolve && !thumbnailToResolve) return car;
  return {
    ...car,
    ...(imagesToResolve
      ? { images: (images as unknown[]).map((image) => (typeof image === 'string' ? pictureUrl(image) : image)) }
      : {}),
    ...(thumbnailToResolve ? { thumbnailUrl: pictureUrl(thumbnailUrl as string) } : {}),
  };
}
