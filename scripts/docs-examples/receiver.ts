import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { events } from './recorder.js';

/**
 * A receiver of webhooks on this machine: /ok answers 204, /down 503 (so its deliveries retry,
 * then fail). The test event it gets is the example of webhook.test (it never reaches the feed).
 */
export async function startReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      res.statusCode = req.url === '/down' ? 503 : 204;
      res.end();
      const body = JSON.parse(text) as { type?: string };
      if (body.type === 'webhook.test' && !events.some((e) => e.type === 'webhook.test'))
        events.push({ type: 'webhook.test', body, at: Date.now() });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}
