import { awsRegion, gatewayKeysSynced, stageName } from '../config.js';
import { credentialsFromEnvironment, signedFetch, type AwsCredentials } from '../aws/sigv4.js';

/**
 * API Gateway's own copies of API keys, kept with signed HTTP calls to its REST API
 * (apigateway.<region>.amazonaws.com, signed by lib/aws/sigv4.ts) rather than the SDK's API Gateway
 * client: the key and user functions that keep the copies in step carry about 60 KB less.
 * The wire shapes are the SDK model's: collections come back under `item`, `nameQuery` is the
 * query parameter `name`.
 */
export type GatewayHttp = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) => Promise<unknown>;

export type { AwsCredentials };

const SERVICE = 'vehicle-purchase-orders';
export const USAGE_PLANS = ['standard', 'partner'] as const;
export type UsagePlanName = (typeof USAGE_PLANS)[number];

/** Serverless v3 names a usage plan `<service>-<plan>-<stage>`. */
export const usagePlanName = (plan: UsagePlanName, stage: string): string => `${SERVICE}-${plan}-${stage}`;

/** Signed JSON calls to API Gateway's REST API in a region, with credentials resolved per call (they rotate). */
export function gatewayHttp(
  region: string,
  credentials: () => Promise<AwsCredentials>,
  endpoint = `https://apigateway.${region}.amazonaws.com`,
): GatewayHttp {
  return async (method, path, body) => {
    const response = await callWithRetries(async () =>
      signedFetch(
        { service: 'apigateway', region, credentials: await credentials() },
        {
          method,
          url: `${endpoint}${path}`,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(10_000),
        },
      ),
    );
    const text = await response.text();
    if (!response.ok)
      throw new Error(`API Gateway ${method} ${path.split('?')[0]}: ${response.status} ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as unknown) : {};
  };
}

/** Up to three attempts while API Gateway throttles (429) or fails (5xx), backing off from 100 ms. */
async function callWithRetries(call: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await call();
    if (attempt === 3 || (response.status !== 429 && response.status < 500)) return response;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}

/** Credentials as Lambda provides them: in the environment. */
const fromEnvironment = async (): Promise<AwsCredentials> => credentialsFromEnvironment();

type Collection = { item?: Array<{ id?: string; name?: string }> };

/**
 * In AWS, API Gateway itself checks the key of a private route against its usage plans, so a key
 * issued by the CLI is also imported as an API Gateway key (same value, named after the key id)
 * and attached to one of the stage's plans, which set its throttle and quota.
 */
export async function registerGatewayKey(
  http: GatewayHttp,
  input: { keyId: string; value: string; stage: string; plan: UsagePlanName; description: string },
): Promise<{ gatewayKeyId: string; usagePlanId: string }> {
  const wanted = usagePlanName(input.plan, input.stage);
  const plans = (await http('GET', '/usageplans?limit=500')) as Collection;
  const plan = plans.item?.find((p) => p.name === wanted);
  if (!plan?.id)
    throw new Error(`no usage plan "${wanted}" in this account and region: is stage ${input.stage} deployed?`);
  const created = (await http('POST', '/apikeys', {
    name: `vpo-${input.keyId}`,
    value: input.value,
    enabled: true,
    description: input.description.slice(0, 125),
  })) as { id?: string };
  if (!created.id) throw new Error('API Gateway did not return the new key id');
  await http('POST', `/usageplans/${encodeURIComponent(plan.id)}/keys`, { keyId: created.id, keyType: 'API_KEY' });
  return { gatewayKeyId: created.id, usagePlanId: plan.id };
}

/** Disables the gateway copy of a revoked key, so the gateway refuses it at once (no cache). */
export async function disableGatewayKey(http: GatewayHttp, keyId: string): Promise<boolean> {
  const keys = (await http('GET', `/apikeys?name=${encodeURIComponent(`vpo-${keyId}`)}&limit=10`)) as Collection;
  const match = keys.item?.find((k) => k.name === `vpo-${keyId}`);
  if (!match?.id) return false;
  await http('PATCH', `/apikeys/${encodeURIComponent(match.id)}`, {
    patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }],
  });
  return true;
}

/**
 * In AWS (API_GATEWAY_KEYS=on, set by serverless.yml) the API's own key routes keep the gateway
 * copies in step: a key issued over the API is registered on the stage's usage plan, and a
 * revoked or disabled one is refused by the gateway at once. On the local stack there is no
 * gateway: both do nothing.
 */
const syncEnabled = gatewayKeysSynced;
const lambdaGateway = () => gatewayHttp(awsRegion(), fromEnvironment);

export async function registerGatewayCopy(input: { keyId: string; value: string; description: string }): Promise<void> {
  if (!syncEnabled()) return;
  const stage = stageName();
  await registerGatewayKey(lambdaGateway(), { ...input, stage, plan: 'standard' });
}

export async function disableGatewayCopy(keyId: string): Promise<void> {
  if (!syncEnabled()) return;
  await disableGatewayKey(lambdaGateway(), keyId);
}
