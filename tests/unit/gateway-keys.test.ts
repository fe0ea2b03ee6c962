import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  disableGatewayKey,
  gatewayHttp,
  registerGatewayKey,
  usagePlanName,
  type GatewayHttp,
} from '../../lib/gateway/keys.js';

/** A fake API Gateway REST API that answers by method and path and records what it was sent. */
function fakeGateway(answers: Record<string, unknown>) {
  const sent: Array<{ call: string; body?: unknown }> = [];
  const http: GatewayHttp = async (method, path, body) => {
    const call = `${method} ${path}`;
    sent.push({ call, ...(body === undefined ? {} : { body }) });
    return answers[call] ?? {};
  };
  return { http, sent };
}

describe('registering a CLI key with API Gateway', () => {
  it('imports the same key value and attaches it to the stage usage plan the caller chose', async () => {
    const { http, sent } = fakeGateway({
      // The REST API lists collections under `item`.
      'GET /usageplans?limit=500': {
        item: [
          { id: 'plan-std', name: usagePlanName('standard', 'prod') },
          { id: 'plan-partner', name: usagePlanName('partner', 'prod') },
        ],
      },
      'POST /apikeys': { id: 'gw-key-1' },
    });

    const result = await registerGatewayKey(http, {
      keyId: 'key123',
      value: 'vpo_secret',
      stage: 'prod',
      plan: 'partner',
      description: 'integrator key',
    });

    expect(result).toEqual({ gatewayKeyId: 'gw-key-1', usagePlanId: 'plan-partner' });
    expect(sent.find((c) => c.call === 'POST /apikeys')?.body).toMatchObject({
      name: 'vpo-key123',
      value: 'vpo_secret',
      enabled: true,
    });
    expect(sent.find((c) => c.call === 'POST /usageplans/plan-partner/keys')?.body).toEqual({
      keyId: 'gw-key-1',
      keyType: 'API_KEY',
    });
  });

  it('refuses, creating nothing, when the stage has no such usage plan', async () => {
    const { http, sent } = fakeGateway({
      'GET /usageplans?limit=500': { item: [{ id: 'x', name: usagePlanName('standard', 'dev') }] },
    });

    await expect(
      registerGatewayKey(http, { keyId: 'k', value: 'v', stage: 'prod', plan: 'standard', description: 'd' }),
    ).rejects.toThrow(/no usage plan/);
    expect(sent.map((c) => c.call)).toEqual(['GET /usageplans?limit=500']);
  });

  it('disables the gateway copy of a revoked key', async () => {
    const { http, sent } = fakeGateway({
      'GET /apikeys?name=vpo-key9&limit=10': { item: [{ id: 'gw-9', name: 'vpo-key9' }] },
    });

    expect(await disableGatewayKey(http, 'key9')).toBe(true);
    expect(sent.find((c) => c.call === 'PATCH /apikeys/gw-9')?.body).toEqual({
      patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }],
    });
  });

  it('reports false when the key was never registered', async () => {
    const { http } = fakeGateway({ 'GET /apikeys?name=vpo-nokey&limit=10': { item: [] } });
    expect(await disableGatewayKey(http, 'nokey')).toBe(false);
  });
});

describe('the signed calls', () => {
  it('sign each JSON request for API Gateway in its region, and turn a refusal into an error', async () => {
    const seen: Array<{ method?: string; url?: string; authorization?: string; contentType?: string; body: string }> =
      [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body,
        });
        if (req.url?.startsWith('/apikeys/missing'))
          res.writeHead(404).end('{"message":"Invalid API Key identifier specified"}');
        else
          res
            .writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' })
            .end('{"id":"gw-1","item":[]}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = gatewayHttp(
      'eu-west-1',
      async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' }),
      endpoint,
    );

    expect(await http('POST', '/apikeys', { name: 'vpo-k', value: 'v', enabled: true })).toEqual({
      id: 'gw-1',
      item: [],
    });
    await expect(http('PATCH', '/apikeys/missing', { patchOperations: [] })).rejects.toThrow(/404/);
    server.close();

    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/apikeys',
      contentType: 'application/json',
      body: '{"name":"vpo-k","value":"v","enabled":true}',
    });
    expect(seen[0]!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/apigateway\/aws4_request, SignedHeaders=[^,]*x-amz-security-token/,
    );
  });
});
