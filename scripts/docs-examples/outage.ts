import { allRoutes } from '../../lib/schemas/index.js';
import { LOCAL_WHATSAPP, signatureOf, statusPayload } from '../local/whatsapp-webhook.js';
import type { TcpGate } from '../local/tcp-gate.js';
import { exampleOf, pathOf, platformOnly, UNKNOWN_ID } from './route-requests.js';
import { type CallOptions, call, calls, operationOf } from './recorder.js';
import type { Keys } from './walk-data.js';

/**
 * Every route once more with the table out of reach (the gate in front of DynamoDB Local shut,
 * its connections cut): the 503 each route that documents it answers, with Retry-After. Each
 * request is one the API would take if the table answered.
 */
export async function outage(keys: Keys, gate: TcpGate): Promise<void> {
  const recorded = new Set(calls.map((c) => `${c.id} ${c.status}`));
  const note = 'DynamoDB could not be reached: the table refused connections for a while';
  await gate.shut();
  try {
    for (const r of allRoutes) {
      // A page's 503 is a page (HTML), not an example of the reference.
      if (recorded.has(`${r.id} 503`) || operationOf(r).responses['503']?.content?.['application/json'] === undefined)
        continue;
      const example = exampleOf(r);
      const params = r.params ? { path: pathOf(r, UNKNOWN_ID) } : {};
      const headers: Record<string, string> =
        r.versioned?.ifMatch === 'required' && example?.version === undefined ? { 'If-Match': '"1"' } : {};
      // An admin may call every route of its tenant.
      const key = r.public ? undefined : platformOnly(r) ? keys.platform : keys.admin;
      let options: CallOptions = { ...params, headers, key, body: example, expect: 503, note };
      if (r.id === 'receiveWhatsAppWebhook') {
        const report = JSON.stringify(
          statusPayload('wamid.HBgMOTc0NTU1MTIzNDUVAgARGBI1', 'delivered', { to: '97455512345', at: new Date() }),
        );
        options = {
          ...options,
          body: undefined,
          rawBody: report,
          headers: {
            'Content-Type': 'application/json',
            'X-Hub-Signature-256': signatureOf(report, LOCAL_WHATSAPP.appSecret),
          },
        };
      }
      // Anything else than a 503 the client may retry (a 401 for a valid key, a 500) is a fault of the service.
      const answer = await call(r.id, options);
      if (answer.status !== 503)
        throw new Error(`${r.id} answered ${answer.status} while the table could not be reached, not 503`);
      if (!/^[1-9]\d*$/.test(answer.headers.get('retry-after') ?? ''))
        throw new Error(`${r.id}: 503 without a Retry-After of whole seconds`);
    }
  } finally {
    await gate.open();
  }
}
