import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: the maintained fork of s3rver ships no types of its own.
import S3rver from '@20minutes/s3rver';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver, path-style, on loopback. Without a directory it uses a temporary one (tests). */
export async function startS3Local(options: { port: number; dataDir?: string }): Promise<S3Local> {
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vpo-s3-'));
  mkdirSync(directory, { recursive: true });
  const server: { run(): Promise<unknown>; close(): Promise<void> } = new S3rver({ port: options.port, address: '127.0.0.1', directory, silent: true });
  // s3rver reports a taken port as an 'error' event; without a listener the process would crash
  // and leave DynamoDB Local orphaned instead of letting the caller stop what it started.
  await new Promise<void>((resolve, reject) => {
    (server as unknown as NodeJS.EventEmitter).once('error', (error: Error) => reject(new Error(`s3rver could not listen on port ${options.port}: ${error.message}`)));
    server.run().then(() => resolve(), reject);
  });
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
