/**
 * ListObjects (v1) and ListObjectsV2, answered here. The fork lists keys in directory order rather
 * than S3's byte order (so paging with a marker skips keys), does not count common prefixes
 * against max-keys, and makes V2 continuation tokens with DES, which OpenSSL 3 refuses (every
 * truncated V2 page was a 500).
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { formEncode } from './form-encoding.js';
import type { Context, Hooks } from './s3rver.js';

const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_DIR = '._S3rver_uploads';
const MAX_KEYS = 1000;
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

/** GET Bucket (ListObjects and ListObjectsV2) with S3's order, paging and parameter checks. */
export async function listBucket(
  ctx: Context,
  { S3Error, store }: Hooks,
  owner: { id: number; displayName: string },
): Promise<void> {
  const bucket = ctx.params.bucket!;
  const param = (name: string): string | undefined => {
    const value = ctx.query[name];
    if (Array.isArray(value))
      throw new S3Error('InvalidArgument', `The parameter ${name} may be given once`, { ArgumentName: name });
    return value;
  };
  const invalid = (name: string, message: string, value?: string) =>
    new S3Error('InvalidArgument', message, {
      ArgumentName: name,
      ...(value === undefined ? {} : { ArgumentValue: value }),
    });
  const v2 = param('list-type') === '2';
  const prefix = param('prefix') ?? '';
  const delimiter = param('delimiter') || undefined;
  const encodingType = param('encoding-type');
  if (encodingType !== undefined && encodingType !== 'url')
    throw invalid('encoding-type', 'Invalid Encoding Method specified in Request', encodingType);
  const maxKeysParam = param('max-keys');
  if (maxKeysParam !== undefined && !(/^\d{1,10}$/.test(maxKeysParam) && Number(maxKeysParam) <= 2147483647)) {
    throw invalid('max-keys', 'Provided max-keys not an integer or within integer range', maxKeysParam);
  }
  const maxKeys = Math.min(MAX_KEYS, Number(maxKeysParam ?? MAX_KEYS));

  let startAfter: string;
  const token = v2 ? param('continuation-token') : undefined;
  if (v2) {
    if ('marker' in ctx.query) throw invalid('marker', 'Marker unsupported with REST.GET.BUCKET in list-type=2');
    startAfter =
      token === undefined
        ? (param('start-after') ?? '')
        : startAfterOf(token, bucket, () =>
            invalid('continuation-token', 'The continuation token provided is incorrect'),
          );
  } else {
    if ('continuation-token' in ctx.query)
      throw invalid('continuation-token', 'continuation-token only supported in REST.GET.BUCKET with list-type=2');
    if ('start-after' in ctx.query)
      throw invalid('start-after', 'startAfter only supported in REST.GET.BUCKET with list-type=2');
    startAfter = param('marker') ?? '';
  }

  const keys = await storedKeys(store.getBucketPath(bucket), prefix, startAfter);
  const page =
    maxKeys === 0
      ? { contents: [], prefixes: [], truncated: false, last: undefined }
      : pageOf(keys, { prefix, delimiter, startAfter, maxKeys });
  const metadata = await Promise.all(
    page.contents.map((key) =>
      store.getMetadata(bucket, key).catch((error: NodeJS.ErrnoException) => {
        // Deleted while listing: S3 would not list it either.
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }),
    ),
  );
  const encode = encodingType === 'url' ? formEncode : (text: string) => text;
  const withOwner = !v2 || param('fetch-owner') === 'true';
  const contents = page.contents.flatMap((key, i) => {
    const meta = metadata[i];
    if (!meta) return [];
    return [
      {
        Key: encode(key),
        LastModified: new Date(meta['last-modified'] ?? 0).toISOString(),
        ETag: meta.etag,
        Size: Number(meta['content-length']),
        ...(withOwner ? { Owner: { ID: owner.id, DisplayName: owner.displayName } } : {}),
        StorageClass: 'STANDARD',
      },
    ];
  });
  const optional = (name: string, value: string | undefined) => (value === undefined ? {} : { [name]: value });
  ctx.body = {
    ListBucketResult: {
      '@': { xmlns: XMLNS },
      Name: bucket,
      Prefix: encode(prefix),
      ...(v2
        ? {
            ...optional('ContinuationToken', token),
            ...optional('StartAfter', token === undefined && startAfter ? encode(startAfter) : undefined),
            KeyCount: contents.length + page.prefixes.length,
          }
        : {
            Marker: encode(startAfter),
            ...optional('NextMarker', delimiter && page.truncated ? encode(page.last!) : undefined),
          }),
      MaxKeys: maxKeysParam ?? MAX_KEYS,
      ...optional('Delimiter', delimiter && encode(delimiter)),
      IsTruncated: page.truncated,
      Contents: contents,
      CommonPrefixes: page.prefixes.map((commonPrefix) => ({ Prefix: encode(commonPrefix) })),
      ...optional('NextContinuationToken', v2 && page.truncated ? tokenOf(bucket, page.last!) : undefined),
      ...optional('EncodingType', encodingType),
    },
  };
}

