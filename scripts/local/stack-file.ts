import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * While `npm start` runs, `<data folder>/stack.json` says where its parts listen, so the staff CLI
 * (and anything else on the machine) finds the running stack whatever ports it was given. Ports
 * live only here, never in the table or the bucket: a restart on other ports keeps working.
 */
export interface StackFile {
  pid: number;
  startedAt: string;
  ports: { http: number; lambda: number; dynamo: number; s3: number };
}

const FILE = 'stack.json';

export function writeStackFile(dataDir: string, content: StackFile): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, FILE), `${JSON.stringify(content, null, 2)}\n`);
}

/** Removed only when it is this process's own: a second `npm start` on the same folder must not drop the first one's. */
export function removeStackFile(dataDir: string, pid = process.pid): void {
  if (readStackFile(dataDir, { includeDead: true })?.pid === pid) rmSync(join(dataDir, FILE), { force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The running stack of this data folder, or undefined when none runs (a file left by a killed stack is ignored). */
export function readStackFile(dataDir: string, options: { includeDead?: boolean } = {}): StackFile | undefined {
  const path = join(dataDir, FILE);
  if (!existsSync(path)) return undefined;
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as StackFile;
    if (!Number.isInteger(content.pid) || typeof content.ports?.dynamo !== 'number') return undefined;
    return options.includeDead || alive(content.pid) ? content : undefined;
  } catch {
    return undefined;
  }
}
