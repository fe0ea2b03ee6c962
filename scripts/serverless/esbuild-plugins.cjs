// esbuild plugins for every function bundle: serverless.yml's `custom.esbuild.plugins` (deploys,
// packaging, the test stack), npm start's one-call bundle (scripts/local/prebundle.ts) and the
// cold-start benchmark all load this file, so the three build the same code.
module.exports = [
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
    // fontkit (under pdfkit) unpacks WOFF2 fonts with a brotli decoder whose dictionary alone is
    // 450 KB of code, decoded at load. The documents embed TTFs (IBM Plex Sans Arabic), never a WOFF2, so the
    // decoder is replaced by a function that says so: the PDF function's package halves and its
    // cold start no longer decodes the dictionary.
    name: 'pdf-fonts-without-woff2',
    setup(build) {
      build.onResolve({ filter: /^brotli\/decompress(\.js)?$/ }, (args) => ({ path: args.path, namespace: 'no-woff2' }));
      build.onLoad({ filter: /.*/, namespace: 'no-woff2' }, () => ({
        contents: 'module.exports = function decompress() { throw new Error("WOFF2 fonts are not supported in this bundle: embed a TTF or OTF font"); };',
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
      build.onLoad({ filter: /[\\/]node_modules[\\/]@(aws-sdk|smithy)[\\/][^\\/]+[\\/]package\.json$/ }, async (args) => {
        const { version } = JSON.parse(await require('node:fs/promises').readFile(args.path, 'utf8'));
        return { contents: JSON.stringify({ version }), loader: 'json' };
      });
    },
  },
];
