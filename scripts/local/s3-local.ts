/**
 * The local stack's S3: the maintained s3rver fork (@20minutes/s3rver 4.0.4, path-style, on
 * loopback, credentials S3RVER/S3RVER), with the gaps it has next to S3 filled in here:
 *
 * - ListObjects (v1) and ListObjectsV2 are answered by `listBucket` below. The fork lists keys in
 *   directory order rather than S3's byte order (so paging with a marker skips keys), does not count
 *   common prefixes against max-keys, and makes V2 continuation tokens with DES, which OpenSSL 3
 *   refuses (every truncated V2 page was a 500).
 * - Multipart uploads check what S3 checks (the upload exists, parts in order with their ETags,
 *   5 MiB but the last), get S3's `<md5 of the parts' md5s>-<count>` ETag, and can be aborted
 *   (the fork answers DELETE ?uploadId with 405).
 * - Event records say ObjectCreated:CompleteMultipartUpload, carry the copy's ETag, the bucket's
 *   ARN and an URL-encoded key as S3's do, and DeleteObjects reports its deletions.
 * - A fault is one log line and an S3 XML error, never the end of the process.
 *
 * It runs in a child process rather than in the stack's: the fork still has ways to throw outside
 * any request (a stream's 'error' with no listener: s3rver 3.7.1 took the whole stack down that
 * way), and those now end at a last-resort handler that answers the request 500 InternalError and
 * keeps serving, which only a process of its own may do; the patches to the fork's modules stay
 * there too. The cost is the child's start (Node, tsx and the fork: about 0.6 s against 0.3 s for
 * loading the fork in the stack's process, which no longer loads it) and events crossing IPC.
 */
import { fork } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { once, type EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, type Dirent } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** An S3 event notification record, as S3 delivers it (to Lambda, SQS or SNS). */
export interface S3EventRecord {
  eventVersion: string;
  eventSource: 'aws:s3';
  awsRegion: string;
  eventTime: string;
  /** ObjectCreated:Put | Post | Copy | CompleteMultipartUpload, ObjectRemoved:Delete */
  eventName: string;
  s3: {
    bucket: { name: string; arn: string };
    /** `key` is URL-encoded as S3 sends it ("red flower.jpg" is "red+flower.jpg"); size and eTag on creations only. */
    object: { key: string; size?: number; eTag?: string; sequencer: string };
  };
}

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
  /** Resolves with one line ("the S3 emulator stopped: <why>") if it stops by itself; never after stop(). */
  exited: Promise<string>;
  /** Calls `listener` with every event record from now on; returns the unsubscribe. */
  onEvent(listener: (record: S3EventRecord) => void): () => void;
}

export interface S3LocalOptions {
  /** 0 picks a free port (see `endpoint`). */
  port: number;
  /** Without one, a temporary folder, removed by stop() (tests). */
  dataDir?: string;
  /** Where the emulator's fault lines go; stderr by default. */
  log?: (line: string) => void;
}

const CHILD_FLAG = '--vpo-s3-emulator';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 3_000;

type ChildMessage =
  | { type: 'ready'; port: number }
  | { type: 'failed'; reason: string }
  | { type: 'fatal'; reason: string }
  | { type: 'log'; line: string }
  | { type: 'event'; record: S3EventRecord };

