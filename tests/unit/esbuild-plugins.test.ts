import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The plugins every function bundle is built with (serverless.yml, npm start, the benchmark).
const root = join(import.meta.dirname, '..', '..');
const plugins = createRequire(import.meta.url)(join(root, 'scripts/serverless/esbuild-plugins.cjs')) as Plugin[];

async function bundle(contents: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
    plugins,
  });
  return result.outputFiles[0]!.text;
}

describe('the esbuild plugins of the function bundles', () => {
  it("leaves the SDK's on-demand event-stream import out, and keeps a static import of it in", async () => {
    const lazy = await bundle(`export const load = () => import('@smithy/core/event-streams');`);
    // Still a native dynamic import, resolved at run time (in Lambda, from the runtime's SDK).
    expect(lazy).toMatch(/import\("@smithy\/core\/event-streams"\)/);
    expect(lazy).not.toMatch(/class EventStreamSerde/);

    // The S3 client imports it statically: that copy must be in the bundle (Lambda has no node_modules of ours).
    const eager = await bundle(`export { EventStreamSerde } from '@smithy/core/event-streams';`);
    expect(eager).not.toMatch(/(require|import)\("@smithy\/core\/event-streams"\)/);
    expect(eager).toMatch(/EventStreamSerde/);
  });

  it("replaces fontkit's WOFF2 decoder with one that says so, and bundles none of brotli", async () => {
    const code = await bundle(`module.exports = require('brotli/decompress.js');`);
    expect(code.length).toBeLessThan(2_000);
    const decompress = new Function('module', 'exports', 'require', code) as (m: { exports: unknown }, e: unknown, r: NodeRequire) => void;
    const module = { exports: {} as unknown };
    decompress(module, module.exports, createRequire(import.meta.url));
    expect(() => (module.exports as () => void)()).toThrow(/WOFF2 fonts are not supported/);
  });

  it('still bundles fontkit with pdfkit, without the brotli dictionary', async () => {
    const code = await bundle(`export { default as PDFDocument } from 'pdfkit';`);
    expect(code).toMatch(/WOFF2 fonts are not supported/);
    expect(code).not.toMatch(/brotli\/dec\/dictionary/);
    expect(code.length).toBeLessThan(1_500_000);
  });
});