/** S3 compares keys as UTF-8 bytes (JavaScript compares UTF-16 code units, which differ above U+FFFF). */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * The bucket's keys beginning with `prefix` and after `startAfter`, in S3's order. The fork keeps
 * `a/b` as the file `a/b._S3rver_object`; folders no such key can be in are skipped.
 */
async function storedKeys(bucketPath: string, prefix: string, startAfter: string): Promise<string[]> {
  const keys: string[] = [];
  const visit = async (folder: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(join(bucketPath, folder), { withFileTypes: true });
    } catch (error) {
      // Removed while listing (its last object deleted).
      if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return;
      throw error;
    }
    const folders: string[] = [];
    for (const entry of entries) {
      if (entry.isDirectory()) {
        const sub = `${folder}${entry.name}/`;
        if (folder === '' && entry.name === UPLOADS_DIR) continue;
        if (!sub.startsWith(prefix) && !prefix.startsWith(sub)) continue;
        if (byteOrder(sub, startAfter) < 0 && !startAfter.startsWith(sub)) continue;
        folders.push(sub);
      } else if (entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)) {
        const key = folder + entry.name.slice(0, -OBJECT_SUFFIX.length);
        if (key?.startsWith(prefix) && byteOrder(key, startAfter) > 0) keys.push(key);
      }
    }
    await Promise.all(folders.map(visit));
  };
  await visit('');
  const bytes = new Map(keys.map((key) => [key, Buffer.from(key, 'utf8')]));
  return keys.sort((a, b) => Buffer.compare(bytes.get(a)!, bytes.get(b)!));
}

/**
 * One page: keys, and with a delimiter the common prefixes they roll up into, each counting once
 * against max-keys. A prefix at or before `startAfter` was on an earlier page (its NextMarker or
 * token is the prefix itself), so it is not listed again.
 */
function pageOf(
  keys: string[],
  options: { prefix: string; delimiter: string | undefined; startAfter: string; maxKeys: number },
) {
  const { prefix, delimiter, startAfter, maxKeys } = options;
  const contents: string[] = [];
  const prefixes: string[] = [];
  let last: string | undefined;
  for (const key of keys) {
    const at = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    const commonPrefix = at === -1 ? undefined : key.slice(0, at + delimiter!.length);
    if (commonPrefix !== undefined && (commonPrefix === last || byteOrder(commonPrefix, startAfter) <= 0)) continue;
    if (contents.length + prefixes.length === maxKeys) return { contents, prefixes, truncated: true, last };
    if (commonPrefix === undefined) contents.push(key);
    else prefixes.push(commonPrefix);
    last = commonPrefix ?? key;
  }
  return { contents, prefixes, truncated: false, last };
}

/** V2 continuation tokens: opaque to clients, the bucket and where the next page starts after. */
const tokenOf = (bucket: string, after: string) => Buffer.from(`${bucket}/${after}`, 'utf8').toString('base64');

function startAfterOf(token: string, bucket: string, refuse: () => Error): string {
  const bytes = Buffer.from(token, 'base64');
  const text = bytes.toString('utf8');
  const wellFormed = bytes.length > 0 && bytes.toString('base64') === token && Buffer.from(text, 'utf8').equals(bytes);
  if (!wellFormed || !text.startsWith(`${bucket}/`) || text.length === bucket.length + 1) throw refuse();
  return text.slice(bucket.length + 1);
}