export async function startS3Local(options: S3LocalOptions): Promise<S3Local> {
  const temporary = options.dataDir === undefined;
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vpo-s3-'));
  mkdirSync(directory, { recursive: true });
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  // Its own process group: a terminal's Ctrl-C reaches the stack, which then stops it in order.
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG, String(options.port), directory], {
    execArgv: ['--import', tsx],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    detached: true,
  });

  const listeners = new Set<(record: S3EventRecord) => void>();
  let errorLine = '';
  let fatalReason: string | undefined;
  let stopping = false;
  let resolveExited: (reason: string) => void = () => undefined;
  const exited = new Promise<string>((resolve) => (resolveExited = resolve));

  // Node's own last words (a crash's stack trace) go to the log too, and the error's line into `exited`.
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (/^\S.*(Error|FATAL)/.test(line)) errorLine = line.trim();
    log(`S3 emulator: ${line}`);
  });

  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the S3 emulator did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.port);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`s3rver could not listen on port ${options.port}: ${message.reason}`));
      } else if (message.type === 'fatal') fatalReason = message.reason;
      else if (message.type === 'log') log(message.line);
      else if (message.type === 'event') {
        for (const listener of listeners) {
          try {
            listener(message.record);
          } catch (error) {
            log(`S3 emulator: an event listener failed: ${oneLine(error)}`);
          }
        }
      }
    });
    // Kept for the child's life: an 'error' without a listener would end the stack's process.
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the S3 emulator could not start: ${error.message}`));
      log(`S3 emulator: ${oneLine(error)}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const reason = `the S3 emulator stopped: ${fatalReason ?? `its process ${signal ? `was killed by ${signal}` : `exited with code ${code}`}${errorLine ? ` (${errorLine})` : ''}`}`;
      reject(new Error(`${reason}, before it was ready`));
      if (!stopping) resolveExited(reason);
    });
  });

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopping = true;
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = once(child, 'exit');
        if (child.connected) child.send({ type: 'stop' }, (error) => error && child.kill('SIGTERM'));
        else child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await gone;
        clearTimeout(timer);
      }
      if (temporary) rmSync(directory, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    const port = await ready;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      stop,
      exited,
      onEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// --- the child: the fork, its gaps filled --------------------------------------------------------

/** The parts of the fork's Koa context used here. */
interface Context {
  method: string;
  path: string;
  originalUrl: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
  params: { bucket?: string; key?: string };
  status: number;
  type: string;
  body: unknown;
  res: ServerResponse;
  app: EventEmitter;
}

interface S3ErrorClass {
  new (code: string, message: string, detail?: Record<string, unknown>): Error & { code: string; status: number };
  prototype: { toXML(): string };
}

interface Store {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getBucketPath(bucket: string): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, string>>;
  putPart(bucket: string, uploadId: unknown, partNumber: unknown, content: unknown): Promise<{ md5: string; size: number }>;
  putObjectMultipart(bucket: string, uploadId: unknown, parts: Array<{ number: number; etag: string }>): Promise<{ md5: string; size: number }>;
  copyObject(...args: unknown[]): Promise<Record<string, string>>;
  deleteObject(bucket: string, key: string): Promise<void>;
}

interface RawRecord extends Omit<S3EventRecord, 'eventSource'> {
  eventSource: string;
}

/** The request being answered, for the store and event hooks below and the last-resort handler. */
const requests = new AsyncLocalStorage<Context>();

const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_DIR = '._S3rver_uploads';
const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_KEYS = 1000;
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

async function runEmulator(port: number, directory: string): Promise<void> {
  const send = (message: ChildMessage, then?: () => void) => {
    if (process.connected) process.send!(message, undefined, {}, () => then?.());
    else then?.();
  };
  const log = (line: string) => send({ type: 'log', line: `S3 emulator: ${line}` });

  const forkModule = createRequire(import.meta.url);
  // @ts-expect-error: the fork ships no types.
  const { default: S3rver } = (await import('@20minutes/s3rver')) as { default: new (options: object) => EventEmitter & { middleware: unknown[]; store: Store; callback(): Parameters<typeof createServer>[1] } };
  const S3Error = forkModule('@20minutes/s3rver/lib/models/error.js') as S3ErrorClass;
  const S3Event = forkModule('@20minutes/s3rver/lib/models/event.js') as new (data: object, request: object) => { Records: RawRecord[] };
  const bucketController = forkModule('@20minutes/s3rver/lib/controllers/bucket.js') as { getBucket(ctx: Context): Promise<void> };
  const { DUMMY_ACCOUNT } = forkModule('@20minutes/s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { id: number; displayName: string } };
  const signatureV4 = forkModule('@20minutes/s3rver/lib/signature/v4.js') as { getStringToSign(canonicalRequest: { uri: string }, request: unknown): string };

  // The SDK signs a bucket's own path with its trailing slash (`PUT /bucket/`, `GET /bucket/?list-type=2`),
  // which the fork's canonical request drops: every bucket call (HeadBucket, CreateBucket, the
  // listings, DeleteObjects) was refused with SignatureDoesNotMatch. The signed path is the one sent.
  const getStringToSign = signatureV4.getStringToSign.bind(signatureV4);
  signatureV4.getStringToSign = (canonicalRequest, request) => {
    const sentWithSlash = requests.getStore()?.path.endsWith('/') && !canonicalRequest.uri.endsWith('/');
    return getStringToSign(sentWithSlash ? { ...canonicalRequest, uri: `${canonicalRequest.uri}/` } : canonicalRequest, request);
  };

  const app = new S3rver({ directory, silent: true });
  // The fork's XML escapes text twice (its own escaping, then its XML builder's): a key with "&"
  // came back as "&amp;". Bodies are serialized here first, before its serializer sees them.
  app.middleware.splice(app.middleware.length - 1, 0, async (ctx: Context, next: () => Promise<void>) => {
    await next();
    if (ctx.body !== null && typeof ctx.body === 'object' && Object.getPrototypeOf(ctx.body) === Object.prototype) {
      const [[name, value]] = Object.entries(ctx.body) as [[string, unknown]];
      ctx.type = 'application/xml';
      ctx.body = xmlDocument(name, value);
    }
  });
  S3Error.prototype.toXML = function toXML(this: { code: string; message: string; detail: Record<string, unknown> }) {
    return xmlDocument('Error', { Code: this.code, Message: this.message, ...this.detail });
  };
  const store = app.store;
  const hooks = { S3Error, store };
  // The fork's router calls `bucketController.getBucket` per request, so this replaces its listing.
  bucketController.getBucket = (ctx) => listBucket(ctx, hooks, DUMMY_ACCOUNT);
  patchMultipart(hooks);

  // Copies and DeleteObjects: what the fork's events lack, taken from the store calls of the request.
  const copiedETags = new WeakMap<Context, string>();
  const copyObject = store.copyObject.bind(store);
  store.copyObject = async (...args) => {
    const metadata = await copyObject(...args);
    const ctx = requests.getStore();
    if (ctx) copiedETags.set(ctx, unquote(metadata.etag ?? ''));
    return metadata;
  };
  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = async (bucket, key) => {
    await deleteObject(bucket, key);
    const ctx = requests.getStore();
    if (ctx?.method === 'POST' && 'delete' in ctx.query) ctx.app.emit('event', new S3Event({ bucket, eventType: 'Delete', S3Item: { key } }, { reqHeaders: ctx.headers, sourceIp: ctx.ip }));
  };
  app.on('event', (event: { Records: RawRecord[] }) => {
    const ctx = requests.getStore();
    for (const record of event.Records) send({ type: 'event', record: s3Record(record, ctx, ctx && copiedETags.get(ctx)) });
  });

  // Every error a request ends with (the fork answers it in S3's XML); "not found" is routine.
  app.on('error', (error: Error & { status?: number; code?: string }, ctx: Context) => {
    if (error.status === 404) return;
    const code = error instanceof S3Error ? error.code : 'InternalError';
    log(`${error.status ?? 500} ${code} on ${requestLine(ctx)}: ${oneLine(error)}`);
  });

  // Outermost: keeps the request at hand, and answers AbortMultipartUpload, which the fork's router
  // authenticates and then refuses with 405.
  app.middleware.unshift(async (ctx: Context, next: () => Promise<void>) =>
    requests.run(ctx, async () => {
      try {
        await next();
      } catch (error) {
        const abort = ctx.method === 'DELETE' && (error as { code?: string }).code === 'MethodNotAllowed' && 'uploadId' in ctx.query && ctx.params.bucket && ctx.params.key;
        if (!abort) throw error;
        await rm(await uploadFolder(hooks, ctx.params.bucket!, ctx.query.uploadId, ctx.params.key), { recursive: true, force: true });
        ctx.status = 204;
      }
    }),
  );

  // The last resort: an exception nothing caught (a stream's 'error' with no listener, say) answers
  // its request 500 InternalError, if there is still one to answer, and the emulator goes on.
  process.on('uncaughtException', (error) => {
    const ctx = requests.getStore();
    log(`500 InternalError (uncaught) on ${ctx ? requestLine(ctx) : 'no request'}: ${oneLine(error)}`);
    if (!ctx || ctx.res.writableEnded) return;
    if (ctx.res.headersSent) ctx.res.destroy();
    else {
      const body = errorXml('InternalError', 'We encountered an internal error. Please try again.');
      ctx.res.writeHead(500, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }).end(body);
    }
  });

  const server = createServer(app.callback());
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, log));
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('message', (message: { type?: string }) => message.type === 'stop' && shutdown());
  // The stack is gone (killed without stopping this): nothing is left to serve.
  process.on('disconnect', shutdown);

  server.once('error', (error) => send({ type: 'failed', reason: oneLine(error) }, () => process.exit(1)));
  server.listen(port, '127.0.0.1', () => {
    server.removeAllListeners('error');
    server.on('error', (error) => send({ type: 'fatal', reason: `its HTTP server failed: ${oneLine(error)}` }, () => process.exit(1)));
    server.on('close', () => closing || send({ type: 'fatal', reason: 'its HTTP server closed' }, () => process.exit(1)));
    send({ type: 'ready', port: (server.address() as AddressInfo).port });
  });
}

