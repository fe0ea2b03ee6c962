import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The plugins every function bundle is built with (serverless.yml, npm start, the benchmark).
const root = join(import.meta.dirname, '..', '..');
const pluginsFor = createRequire(import.meta.url)(join(root, 'scripts/serverless/esbuild-plugins.cjs')) as (
  service: unknown,
) => Plugin[];
const plugins = pluginsFor({});
const stage = (transport: string) => ({ service: { provider: { environment: { CHAT_TRANSPORT: transport } } } });

async function bundle(contents: string, with_ = plugins, loader: 'js' | 'ts' = 'js'): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
    plugins: with_,
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

  it('keeps of @aws-sdk/lib-dynamodb only the commands a bundle uses: no paginator, no Scan', async () => {
    const get = `export { GetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';`;
    const trimmed = await bundle(get);
    const whole = await bundle(
      get,
      plugins.filter((plugin) => plugin.name !== 'lib-dynamodb-used-parts-only'),
    );

    expect(whole).toMatch(/var ScanCommand = class/);
    expect(trimmed).not.toMatch(/var ScanCommand = class|paginateQuery/);
    expect(trimmed).toMatch(/var GetCommand = class/);
    // A paginator asked for is still there, with its command.
    expect(await bundle(`export { paginateQuery } from '@aws-sdk/lib-dynamodb';`)).toMatch(/var QueryCommand = class/);
  });

  it("replaces fontkit's WOFF2 decoder with one that says so, and bundles none of brotli", async () => {
    const code = await bundle(`module.exports = require('brotli/decompress.js');`);
    expect(code.length).toBeLessThan(2_000);
    const decompress = new Function('module', 'exports', 'require', code) as (
      m: { exports: unknown },
      e: unknown,
      r: NodeRequire,
    ) => void;
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

describe('the chat transports a stage bundles', () => {
  const channel = `export { chatChannel } from './lib/notify/channel.ts';`;

  it('leaves the local chat log and the template catalogue out of a WhatsApp stage, saying so if it were asked for', async () => {
    const code = await bundle(channel, pluginsFor(stage('whatsapp')), 'ts');
    expect(code).toMatch(/graph\.facebook\.com/);
    expect(code).toMatch(/sends through WhatsApp only/);
    expect(code).not.toMatch(/Reply STOP to stop these messages/);
    const run = new Function('module', 'exports', 'require', code) as (
      m: { exports: unknown },
      e: unknown,
      r: NodeRequire,
    ) => void;
    const module = { exports: {} as { chatChannel: () => unknown } };
    const saved = process.env.CHAT_TRANSPORT;
    process.env.CHAT_TRANSPORT = 'local';
    try {
      run(module, module.exports, createRequire(import.meta.url));
      expect(() => module.exports.chatChannel()).toThrow(/chatTransport=local/);
    } finally {
      if (saved === undefined) delete process.env.CHAT_TRANSPORT;
      else process.env.CHAT_TRANSPORT = saved;
    }
  });

  it('keeps both transports for the local stage and for a build that does not name its stage', async () => {
    for (const with_ of [pluginsFor(stage('local')), plugins]) {
      const code = await bundle(channel, with_, 'ts');
      expect(code).toMatch(/graph\.facebook\.com/);
      expect(code).toMatch(/Reply STOP to stop these messages/);
      expect(code).not.toMatch(/sends through WhatsApp only/);
    }
  });
});

describe("the SDK's parts a Lambda function never takes", () => {
  type Params = Record<string, unknown>;
  type Resolve = (params: Params) => { url: URL };
  const REGIONS = [
    'us-east-1',
    'me-central-1',
    'me-south-1',
    'eu-west-1',
    'ap-northeast-2',
    'cn-north-1',
    'cn-northwest-1',
    'us-gov-west-1',
    'us-iso-east-1',
    'us-isob-east-1',
    'eu-isoe-west-1',
    'us-isof-south-1',
    'eusc-de-east-1',
    'xx-nowhere-7',
    'local',
  ];
  const ACCOUNTS: Params[] = [
    {},
    { AccountId: '123456789012' },
    { AccountId: '123456789012', AccountIdEndpointMode: 'preferred' },
    { AccountId: '123456789012', AccountIdEndpointMode: 'disabled' },
    { AccountId: '123456789012', AccountIdEndpointMode: 'required' },
    { AccountIdEndpointMode: 'required' },
    { AccountId: 'not a host label!', AccountIdEndpointMode: 'preferred' },
  ];
  const outcome = (resolve: Resolve, params: Params) => {
    try {
      return resolve(params).url.href;
    } catch {
      return 'refused';
    }
  };

  async function bundledClient(): Promise<{ code: string; exports: Record<string, unknown> }> {
    // As a function imports it (ESM, so the bundle keeps only what is used).
    const code = await bundle(`
      import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
      export const endpointProvider = new DynamoDBClient({ region: 'us-east-1' }).config.endpointProvider;
      export { DynamoDBClient };`);
    const module = { exports: {} as Record<string, unknown> };
    (new Function('module', 'exports', 'require', code) as (m: unknown, e: unknown, r: NodeRequire) => void)(
      module,
      module.exports,
      createRequire(import.meta.url),
    );
    return { code, exports: module.exports };
  }

  it("resolves DynamoDB's endpoints as the SDK's own rules do, for every partition, a configured endpoint and account endpoints", async () => {
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const rules = new DynamoDBClient({ region: 'us-east-1' }).config.endpointProvider as unknown as Resolve;
    const { code, exports } = await bundledClient();
    const bundled = exports.endpointProvider as Resolve;
    expect(code).not.toMatch(/search-dynamodb/);

    const cases: Params[] = [
      ...REGIONS.flatMap((Region) =>
        ACCOUNTS.map((account) => ({ Region, UseFIPS: false, UseDualStack: false, ...account })),
      ),
      { Region: 'me-central-1', UseFIPS: false, UseDualStack: false, Endpoint: 'http://127.0.0.1:8000' },
      {
        Region: 'us-east-1',
        UseFIPS: false,
        UseDualStack: false,
        Endpoint: 'https://example.test/base',
        AccountId: '123456789012',
      },
    ];
    const mismatches = cases
      .map((params) => ({ params, rules: outcome(rules, params), bundled: outcome(bundled, params) }))
      .filter((c) => c.rules !== c.bundled);
    expect(mismatches).toEqual([]);
    expect(outcome(bundled, { Region: 'me-central-1', UseFIPS: false, UseDualStack: false })).toBe(
      'https://dynamodb.me-central-1.amazonaws.com/',
    );
    expect(outcome(bundled, { Region: 'cn-north-1', UseFIPS: false, UseDualStack: false })).toBe(
      'https://dynamodb.cn-north-1.amazonaws.com.cn/',
    );
  });

  it('refuses FIPS and dual-stack endpoints by name instead of resolving them wrongly', async () => {
    const bundled = (await bundledClient()).exports.endpointProvider as Resolve;
    for (const flags of [
      { UseFIPS: true, UseDualStack: false },
      { UseFIPS: false, UseDualStack: true },
    ]) {
      expect(() => bundled({ Region: 'us-east-1', ...flags })).toThrow(
        /FIPS and dual-stack endpoints are not built in/,
      );
    }
  });

  it('leaves out the pure-JavaScript SHA-256, the adaptive retry mode and the instance-metadata region, each saying so if asked', async () => {
    const { code, exports } = await bundledClient();
    expect(code).not.toMatch(/DefaultRateLimiter|negativeCacheUntil|IMDS_REGION_PATH,|MAX_HASHABLE_LENGTH/);
    const Client = exports.DynamoDBClient as new (
      config: Params,
    ) => { config: { retryStrategy: () => Promise<unknown> } };
    await expect(new Client({ region: 'us-east-1', retryMode: 'adaptive' }).config.retryStrategy()).rejects.toThrow(
      /adaptive retry mode is not built into this bundle/,
    );
    // The standard mode, the one the service uses, is whole.
    expect(await new Client({ region: 'us-east-1' }).config.retryStrategy()).toHaveProperty('mode', 'standard');
  });
});
