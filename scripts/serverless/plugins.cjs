// serverless.yml's plugins. `npm start` bundles the functions itself, once, with one esbuild call
// and reuses the bundles while nothing they are made from changes (scripts/local/prebundle.ts);
// it then runs serverless-offline without serverless-esbuild (LOCAL_PREBUILT=1), its `location`
// pointing at those bundles (OFFLINE_LOCATION). Everything else
// (deployments, packaging, the test stack) bundles through serverless-esbuild.
module.exports = () => [
  // Teaches Serverless v3's config check the nodejs22.x runtime (see the file).
  './scripts/serverless/node22-runtime.cjs',
  ...(process.env.LOCAL_PREBUILT === '1' ? [] : ['serverless-esbuild']),
  'serverless-offline',
  'serverless-iam-roles-per-function',
];