// --- listing ---------------------------------------------------------------------------------------

interface Hooks {
  S3Error: S3ErrorClass;
  store: Store;
}

/** GET Bucket (ListObjects and ListObjectsV2) with S3's order, paging and parameter checks. */
async function listBucket(ctx: Context, { S3Error, store }: Hooks, owner: { id: number; displayName: string }): Promise<void> {
  const bucket = ctx.params.bucket!;
  const param = (name: string): string | undefined => {
    const value = ctx.query[name];
    if (Array.isArray(value)) throw new S3Error('InvalidArgument', `The parameter ${name} may be given once`, { ArgumentName: name });
    return value;
  };
  const invalid = (name: string, message: string, value?: string) => new S3Error('InvalidArgument', message, { ArgumentName: name, ...(value === undefined ? {} : { ArgumentValue: value }) });
  const v2 = param('list-type') === '2';
  const prefix = param('prefix') ?? '';
  const delimiter = param('delimiter') || undefined;
  const encodingType = param('encoding-type');
  if (encodingType !== undefined && encodingType !== 'url') throw invalid('encoding-type', 'Invalid Encoding Method specified in Request', encodingType);
  const maxKeysParam = param('max-keys');
  if (maxKeysParam !== undefined && !(/^\d{1,10}$/.test(maxKeysParam) && Number(maxKeysParam) <= 2147483647)) {
    throw invalid('max-keys', 'Provided max-keys not an integer or within integer range', maxKeysParam);
  }
  const maxKeys = Math.min(MAX_KEYS, Number(maxKeysParam ?? MAX_KEYS));

  let startAfter: string;
  const token = v2 ? param('continuation-token') : undefined;
  if (v2) {
    if ('marker' in ctx.query) throw invalid('marker', 'Marker unsupported with REST.GET.BUCKET in list-type=2');
    startAfter = token === undefined ? (param('start-after') ?? '') : startAfterOf(token, bucket, () => invalid('continuation-token', 'The continuation token provided is incorrect'));
  } else {
    if ('continuation-token' in ctx.query) throw invalid('continuation-token', 'continuation-token only supported in REST.GET.BUCKET with list-type=2');
    if ('start-after' in ctx.query) throw invalid('start-after', 'startAfter only supported in REST.GET.BUCKET with list-type=2');
    startAfter = param('marker') ?? '';
  }

  const keys = await storedKeys(store.getBucketPath(bucket), prefix, startAfter);
  const page = maxKeys === 0 ? { contents: [], prefixes: [], truncated: false, last: undefined } : pageOf(keys, { prefix, delimiter, startAfter, maxKeys });
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
        ? { ...optional('ContinuationToken', token), ...optional('StartAfter', token === undefined && startAfter ? encode(startAfter) : undefined), KeyCount: contents.length + page.prefixes.length }
        : { Marker: encode(startAfter), ...optional('NextMarker', delimiter && page.truncated ? encode(page.last!) : undefined) }),
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
        if (key && key.startsWith(prefix) && byteOrder(key, startAfter) > 0) keys.push(key);
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
function pageOf(keys: string[], options: { prefix: string; delimiter: string | undefined; startAfter: string; maxKeys: number }) {
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

/** S3's form encoding of keys (encoding-type=url, event records): "/" kept, a space as "+". */
const formEncode = (text: string) =>
  text
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+'))
    .join('/');

// --- multipart uploads -------------------------------------------------------------------------------

/** The upload's folder in the fork's store, if `uploadId` names an upload of `key` (of any key when absent). */
async function uploadFolder({ S3Error, store }: Hooks, bucket: string, uploadId: unknown, key: string | undefined): Promise<string> {
  const missing = () =>
    new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', {
      UploadId: String(uploadId),
    });
  // The fork puts the id into a path unchecked: only its own format (32 hex digits) is accepted.
  if (typeof uploadId !== 'string' || !/^[0-9a-f]{32}$/.test(uploadId)) throw missing();
  const folder = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  const uploadKey = await readFile(join(folder, 'key'), 'utf8').catch(() => undefined);
  if (uploadKey === undefined || (key !== undefined && uploadKey !== key)) throw missing();
  return folder;
}

