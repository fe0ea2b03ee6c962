import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  GetApiKeysCommand,
  GetUsagePlansCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';

/** The part of the API Gateway client the CLI uses, so tests can hand in a fake. */
export interface GatewaySender {
  send(command: object): Promise<unknown>;
}

const SERVICE = 'vehicle-purchase-orders';
export const USAGE_PLANS = ['standard', 'partner'] as const;
export type UsagePlanName = (typeof USAGE_PLANS)[number];

/** Serverless v3 names a usage plan `<service>-<plan>-<stage>`. */
export const usagePlanName = (plan: UsagePlanName, stage: string): string => `${SERVICE}-${plan}-${stage}`;

/**
 * In AWS, API Gateway itself checks the key of a private route against its usage plans, so a key
 * issued by the CLI is also imported as an API Gateway key (same value, named after the key id)
 * and attached to one of the stage's plans, which set its throttle and quota.
 */
export async function registerGatewayKey(
  client: GatewaySender,
  input: { keyId: string; value: string; stage: string; plan: UsagePlanName; description: string },
): Promise<{ gatewayKeyId: string; usagePlanId: string }> {
  const wanted = usagePlanName(input.plan, input.stage);
  const plans = (await client.send(new GetUsagePlansCommand({ limit: 500 }))) as { items?: Array<{ id?: string; name?: string }> };
  const plan = plans.items?.find((p) => p.name === wanted);
  if (!plan?.id) throw new Error(`no usage plan "${wanted}" in this account and region: is stage ${input.stage} deployed?`);
  const created = (await client.send(
    new CreateApiKeyCommand({ name: `vpo-${input.keyId}`, value: input.value, enabled: true, description: input.description.slice(0, 125) }),
  )) as { id?: string };
  if (!created.id) throw new Error('API Gateway did not return the new key id');
  await client.send(new CreateUsagePlanKeyCommand({ usagePlanId: plan.id, keyId: created.id, keyType: 'API_KEY' }));
  return { gatewayKeyId: created.id, usagePlanId: plan.id };
}

/** Disables the gateway copy of a revoked key, so the gateway refuses it at once (no cache). */
export async function disableGatewayKey(client: GatewaySender, keyId: string): Promise<boolean> {
  const keys = (await client.send(new GetApiKeysCommand({ nameQuery: `vpo-${keyId}`, limit: 10 }))) as { items?: Array<{ id?: string; name?: string }> };
  const match = keys.items?.find((k) => k.name === `vpo-${keyId}`);
  if (!match?.id) return false;
  await client.send(new UpdateApiKeyCommand({ apiKey: match.id, patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] }));
  return true;
}

export const gatewayClient = (region: string): GatewaySender => new APIGatewayClient({ region });

/**
 * In AWS (API_GATEWAY_KEYS=on, set by serverless.yml) the API's own key routes keep the gateway
 * copies in step: a key issued over the API is registered on the stage's usage plan
 * (API_GATEWAY_USAGE_PLAN), and a revoked or disabled one is refused by the gateway at once.
 * On the local stack there is no gateway: both do nothing.
 */
const syncEnabled = () => process.env.API_GATEWAY_KEYS === 'on';
let client: GatewaySender | undefined;
const sharedClient = () => (client ??= new APIGatewayClient({}));

export async function registerGatewayCopy(input: { keyId: string; value: string; description: string }): Promise<void> {
  if (!syncEnabled()) return;
  const stage = process.env.STAGE ?? 'dev';
  await registerGatewayKey(sharedClient(), { ...input, stage, plan: 'standard' });
}

export async function disableGatewayCopy(keyId: string): Promise<void> {
  if (!syncEnabled()) return;
  await disableGatewayKey(sharedClient(), keyId);
}
