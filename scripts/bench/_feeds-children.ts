import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchContext } from './_suite.js';

/**
 * The feeds suite's imports and its reader, each in a child process of its own (_feeds-run.ts), so
 * that each one's memory peak is its own: every result comes back as a "BENCH <json>" line.
 */

export type Measured = Record<string, any> & {
  ms: number;
  peakRssMb: number;
  peakArrayBuffersMb: number;
  writeUnits: number;
  readUnits: number;
  carItemsWritten: number;
  otherItemsWritten: number;
};

export interface Child {
  process: ChildProcess;
  /** The child's next result line; throws when it exits first. */
  next(): Promise<Measured>;
  /** Settles with the exit code once the child is gone. */
  closed: Promise<number | null>;
}

export function startChild(context: BenchContext, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=8192',
      '--expose-gc',
      '--import',
      'tsx',
      join(context.rootDir, 'scripts', 'bench', '_feeds-run.ts'),
      ...args,
    ],
    { cwd: context.rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    process: child,
    closed,
    async next() {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`_feeds-run.ts ${args[0]} exited (${await closed}) without a result: ${stderr}`);
        if (value.startsWith('BENCH ')) return JSON.parse(value.slice('BENCH '.length)) as Measured;
      }
    },
  };
}

export async function runChild(context: BenchContext, args: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const child = startChild(context, args, env);
  const result = await child.next();
  await child.closed;
  return result;
}
