import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The staff CLI as staff run it: a child process per command, against the test stack (it inherits
 * the environment given, process.env unless said otherwise, which holds the stack's endpoints).
 * It runs the CLI's bundle made once for the run (tests/support/cli-bundle.ts).
 */
export function cli(
  args: string[],
  { env = process.env, timeout = 50_000 }: { env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [inject('cliBundle'), ...args], { cwd: root, env, timeout }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}
