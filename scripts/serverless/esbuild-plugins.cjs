// esbuild plugins for every function bundle: serverless.yml's `custom.esbuild.plugins` (deploys,
// packaging, the test stack), npm start's one-call bundle (scripts/local/prebundle.ts) and the
// cold-start benchmark all load this file, so the three build the same code. serverless-esbuild
// calls it with the service (its environment resolved for the stage); the others with what they
// know of it.
const WHATSAPP_ONLY_MESSAGE =
  'This bundle was built for a stage whose chatTransport is whatsapp: it sends through WhatsApp only. Deploy with --param="chatTransport=local" for the local chat log.';

/**
 * A stage that sends through WhatsApp (chatTransport: whatsapp, every stage but local by default)
 * never takes the local chat log: its transport, the stores it writes and the whole template
 * catalogue it renders from (about 10 KB in the contract route) stay out of its bundles. CHAT_TRANSPORT
 * is set from the same parameter, so a deployed function never asks for it; the stub says what
 * to do if someone changes the variable by hand. Other stages (and builds that do not say) keep both.
 */
const whatsappOnly = {
  name: 'whatsapp-only-stages',
  setup(build) {
    build.onResolve({ filter: /^\.\/local-chat-log\.js$/ }, (args) =>
      /[\\/]lib[\\/]notify[\\/]channel\.ts$/.test(args.importer)
        ? { path: args.path, namespace: 'whatsapp-only' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'whatsapp-only' }, () => ({
      contents: `export function createLocalChatLogChannel() { throw new Error(${JSON.stringify(WHATSAPP_ONLY_MESSAGE)}); }`,
      loader: 'js',
    }));
  },
};

