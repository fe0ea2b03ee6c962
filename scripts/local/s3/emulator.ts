/**
 * The local stack's S3: the maintained s3rver fork (@20minutes/s3rver 4.0.4, path-style, on
 * loopback, credentials S3RVER/S3RVER), with the gaps it has next to S3 filled in by the modules
 * beside this one: S3's listings (listing.ts), multipart checks and abort (multipart.ts), S3's
 * event records (events.ts), XML escaped once (xml.ts), signed bucket paths (signature.ts), and
 * faults that end as S3 XML errors, not the process (faults.ts).
 *
 * It runs in a child process (child.ts) rather than in the stack's: the fork still has ways to
 * throw outside any request (a stream's 'error' with no listener: s3rver 3.7.1 took the whole
 * stack down that way), and those now end at a last-resort handler that answers the request 500
 * InternalError and keeps serving, which only a process of its own may do; the patches to the
 * fork's modules stay there too. The cost is the child's start (Node, tsx and the fork: about 0.6 s against 0.3 s for
 * loading the fork in the stack's process, which no longer loads it) and events crossing IPC.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildMessage } from './child-messages.js';
import type { S3EventRecord } from './event-record.js';
import { oneLine } from './one-line.js';

export type { S3EventRecord } from './event-record.js';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
  /** Resolves with one line ("the S3 emulator stopped: <why>") if it stops by itself; never after stop(). */
  exited: Promise<string>;
  /** Calls `listener` with every event record from now on; returns the unsubscribe. */
  onEvent(listener: (record: S3EventRecord) => void): () => void;
}

export interface S3LocalOptions {
  /** 0 picks a free port (see `endpoint`). */
  port: number;
  /** Without one, a temporary folder, removed by stop() (tests). */
  dataDir?: string;
  /** Where the emulator's fault lines go; stderr by default. */
  log?: (line: string) => void;
}

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 3_000;

export async function startS3Local(options: S3LocalOptions): Promise<S3Local> {
  const temporary = options.dataDir === undefined;
  const directory = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vpo-s3-'));
  mkdirSync(directory, { recursive: true });
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  // As a URL beside this module, which knip follows to the child's entry (nothing imports it).
  const entry = fileURLToPath(new URL('./child.ts', import.meta.url));
  // Its own process group: a terminal's Ctrl-C reaches the stack, which then stops it in order.
  const child = fork(entry, [String(options.port), directory], {
    execArgv: ['--import', tsx],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    detached: true,
  });

  const listeners = new Set<(record: S3EventRecord) => void>();
  let errorLine = '';
  let fatalReason: string | undefined;
  let stopping = false;
  let resolveExited: (reason: string) => void = () => undefined;
  const exited = new Promise<string>((resolve) => (resolveExited = resolve));

  // Node's own last words (a crash's stack trace) go to the log too, and the error's line into `exited`.
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (/^\S.*(Error|FATAL)/.test(line)) errorLine = line.trim();
    log(`S3 emulator: ${line}`);
  });

  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the S3 emulator did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message.port);
      } else if (message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`s3rver could not listen on port ${options.port}: ${message.reason}`));
      } else if (message.type === 'fatal') fatalReason = message.reason;
      else if (message.type === 'log') log(message.line);
      else if (message.type === 'event') {
        for (const listener of listeners) {
          try {
            listener(message.record);
          } catch (error) {
            log(`S3 emulator: an event listener failed: ${oneLine(error)}`);
          }
        }
      }
    });
    // Kept for the child's life: an 'error' without a listener would end the stack's process.
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`the S3 emulator could not start: ${error.message}`));
      log(`S3 emulator: ${oneLine(error)}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const reason = `the S3 emulator stopped: ${fatalReason ?? `its process ${signal ? `was killed by ${signal}` : `exited with code ${code}`}${errorLine ? ` (${errorLine})` : ''}`}`;
      reject(new Error(`${reason}, before it was ready`));
      if (!stopping) resolveExited(reason);
    });
  });

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopping = true;
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = once(child, 'exit');
        if (child.connected) child.send({ type: 'stop' }, (error) => error && child.kill('SIGTERM'));
        else child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await gone;
        clearTimeout(timer);
      }
      if (temporary) rmSync(directory, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    const port = await ready;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      stop,
      exited,
      onEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
