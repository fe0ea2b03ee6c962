/** `cli webhooks ...`: an integrator's endpoints managed by staff, against the test stack and a verifying receiver. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { createTenant } from '../../lib/store/tenants.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

let receiver: WebhookReceiver;
let tenantId: string;

async function cliJson<T = any>(args: string[]): Promise<T> {
  const result = await cli([...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  const subdomain = `clihooks${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `CLI hooks ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
});

afterAll(async () => {
  await receiver?.stop();
});

describe('cli webhooks', () => {
  it('creates an endpoint, tests it with a verified delivery, lists, disables, enables and rotates it', async () => {
    const created = await cliJson([
      'webhooks',
      'create',
      '--tenant',
      tenantId,
      '--url',
      receiver.url('/cli'),
      '--events',
      'order.created,contract.signed',
      '--description',
      'ERP',
    ]);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.endpoint).toMatchObject({
      tenantId,
      eventTypes: ['order.created', 'contract.signed'],
      enabled: true,
    });
    receiver.trust('/cli', created.secret);
    const id = created.endpoint.id as string;

    const test = await cliJson(['webhooks', 'test', id]);
    expect(test).toMatchObject({ status: 'delivered', eventType: 'webhook.test' });
    expect(receiver.accepted('/cli').find((r) => r.id === test.id)?.verified).toBe(true);

    const human = await cli(['webhooks', 'list', '--tenant', tenantId]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(id);
    expect(human.stdout).toContain(receiver.url('/cli'));

    expect((await cliJson(['webhooks', 'disable', id])).enabled).toBe(false);
    expect((await cliJson(['webhooks', 'enable', id])).enabled).toBe(true);
    const rotated = await cliJson(['webhooks', 'rotate', id, '--grace-hours', '1']);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.endpoint.previousSecretExpiresAt).toBeDefined();

    const deliveries = await cliJson<any[]>(['webhooks', 'deliveries', id]);
    expect(deliveries.map((d) => d.id)).toContain(test.id);
    expect(await cliJson(['webhooks', 'replay', id, '--since', '2020-01-01T00:00:00Z'])).toEqual({ replayed: 0 });

    const deleted = await cli(['webhooks', 'delete', id]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`Deleted ${id}`);
    expect((await cliJson<any[]>(['webhooks', 'list', '--tenant', tenantId])).map((e) => e.id)).not.toContain(id);
    expect((await cliJson<any[]>(['webhooks', 'deliveries', id])).map((d) => d.id)).toContain(test.id);
    const again = await cli(['webhooks', 'delete', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('no webhook endpoint');
  });

  it('refuses bad arguments with exit code 2 and unknown endpoints with exit code 1', async () => {
    const badType = await cli([
      'webhooks',
      'create',
      '--tenant',
      tenantId,
      '--url',
      receiver.url('/x'),
      '--events',
      'order.flew',
    ]);
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('order.flew');
    const badUrl = await cli(['webhooks', 'create', '--tenant', tenantId, '--url', 'ftp://example.com/x']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toMatch(/url/i);
    const unknown = await cli(['webhooks', 'show', 'nosuchendpoint000000000000']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no webhook endpoint');
    const both = await cli(['webhooks', 'replay', 'x', '--delivery', 'evt_a', '--since', '2026-01-01T00:00:00Z']);
    expect(both.code).toBe(2);
  });
});
