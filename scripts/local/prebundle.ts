import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { build, type Plugin } from 'esbuild';

/**
 * `npm start` bundles every function with one esbuild call (the SDK and the pipeline are parsed
 * once for all of them, where serverless-esbuild builds each function on its own), and skips the
 * build on a restart when nothing the bundles are made from changed. serverless-offline then runs
 * the bundles from here (plugins.cjs leaves serverless-esbuild out; `location` points here).
 * Deployments and the test stack still bundle through serverless-esbuild.
 */
const INPUTS = [
  'functions',
  'lib',
  'serverless.yml',
  'package-lock.json',
  'scripts/serverless',
  'scripts/local/prebundle.ts',
];
/** As serverless.yml's `custom.esbuild.exclude`: provided by the Lambda runtime, never bundled. */
const RUNTIME_PROVIDED = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/token-providers',
  '@aws-sdk/nested-clients',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
  '@aws-sdk/endpoint-cache',
];
const MARK = '.inputs-hash';
/** serverless.yml's `custom.esbuild.plugins`, the same file: for the local stage, which keeps both chat transports. */
const plugins = (createRequire(import.meta.url)('../serverless/esbuild-plugins.cjs') as (service: unknown) => Plugin[])(
  {},
);

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules')
    .sort()
    .flatMap((name) => filesUnder(root, relative(root, join(full, name))));
}

function inputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(root, input)))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Bundles every handler under functions/ into `outDir` (CommonJS, .js), unless it is up to date. Answers whether it built. */
export async function prebundle(root: string, outDir: string): Promise<boolean> {
  const inputs = inputsHash(root);
  const mark = join(outDir, MARK);
  if (existsSync(mark) && readFileSync(mark, 'utf8') === inputs) return false;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const entryPoints = filesUnder(root, 'functions').filter((file) => file.endsWith('.ts'));
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: outDir,
    outbase: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    mainFields: ['module', 'main'],
    loader: { '.ttf': 'binary' },
    charset: 'utf8',
    external: RUNTIME_PROVIDED,
    plugins,
    minify: false,
    sourcemap: false,
    logLevel: 'error',
  });
  // The repository is an ES module package; these bundles are CommonJS.
  writeFileSync(join(outDir, 'package.json'), '{"type": "commonjs"}\n');
  writeFileSync(mark, inputs);
  return true;
}
