import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { describe, expect, it } from 'vitest';
import { presignedGet, signedHeaders, type SigningScope } from '../../lib/aws/sigv4.js';

// aws4fetch, an independent SigV4 implementation, is the oracle: for the same request, instant
// and credentials both must produce the same signature.
const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'session/token+1=',
};
const at = new Date('2026-11-23T20:00:00.000Z');
const datetime = '20261123T200000Z';

async function oracle(
  scope: SigningScope,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
  signQuery = false,
) {
  const client = new AwsClient({ ...scope.credentials, service: scope.service, region: scope.region });
  return client.sign(url, { ...init, aws: { datetime, signQuery, allHeaders: !signQuery } });
}

describe('SigV4 signing without a service client', () => {
  const s3: SigningScope = { service: 's3', region: 'me-central-1', credentials };
  const gateway: SigningScope = { service: 'apigateway', region: 'eu-west-1', credentials };

  it('signs an S3 GET of a key with spaces and non-ASCII characters as the oracle does', async () => {
    const url = `https://bucket.s3.me-central-1.amazonaws.com/${['catalogue', 'snap shot', 'سيارة+1.bin'].map(encodeURIComponent).join('/')}`;
    const headers = { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' };
    const ours = await signedHeaders(s3, { method: 'GET', url, headers, at });
    const theirs = await oracle(s3, url, { method: 'GET', headers });
    expect(ours.authorization).toBe(theirs.headers.get('authorization'));
    expect(ours['x-amz-security-token']).toBe(credentials.sessionToken);
    expect(ours['x-amz-date']).toBe(datetime);
  });

  it('signs an S3 PUT with its body hash, which S3 checks against the bytes it receives', async () => {
    const url = 'http://127.0.0.1:4600/bucket/orders/1/documents/customs-invoice/x.pdf';
    const body = '%PDF-1.7 bytes';
    const ours = await signedHeaders(s3, {
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/pdf' },
      body,
      at,
    });
    expect(ours['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    const theirs = await oracle(s3, url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', 'x-amz-content-sha256': ours['x-amz-content-sha256']! },
      body,
    });
    expect(ours.authorization).toBe(theirs.headers.get('authorization'));
  });

  it('signs an API Gateway call with a query string and a JSON body as the oracle does', async () => {
    const url = 'https://apigateway.eu-west-1.amazonaws.com/apikeys?name=vpo-key%201&limit=10';
    const init = {
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{"patchOperations":[]}',
    };
    const ours = await signedHeaders(gateway, { ...init, url, at });
    const theirs = await oracle(gateway, url, init);
    expect(ours.authorization).toBe(theirs.headers.get('authorization'));
    expect(ours.authorization).toMatch(/Credential=AKIDEXAMPLE\/20261123\/eu-west-1\/apigateway\/aws4_request/);
    // Only S3 wants the payload hash as a header.
    expect(ours['x-amz-content-sha256']).toBeUndefined();
  });

  it('presigns an S3 download with the signature the oracle gives, the payload unsigned and only the host signed', async () => {
    const url = 'https://bucket.s3.me-central-1.amazonaws.com/orders/869/documents/contract/a%20b.pdf';
    const ours = new URL(await presignedGet(s3, url, 900, at));
    const theirs = new URL((await oracle(s3, `${url}?X-Amz-Expires=900`, { method: 'GET' }, true)).url);
    expect(ours.origin + ours.pathname).toBe(theirs.origin + theirs.pathname);
    expect(ours.searchParams.get('X-Amz-Signature')).toBe(theirs.searchParams.get('X-Amz-Signature'));
    expect(ours.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(ours.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(ours.searchParams.get('X-Amz-Security-Token')).toBe(credentials.sessionToken);
    expect(ours.searchParams.get('X-Amz-Content-Sha256')).toBeNull();
  });

  it('gives a different signature for another instant, key or secret', async () => {
    const url = 'https://bucket.s3.me-central-1.amazonaws.com/k';
    const base = (await signedHeaders(s3, { method: 'GET', url, at })).authorization;
    expect((await signedHeaders(s3, { method: 'GET', url, at: new Date(at.getTime() + 1000) })).authorization).not.toBe(
      base,
    );
    expect((await signedHeaders(s3, { method: 'GET', url: `${url}2`, at })).authorization).not.toBe(base);
    expect(
      (
        await signedHeaders(
          { ...s3, credentials: { ...credentials, secretAccessKey: 'other' } },
          { method: 'GET', url, at },
        )
      ).authorization,
    ).not.toBe(base);
  });
});
