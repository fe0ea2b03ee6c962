import { requests } from './current-request.js';
import type { SignatureV4 } from './s3rver.js';

/**
 * The SDK signs a bucket's own path with its trailing slash (`PUT /bucket/`, `GET /bucket/?list-type=2`),
 * which the fork's canonical request drops: every bucket call (HeadBucket, CreateBucket, the
 * listings, DeleteObjects) was refused with SignatureDoesNotMatch. The signed path is the one sent.
 */
export function signBucketPathsAsSent(signatureV4: SignatureV4): void {
  const getStringToSign = signatureV4.getStringToSign.bind(signatureV4);
  signatureV4.getStringToSign = (canonicalRequest, request) => {
    const sentWithSlash = requests.getStore()?.path.endsWith('/') && !canonicalRequest.uri.endsWith('/');
    return getStringToSign(
      sentWithSlash ? { ...canonicalRequest, uri: `${canonicalRequest.uri}/` } : canonicalRequest,
      request,
    );
  };
}