function patchMultipart(hooks: Hooks): void {
  const { S3Error, store } = hooks;
  const putPart = store.putPart.bind(store);
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    if (typeof partNumber !== 'string' || !/^\d{1,5}$/.test(partNumber) || Number(partNumber) < 1 || Number(partNumber) > 10_000) {
      throw new S3Error('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive', { ArgumentName: 'partNumber', ArgumentValue: String(partNumber) });
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
        throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.', { UploadId: uploadId });
      }
      const file = join(folder, String(part.number));
      const [md5, size] = await Promise.all([readFile(`${file}.md5`, 'utf8'), stat(file).then((s) => s.size)]).catch(() => [undefined, 0] as const);
      if (!Number.isInteger(part.number) || md5 === undefined || md5 !== part.etag) {
        throw new S3Error('InvalidPart', "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.", {
          UploadId: uploadId,
          PartNumber: part.number,
          ETag: part.etag,
        });
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
    const eTag = `${createHash('md5').update(Buffer.concat(stored.map((part) => Buffer.from(part.md5, 'hex')))).digest('hex')}-${parts.length}`;
    await writeFile(store.getResourcePath(bucket, key, 'object.md5'), eTag);
    return { md5: eTag, size };
  };
}

// --- events, errors --------------------------------------------------------------------------------

