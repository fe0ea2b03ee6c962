import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP pass-through to a local service that can be shut and opened again: while shut, the port
 * refuses connections and the ones open are cut, as when the service cannot be reached. The
 * reference's walk records the answers of an outage of the table through it.
 */
export interface TcpGate {
  port: number;
  /** Refuses new connections and cuts the open ones. */
  shut(): Promise<void>;
  /** Passes connections through again. */
  open(): Promise<void>;
}

export async function startTcpGate(port: number, targetPort: number): Promise<TcpGate & { stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair = [client, upstream];
    for (const socket of pair) {
      sockets.add(socket);
      // Either side ending ends both: a cut connection is seen as cut by its client.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        for (const other of pair) {
          other.destroy();
          sockets.delete(other);
        }
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const shut = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen();
  return {
    port,
    shut,
    open: async () => {
      if (!server.listening) await listen();
    },
    stop: shut,
  };
}
