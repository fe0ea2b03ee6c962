import { awsRegion, lambdaEndpoint } from '../config.js';
import { credentialsFromEnvironment, signedFetch } from './sigv4.js';

/**
 * A synchronous Lambda Invoke (RequestResponse) as one SigV4-signed POST, like the S3 calls
 * (lib/archive/objects.ts): the Lambda client would add about 100 KB to the calling function.
 * A custom endpoint (AWS_ENDPOINT_URL_LAMBDA, the SDK's own variable) points at
 * serverless-offline's Invoke API on the local stack.
 */
export type InvokeOutcome =
  | { ok: true; payload: unknown }
  /** The call itself did not get through: network, timeout, throttled, Lambda unavailable. Worth a retry later. */
  | { ok: false; kind: 'unavailable'; message: string }
  /** The function ran and threw, or the call was refused (unknown function, not allowed). */
  | { ok: false; kind: 'failed'; message: string };

const invokeUrl = (functionName: string, region: string): string => {
  const endpoint = (lambdaEndpoint() ?? `https://lambda.${region}.amazonaws.com`).replace(/\/$/, '');
  return `${endpoint}/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`;
};

export async function invokeFunction(functionName: string, event: unknown, timeoutMs: number): Promise<InvokeOutcome> {
  const region = awsRegion();
  let response: Response;
  let text: string;
  try {
    response = await signedFetch(
      { service: 'lambda', region, credentials: credentialsFromEnvironment() },
      {
        method: 'POST',
        url: invokeUrl(functionName, region),
        body: JSON.stringify(event),
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    text = await response.text();
  } catch (error) {
    return { ok: false, kind: 'unavailable', message: `Invoke ${functionName}: ${(error as Error).message}` };
  }
  if (response.status === 429 || response.status >= 500)
    return {
      ok: false,
      kind: 'unavailable',
      message: `Invoke ${functionName}: ${response.status} ${text.slice(0, 300)}`,
    };
  if (!response.ok)
    return { ok: false, kind: 'failed', message: `Invoke ${functionName}: ${response.status} ${text.slice(0, 300)}` };
  if (response.headers.get('x-amz-function-error'))
    return { ok: false, kind: 'failed', message: `${functionName} failed: ${text.slice(0, 500)}` };
  try {
    return { ok: true, payload: text === '' ? undefined : JSON.parse(text) };
  } catch {
    return { ok: false, kind: 'failed', message: `${functionName} answered no JSON: ${text.slice(0, 200)}` };
  }
}
