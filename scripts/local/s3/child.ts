/**
 * The emulator's process, forked by emulator.ts with the port (0 for a free one) and the data
 * folder: the fork, its gaps filled, serving on loopback until the stack stops it or goes away.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ChildMessage } from './child-messages.js';
import { requests } from './current-request.js';
import { reportEvents } from './events.js';
import { answerClientError, answerUncaughtExceptions, logRequestErrors } from './faults.js';
import { listBucket } from './listing.js';
import { abortOnRefusal, patchMultipart } from './multipart.js';
import { oneLine } from './one-line.js';
import { loadS3rver, type Context } from './s3rver.js';
import { signBucketPathsAsSent } from './signature.js';
import { serializeXmlOnce } from './xml.js';

async function runEmulator(port: number, directory: string): Promise<void> {
  const send = (message: ChildMessage, then?: () => void) => {
    if (process.connected) process.send!(message, undefined, {}, () => then?.());
    else then?.();
  };
  const log = (line: string) => send({ type: 'log', line: `S3 emulator: ${line}` });

  const { S3rver, S3Error, S3Event, bucketController, DUMMY_ACCOUNT, signatureV4 } = await loadS3rver();
  signBucketPathsAsSent(signatureV4);

  const app = new S3rver({ directory, silent: true });
  serializeXmlOnce(app, S3Error);
  const hooks = { S3Error, store: app.store };
  // The fork's router calls `bucketController.getBucket` per request, so this replaces its listing.
  bucketController.getBucket = (ctx) => listBucket(ctx, hooks, DUMMY_ACCOUNT);
  patchMultipart(hooks);
  reportEvents(app, S3Event, (record) => send({ type: 'event', record }));
  logRequestErrors(app, S3Error, log);

  // Outermost: keeps the request at hand, and answers AbortMultipartUpload, which the fork's router
  // authenticates and then refuses with 405.
  app.middleware.unshift(async (ctx: Context, next: () => Promise<void>) =>
    requests.run(ctx, async () => {
      try {
        await next();
      } catch (error) {
        await abortOnRefusal(hooks, ctx, error);
      }
    }),
  );

  answerUncaughtExceptions(log);

  const server = createServer(app.callback());
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, log));
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.on('message', (message: { type?: string }) => message.type === 'stop' && shutdown());
  // The stack is gone (killed without stopping this): nothing is left to serve.
  process.on('disconnect', shutdown);

  server.once('error', (error) => send({ type: 'failed', reason: oneLine(error) }, () => process.exit(1)));
  server.listen(port, '127.0.0.1', () => {
    server.removeAllListeners('error');
    server.on('error', (error) =>
      send({ type: 'fatal', reason: `its HTTP server failed: ${oneLine(error)}` }, () => process.exit(1)),
    );
    server.on(
      'close',
      () => closing || send({ type: 'fatal', reason: 'its HTTP server closed' }, () => process.exit(1)),
    );
    send({ type: 'ready', port: (server.address() as AddressInfo).port });
  });
}

await runEmulator(Number(process.argv[2]), process.argv[3]!);
