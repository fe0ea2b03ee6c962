import { environmentCredentials } from '../config.js';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * SigV4-signed HTTP calls for the few AWS requests made without a service client (one S3 read or
 * write, a presigned download, API Gateway's key REST API). It signs with the SDK's own signer
 * and hash, which every function already carries with the DynamoDB client, so these calls add
 * next to no code to a bundle (the S3 client alone is about 130 KB).
 */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Credentials as Lambda provides them: in the environment (the SDK's first source too). */
export const credentialsFromEnvironment = (): AwsCredentials => {
  const { sessionToken, ...keys } = environmentCredentials();
  return { ...keys, ...(sessionToken ? { sessionToken } : {}) };
};

export interface SigningScope {
  service: string;
  region: string;
  credentials: AwsCredentials;
}

export interface SignedRequestInput {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The signing instant (tests); now by default. */
  at?: Date;
}

// S3 signs the path as sent; every other service signs it encoded once more.
const signerFor = ({ service, region, credentials }: SigningScope) =>
  new SignatureV4({
    service,
    region,
    credentials,
    sha256: Sha256,
    uriEscapePath: service !== 's3',
    applyChecksum: service === 's3',
  });

/** The URL's parts in the shape the signer reads (an HttpRequest without the class). */
function requestOf(url: URL, method: string, headers: Record<string, string>, body?: string | Uint8Array) {
  const query: Record<string, string | string[]> = {};
  url.searchParams.forEach((value, name) => {
    const seen = query[name];
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  });
  return {
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query,
    headers: { host: url.host, ...headers },
    body,
  };
}

/** The headers to send with the request, signature included (the host header is left to fetch). */
export async function signedHeaders(scope: SigningScope, input: SignedRequestInput): Promise<Record<string, string>> {
  const request = requestOf(new URL(input.url), input.method, input.headers ?? {}, input.body);
  const signed = await signerFor(scope).sign(request, { signingDate: input.at ?? new Date() });
  const { host: _host, ...headers } = signed.headers as Record<string, string>;
  return headers;
}

/** A signed fetch: the same request as `fetch(url, init)`, with its SigV4 headers. */
export async function signedFetch(
  scope: SigningScope,
  input: SignedRequestInput & { signal?: AbortSignal },
): Promise<Response> {
  const headers = await signedHeaders(scope, input);
  return fetch(input.url, {
    method: input.method,
    headers,
    ...(input.body === undefined
      ? {}
      : { body: typeof input.body === 'string' ? input.body : new Uint8Array(input.body) }),
    ...(input.signal ? { signal: input.signal } : {}),
  });
}

/** A URL that makes the GET without credentials until it expires (SigV4 in the query string, payload unsigned as S3 wants). */
export async function presignedGet(
  scope: SigningScope,
  url: string,
  expiresSeconds: number,
  at = new Date(),
): Promise<string> {
  const unsignedPayload = new Set(['x-amz-content-sha256']);
  const request = requestOf(new URL(url), 'GET', { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' });
  const signed = await signerFor(scope).presign(request, {
    expiresIn: expiresSeconds,
    signingDate: at,
    unhoistableHeaders: unsignedPayload,
    unsignableHeaders: unsignedPayload,
  });
  const out = new URL(url);
  out.search = '';
  for (const [name, value] of Object.entries(signed.query ?? {}))
    for (const one of Array.isArray(value) ? value : [value]) if (one !== null) out.searchParams.append(name, one);
  return out.toString();
}
