import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  isDelivered,
  nextRetryDelayMs,
  RETRY_DELAYS_MS,
  shouldDisable,
  webhookUrlProblem,
} from '../../lib/domain/webhook-rules.js';
import { newWebhookSecret, sendWebhook } from '../../lib/notify/webhook-sender.js';

describe('webhook retries', () => {
  it('keep trying for at least 24 hours, then give up', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, d) => sum + d, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(nextRetryDelayMs(1, 1, 0.5)).toBe(5_000);
    expect(nextRetryDelayMs(RETRY_DELAYS_MS.length, 1, 0.5)).toBe(RETRY_DELAYS_MS.at(-1));
    expect(nextRetryDelayMs(RETRY_DELAYS_MS.length + 1)).toBeUndefined();
  });

  it('grow between attempts, with jitter of at most a tenth', () => {
    for (let n = 1; n < RETRY_DELAYS_MS.length; n += 1)
      expect(nextRetryDelayMs(n + 1, 1, 0.5)!).toBeGreaterThanOrEqual(nextRetryDelayMs(n, 1, 0.5)!);
    expect(nextRetryDelayMs(2, 1, 0)).toBe(270_000);
    expect(nextRetryDelayMs(2, 1, 1)).toBe(330_000);
  });

  it('count only a 2xx as delivered', () => {
    expect([200, 204, 299].every(isDelivered)).toBe(true);
    expect([undefined, 199, 301, 400, 410, 500].some(isDelivered)).toBe(false);
  });

  it('disable an endpoint only once it has failed for the whole threshold', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(shouldDisable(undefined, now)).toBe(false);
    expect(shouldDisable('2026-11-19T12:00:00Z', now)).toBe(false);
    expect(shouldDisable('2026-11-18T12:00:00Z', now)).toBe(true);
    expect(shouldDisable('2026-11-23T11:59:00Z', now, 30_000)).toBe(true);
  });
});

describe('webhook URLs', () => {
  it('must be https to a public host in AWS', () => {
    expect(webhookUrlProblem('https://erp.example.com/hooks', false)).toBeUndefined();
    expect(webhookUrlProblem('http://erp.example.com/hooks', false)).toMatch(/https/);
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.5',
      '172.20.0.1',
      '169.254.169.254',
      '[::1]',
      'db.internal',
    ]) {
      expect(webhookUrlProblem(`https://${host}/hook`, false), host).toMatch(/public host/);
    }
    expect(webhookUrlProblem('https://user:pw@example.com/', false)).toMatch(/user name/);
    expect(webhookUrlProblem('not a url', false)).toMatch(/absolute URL/);
  });

  it('may be http and local on the local stack', () => {
    expect(webhookUrlProblem('http://localhost:4999/hook', true)).toBeUndefined();
    expect(webhookUrlProblem('ftp://localhost/hook', true)).toMatch(/http/);
  });
});

describe('a signed delivery', () => {
  it('verifies with the Standard Webhooks library, with either secret during a rotation', async () => {
    const received: Array<{ headers: Record<string, string>; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(202).end('taken');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ id: 'evt_1', type: 'order.created' });
    const answer = await sendWebhook({ url, id: 'evt_1', body, secrets: [oldSecret, newSecret] });
    server.close();
    expect(answer).toMatchObject({ statusCode: 202, response: 'taken' });
    const [{ headers, body: sent }] = received as [{ headers: Record<string, string>; body: string }];
    expect(sent).toBe(body);
    expect(headers['webhook-id']).toBe('evt_1');
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret])
      expect(new Webhook(secret).verify(sent, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(sent, headers)).toThrow();
  });

  it('reports a receiver that is not there as an attempt without a status', async () => {
    const answer = await sendWebhook({
      url: 'http://127.0.0.1:9/hook',
      id: 'evt_2',
      body: '{}',
      secrets: [newWebhookSecret()],
    });
    expect(answer.statusCode).toBeUndefined();
    expect(answer.error).toBeTruthy();
  });
});
