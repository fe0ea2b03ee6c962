import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { runEndpoint, runTenant } from '../../lib/use-cases/webhooks/deliver.js';

/** One POST the receiver got, checked the way an integrator checks it: with the Standard Webhooks library. */
export interface Received {
  path: string;
  id: string;
  verified: boolean;
  verifyError?: string;
  headers: Record<string, string>;
  body: any;
  at: number;
  answered: number;
}

/**
 * A webhook receiver on a free local port, as an integrator would run one: each path has its
 * own secret (verified with the `standardwebhooks` library) and its own answer (204 unless
 * told otherwise).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly secrets = new Map<string, string[]>();
  private readonly answers = new Map<string, (body: any, seenBefore: number) => number>();
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const headers = req.headers as Record<string, string>;
        let verified = false;
        let verifyError: string | undefined;
        for (const secret of this.secrets.get(path) ?? []) {
          try {
            new Webhook(secret).verify(text, headers);
            verified = true;
            break;
          } catch (error) {
            verifyError = (error as Error).message;
          }
        }
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* kept as text */
        }
        const id = headers['webhook-id'] ?? '';
        const seenBefore = this.received.filter((r) => r.path === path && r.id === id).length;
        const answered = verified ? (this.answers.get(path)?.(body, seenBefore) ?? 204) : 401;
        this.received.push({
          path,
          id,
          verified,
          ...(verifyError && !verified ? { verifyError } : {}),
          headers,
          body,
          at: Date.now(),
          answered,
        });
        res.writeHead(answered).end(answered >= 400 ? 'not now' : '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://localhost:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  /** The secrets a path verifies with (two during a rotation). */
  trust(path: string, ...secrets: string[]): void {
    this.secrets.set(path, secrets);
  }

  answer(path: string, decide: (body: any, seenBefore: number) => number): void {
    this.answers.set(path, decide);
  }

  /** What a path received and accepted (2xx), in arrival order. */
  accepted(path: string): Received[] {
    return this.received.filter((r) => r.path === path && r.answered < 300);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

/**
 * What the stream trigger does in AWS when a delivery is written (a replay) or an event is added:
 * the endpoint's pass, at once. The local stack has no streams, only its sweep over every endpoint
 * of the whole run, which a busy run makes slow to come round, so a test waits on this pass
 * instead of on that sweep. An endpoint another worker holds is asked to look again, and this
 * tries until a pass of its own has run: what was due when it was called has then been tried.
 */
export async function wakeEndpoint(endpointId: string): Promise<void> {
  while ((await runEndpoint(endpointId)) === 'busy') await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * The stream trigger of a burst of a tenant's events: its endpoints' passes, one after another
 * (each takes what has settled since the last), until the function it returns is called.
 */
export function wakeTenantUntilStopped(tenantId: string): () => Promise<void> {
  let stopped = false;
  const waking = (async () => {
    while (!stopped) {
      await runTenant(tenantId).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return async () => {
    stopped = true;
    await waking;
  };
}
