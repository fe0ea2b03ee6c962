// Font files load as their bytes in scripts, as esbuild's binary loader bundles them for Lambda
// and vitest.config.ts loads them in tests (lib/documents/fonts.d.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ttf')) return nextLoad(url, context);
  const base64 = readFileSync(fileURLToPath(url)).toString('base64');
  return {
    format: 'module',
    shortCircuit: true,
    source: `export default new Uint8Array(Buffer.from('${base64}', 'base64'));`,
  };
}