const plugins = [
  {
    // @aws-sdk/lib-dynamodb's index makes its paginators when it loads (a call each, so a bundler
    // keeps them), and with them the Query and Scan commands, whether a function pages or not. Its
    // modules do nothing else when loaded: marked free of side effects, a bundle keeps only what it uses.
    name: 'lib-dynamodb-used-parts-only',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'lib-dynamodb' || !/[\\/]@aws-sdk[\\/]lib-dynamodb[\\/]/.test(args.importer))
          return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'lib-dynamodb',
        });
        return resolved.errors.length > 0 ? undefined : { path: resolved.path, sideEffects: false };
      });
    },
  },
  {
    // DynamoDB's endpoint rules (a decision diagram and the engine that walks it, about 11 KB in
    // every function) answer cases this service never asks: search and ARN endpoints, FIPS and
    // dual-stack. The replacement gives what the rules give for the rest: the configured endpoint
    // (DynamoDB Local), an account's own endpoint where the credentials name the account, else
    // dynamodb.{region}.{the region's DNS suffix}; FIPS or dual-stack asked for is refused by name.
    name: 'dynamodb-standard-endpoints',
    setup(build) {
      build.onResolve({ filter: /^\.\/endpoint\/endpointResolver$/ }, (args) =>
        /[\\/]@aws-sdk[\\/]client-dynamodb[\\/]/.test(args.importer)
          ? { path: require.resolve('./dynamodb-endpoints.mjs') }
          : undefined,
      );
    },
  },
  {
    // The SDK's pure-JavaScript SHA-256 is its fallback for a Node without the hash in its crypto
    // module; Node and the Lambda runtime always have it.
    name: 'sdk-native-sha256-only',
    setup(build) {
      build.onResolve({ filter: /^\.\/Sha256Js$/ }, (args) =>
        /[\\/]checksum[\\/]sha256[\\/]Sha256Node\.js$/.test(args.importer)
          ? { path: args.path, namespace: 'no-sha256-js' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'no-sha256-js' }, () => ({
        contents:
          'export class Sha256Js { constructor() { throw new Error("this Node has no SHA-256 in node:crypto"); } }',
        loader: 'js',
      }));
    },
  },
  {
    // The SDK's protocols load their event-stream support with a dynamic import, only for
    // operations that stream events; no DynamoDB operation does, and the S3 client imports it
    // statically where it needs it. Left out of the bundle, that import would resolve to the
    // Lambda runtime's own SDK if it ever ran, like the credential providers in `exclude`.
    // About 15 KB less in every function that talks to DynamoDB.
    name: 'sdk-event-streams-on-demand',
    setup(build) {
      build.onResolve({ filter: /^@smithy\/core\/event-streams$/ }, (args) =>
        args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
      );
    },
  },
  {
    // Parts of the SDK a Lambda function never takes, each replaced by a line that says so if it
    // ever were: the adaptive retry mode (client-side rate limiting; this service leaves the
    // standard mode on), and the region from EC2's instance metadata (Lambda and the local stack
    // always set AWS_REGION). About 4.5 KB in every function that talks to DynamoDB.
    name: 'sdk-lambda-only',
    setup(build) {
      const stubs = [
        {
          importer: /[\\/]retry[\\/]middleware-retry[\\/]configurations\.js$/,
          path: '../util-retry/AdaptiveRetryStrategy',
          contents:
            'export class AdaptiveRetryStrategy { constructor() { throw new Error("the adaptive retry mode is not built into this bundle: use the standard mode"); } }',
        },
        {
          importer:
            /[\\/]config[\\/](config-resolver[\\/]regionConfig[\\/]config|defaults-mode[\\/]resolveDefaultsModeConfig)\.js$/,
          path: /getInstanceMetadataRegion$/,
          contents: 'export const getInstanceMetadataRegion = async () => undefined;',
        },
      ];
      build.onResolve({ filter: /(AdaptiveRetryStrategy|getInstanceMetadataRegion)$/ }, (args) => {
        const index = stubs.findIndex(
          (stub) =>
            stub.importer.test(args.importer) &&
            (typeof stub.path === 'string' ? args.path === stub.path : stub.path.test(args.path)),
        );
        return index === -1 ? undefined : { path: String(index), namespace: 'sdk-lambda-only' };
      });
      build.onLoad({ filter: /.*/, namespace: 'sdk-lambda-only' }, (args) => ({
        contents: stubs[Number(args.path)].contents,
        loader: 'js',
      }));
    },
  },
  {
    // fontkit (under pdfkit) unpacks WOFF2 fonts with a brotli decoder whose dictionary alone is
    // 450 KB of code, decoded at load. The documents embed TTFs (IBM Plex Sans Arabic), never a WOFF2, so the
    // decoder is replaced by a function that says so: the PDF function's package halves and its
    // cold start no longer decodes the dictionary.
    name: 'pdf-fonts-without-woff2',
    setup(build) {
      build.onResolve({ filter: /^brotli\/decompress(\.js)?$/ }, (args) => ({
        path: args.path,
        namespace: 'no-woff2',
      }));
      build.onLoad({ filter: /.*/, namespace: 'no-woff2' }, () => ({
        contents:
          'module.exports = function decompress() { throw new Error("WOFF2 fonts are not supported in this bundle: embed a TTF or OTF font"); };',
        loader: 'js',
      }));
    },
  },
  {
    // An SDK client imports its whole package.json to put its version in the user agent (the only
    // field it reads); the rest (scripts, dependency lists, descriptions) was 2.3 KB in every
    // function that talks to DynamoDB.
    name: 'sdk-package-version-only',
    setup(build) {
      build.onLoad(
        { filter: /[\\/]node_modules[\\/]@(aws-sdk|smithy)[\\/][^\\/]+[\\/]package\.json$/ },
        async (args) => {
          const { version } = JSON.parse(await require('node:fs/promises').readFile(args.path, 'utf8'));
          return { contents: JSON.stringify({ version }), loader: 'json' };
        },
      );
    },
  },
];

/** The plugins for a service: `serverless` is serverless-esbuild's service, or `{ service: { provider: { environment } } }`. */
module.exports = (serverless) => {
  const transport = serverless?.service?.provider?.environment?.CHAT_TRANSPORT;
  return transport === 'whatsapp' ? [...plugins, whatsappOnly] : plugins;
};
