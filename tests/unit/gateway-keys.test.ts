import { CreateApiKeyCommand, GetApiKeysCommand, GetUsagePlansCommand } from '@aws-sdk/client-api-gateway';
import { describe, expect, it } from 'vitest';
import { disableGatewayKey, registerGatewayKey, usagePlanName, type GatewaySender } from '../../lib/gateway/keys.js';

/** A fake API Gateway that answers by command type and records what it was sent. */
function fakeGateway(answers: Map<Function, unknown>) {
  const sent: Array<{ type: string; input: Record<string, unknown> }> = [];
  const client: GatewaySender = {
    async send(command: object) {
      const { input } = command as { input: Record<string, unknown> };
      sent.push({ type: command.constructor.name, input });
      return answers.get(command.constructor) ?? {};
    },
  };
  return { client, sent };
}

describe('registering a CLI key with API Gateway', () => {
  it('imports the same key value and attaches it to the stage usage plan the caller chose', async () => {
    const { client, sent } = fakeGateway(
      new Map<Function, unknown>([
        [GetUsagePlansCommand, { items: [{ id: 'plan-std', name: usagePlanName('standard', 'prod') }, { id: 'plan-partner', name: usagePlanName('partner', 'prod') }] }],
        [CreateApiKeyCommand, { id: 'gw-key-1' }],
      ]),
    );

    const result = await registerGatewayKey(client, { keyId: 'key123', value: 'vpo_secret', stage: 'prod', plan: 'partner', description: 'integrator key' });

    expect(result).toEqual({ gatewayKeyId: 'gw-key-1', usagePlanId: 'plan-partner' });
    expect(sent.find((c) => c.type === 'CreateApiKeyCommand')?.input).toMatchObject({ name: 'vpo-key123', value: 'vpo_secret', enabled: true });
    expect(sent.find((c) => c.type === 'CreateUsagePlanKeyCommand')?.input).toEqual({ usagePlanId: 'plan-partner', keyId: 'gw-key-1', keyType: 'API_KEY' });
  });

  it('refuses, creating nothing, when the stage has no such usage plan', async () => {
    const { client, sent } = fakeGateway(new Map<Function, unknown>([[GetUsagePlansCommand, { items: [{ id: 'x', name: usagePlanName('standard', 'dev') }] }]]));

    await expect(registerGatewayKey(client, { keyId: 'k', value: 'v', stage: 'prod', plan: 'standard', description: 'd' })).rejects.toThrow(/no usage plan/);
    expect(sent.map((c) => c.type)).toEqual(['GetUsagePlansCommand']);
  });

  it('disables the gateway copy of a revoked key', async () => {
    const { client, sent } = fakeGateway(new Map<Function, unknown>([[GetApiKeysCommand, { items: [{ id: 'gw-9', name: 'vpo-key9' }] }]]));

    expect(await disableGatewayKey(client, 'key9')).toBe(true);
    expect(sent.find((c) => c.type === 'UpdateApiKeyCommand')?.input).toEqual({ apiKey: 'gw-9', patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] });
  });

  it('reports false when the key was never registered', async () => {
    const { client } = fakeGateway(new Map<Function, unknown>([[GetApiKeysCommand, { items: [] }]]));
    expect(await disableGatewayKey(client, 'nokey')).toBe(false);
  });
});