let sequence = 0;

/** The fork's record, made like S3's. */
function s3Record(record: RawRecord, ctx: Context | undefined, copiedETag: string | undefined): S3EventRecord {
  const completed = record.eventName === 'ObjectCreated:Post' && ctx !== undefined && 'uploadId' in ctx.query;
  const eTag = record.eventName === 'ObjectCreated:Copy' ? copiedETag : record.s3.object.eTag;
  sequence += 1;
  return {
    ...record,
    eventSource: 'aws:s3',
    eventName: completed ? 'ObjectCreated:CompleteMultipartUpload' : record.eventName,
    s3: {
      ...record.s3,
      bucket: { ...record.s3.bucket, arn: `arn:aws:s3:::${record.s3.bucket.name}` },
      object: {
        ...record.s3.object,
        key: formEncode(record.s3.object.key),
        ...(eTag === undefined ? {} : { eTag }),
        // Increasing for the emulator's life, as S3's are per key (the fork's repeat within a millisecond).
        sequencer: `${Date.now().toString(16).toUpperCase().padStart(12, '0')}${sequence.toString(16).toUpperCase().padStart(8, '0')}`,
      },
    },
  };
}

const unquote = (eTag: string) => eTag.replace(/"/g, '');

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

const requestLine = (ctx: Context) => `${ctx.method} ${ctx.originalUrl.length > 200 ? `${ctx.originalUrl.slice(0, 200)}...` : ctx.originalUrl}`;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);

/** The fork's body objects as XML: `@` holds attributes, an array repeats its element. */
function toXml(name: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => toXml(name, item)).join('');
  if (typeof value !== 'object') return `<${name}>${escapeXml(String(value))}</${name}>`;
  const { '@': attributes = {}, ...children } = value as Record<string, unknown>;
  const attributeText = Object.entries(attributes as Record<string, unknown>).map(([attribute, text]) => ` ${attribute}="${escapeXml(String(text))}"`);
  return `<${name}${attributeText.join('')}>${Object.entries(children).map(([child, item]) => toXml(child, item)).join('')}</${name}>`;
}

const xmlDocument = (name: string, value: unknown) => `<?xml version="1.0" encoding="UTF-8"?>\n${toXml(name, value)}`;

const errorXml = (code: string, message: string) => xmlDocument('Error', { Code: code, Message: message });

/** A request Node's HTTP parser refused (Node would answer a bare 400): S3's XML error instead. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, log: (line: string) => void): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['RequestHeaderSectionTooLarge', 'Your request header section exceeds the maximum allowed size.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['RequestTimeout', 'Your socket connection to the server was not read from or written to within the timeout period.']
        : ['BadRequest', 'An error occurred when parsing the HTTP request.'];
  log(`400 ${code} on an unparsable request: ${oneLine(error)}`);
  const body = errorXml(code, message);
  socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/xml\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

if (process.argv[2] === CHILD_FLAG) await runEmulator(Number(process.argv[3]), process.argv[4]!);
