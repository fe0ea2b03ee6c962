/**
 * Multipart uploads check what S3 checks (the upload exists, parts in order with their ETags,
 * 5 MiB but the last), get S3's `<md5 of the parts' md5s>-<count>` ETag, and can be aborted
 * (the fork answers DELETE ?uploadId with 405).
 */
import { createHash } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { requests } from './current-request.js';
import type { Context, Hooks } from './s3rver.js';

const MIN_PART_SIZE = 5 * 1024 * 1024;

/** The upload's folder in the fork's store, if `uploadId` names an upload of `key` (of any key when absent). */
async function uploadFolder(
  { S3Error, store }: Hooks,
  bucket: string,
  uploadId: unknown,
  key: string | undefined,
): Promise<string> {
  const missing = () =>
    new S3Error(
      'NoSuchUpload',
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      {
        UploadId: String(uploadId),
      },
    );
  // The fork puts the id into a path unchecked: only its own format (32 hex digits) is accepted.
  if (typeof uploadId !== 'string' || !/^[0-9a-f]{32}$/.test(uploadId)) throw missing();
  const folder = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  const uploadKey = await readFile(join(folder, 'key'), 'utf8').catch(() => undefined);
  if (uploadKey === undefined || (key !== undefined && uploadKey !== key)) throw missing();
  return folder;
}

export function patchMultipart(hooks: Hooks): void {
  const { S3Error, store } = hooks;
  const putPart = store.putPart.bind(store);
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    if (
      typeof partNumber !== 'string' ||
      !/^\d{1,5}$/.test(partNumber) ||
      Number(partNumber) < 1 ||
      Number(partNumber) > 10_000
    ) {
      throw new S3Error('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive', {
        ArgumentName: 'partNumber',
        ArgumentValue: String(partNumber),
      });
    }
    await uploadFolder(hooks, bucket, uploadId, requests.getStore()?.params.key);
    return putPart(bucket, uploadId, partNumber, content);
  };

  const putObjectMultipart = store.putObjectMultipart.bind(store);
  store.putObjectMultipart = async (bucket, uploadId, parts) => {
    const folder = await uploadFolder(hooks, bucket, uploadId, requests.getStore()?.params.key);
    const key = await readFile(join(folder, 'key'), 'utf8');
    // As S3: the parts in order, each uploaded with the given ETag, then every part but the last 5 MiB or more.
    const stored = [];
    for (const [i, part] of parts.entries()) {
      if (i > 0 && part.number <= parts[i - 1]!.number) {
        throw new S3Error(
          'InvalidPartOrder',
          'The list of parts was not in ascending order. Parts must be ordered by part number.',
          { UploadId: uploadId },
        );
      }
      const file = join(folder, String(part.number));
      const [md5, size] = await Promise.all([readFile(`${file}.md5`, 'utf8'), stat(file).then((s) => s.size)]).catch(
        () => [undefined, 0] as const,
      );
      if (!Number.isInteger(part.number) || md5 === undefined || md5 !== part.etag) {
        throw new S3Error(
          'InvalidPart',
          "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
          {
            UploadId: uploadId,
            PartNumber: part.number,
            ETag: part.etag,
          },
        );
      }
      stored.push({ ...part, md5, size });
    }
    const small = stored.slice(0, -1).find((part) => part.size < MIN_PART_SIZE);
    if (small) {
      throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
        ProposedSize: small.size,
        MinSizeAllowed: MIN_PART_SIZE,
        PartNumber: small.number,
        ETag: small.etag,
      });
    }
    const { size } = await putObjectMultipart(bucket, uploadId, parts);
    // S3's ETag of a multipart object; the fork reads an object's ETag from this file.
    const eTag = `${createHash('md5')
      .update(Buffer.concat(stored.map((part) => Buffer.from(part.md5, 'hex'))))
      .digest('hex')}-${parts.length}`;
    await writeFile(store.getResourcePath(bucket, key, 'object.md5'), eTag);
    return { md5: eTag, size };
  };
}

/**
 * AbortMultipartUpload, which the fork's router authenticates and then refuses with 405: that
 * refusal (`error`) is answered here with the abort; any other error goes on up.
 */
export async function abortOnRefusal(hooks: Hooks, ctx: Context, error: unknown): Promise<void> {
  const abort =
    ctx.method === 'DELETE' &&
    (error as { code?: string }).code === 'MethodNotAllowed' &&
    'uploadId' in ctx.query &&
    ctx.params.bucket &&
    ctx.params.key;
  if (!abort) throw error;
  await rm(await uploadFolder(hooks, ctx.params.bucket!, ctx.query.uploadId, ctx.params.key), {
    recursive: true,
    force: true,
  });
  ctx.status = 204;
}
