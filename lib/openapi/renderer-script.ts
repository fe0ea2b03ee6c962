import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER_SCRIPT } from '../schemas/docs.js';

let script: string | undefined;

/**
 * The API reference's renderer script, read from the function's package on the first request and
 * kept for the container's life. Lambda runs a function from its package root (/var/task), and
 * the local stack from the repository root, where npm run build:contracts put the file.
 */
export const rendererScript = (): string => (script ??= readFileSync(join(process.cwd(), RENDERER_SCRIPT), 'utf8'));
