import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * Runs documentation as written: the `sh` blocks of a Markdown text, in order, in one bash
 * session (so each block sees the variables of the blocks before it), from a folder laid out like
 * the checkout while `npm start` runs: `.local/stack.json` names the port of the stack under test
 * and `.local/demo-keys.json` holds its demo keys. Nothing in the blocks is rewritten; `curl` is
 * wrapped only to keep a copy of every answer for the test to read.
 */
export function shBlocksOf(markdown: string): string[] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

export interface RunbookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Every answer curl received, in order, parsed as JSON where it is JSON. */
  answers: unknown[];
}

/** A folder like a checkout's, with the `.local` files of the stack under test. */
export function stackFolder(dir: string): string {
  const port = Number(new URL(inject('baseUrl')).port);
  mkdirSync(join(dir, '.local'), { recursive: true });
  writeFileSync(
    join(dir, '.local', 'stack.json'),
    `${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), ports: { http: port, lambda: 0, dynamo: 0, s3: 0 } }, null, 2)}\n`,
  );
  writeFileSync(join(dir, '.local', 'demo-keys.json'), `${JSON.stringify(inject('demoKeys'), null, 2)}\n`);
  return dir;
}

export function toolsMissing(): string[] {
  return ['bash', 'curl', 'jq'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

export function runBlocks(
  blocks: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<RunbookRun> {
  const log = join(options.cwd, '.local', 'answers.log');
  writeFileSync(log, '');
  // -e: a failing line stops the run; -u: a variable the text never defines stops it too.
  const prelude = [
    'set -euo pipefail',
    `curl() { command curl "$@" | tee -a "$RUNBOOK_ANSWERS"; printf '\\n' >> "$RUNBOOK_ANSWERS"; }`,
  ].join('\n');
  const script = [prelude, ...blocks].join('\n');
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', script],
      {
        cwd: options.cwd,
        env: { ...process.env, ...options.env, RUNBOOK_ANSWERS: log },
        timeout: options.timeoutMs ?? 240_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const answers = readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => {
            try {
              return JSON.parse(line) as unknown;
            } catch {
              return line;
            }
          });
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr, answers });
      },
    );
  });
}
