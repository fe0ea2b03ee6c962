// serverless.yml's plugins. `npm start` bundles the functions itself, once, with one esbuild call
// and reuses the bundles while nothing they are made from changes (scripts/local/prebundle.ts);
// it then runs serverless-offline without serverless-esbuild (LOCAL_PREBUILT=1), its `location`
// pointing at those bundles (OFFLINE_LOCATION), and without the packaging plugins. Everything else
// (deployments, packaging, the test stack) bundles through serverless-esbuild.
const packaging = process.env.LOCAL_PREBUILT !== '1';
// The packaging plugins by absolute path (serverless loads either form), which knip follows as imports.

module.exports = () => [
  // Teaches Serverless v3's config check the nodejs22.x runtime (see the file).
  './scripts/serverless/node22-runtime.cjs',
  // Before serverless-esbuild, which deletes the maps on the same event (see the file).
  ...(packaging ? [require.resolve('./sourcemaps.cjs'), 'serverless-esbuild'] : []),
  'serverless-offline',
  'serverless-iam-roles-per-function',
  // Nested stacks along the service's parts (see the file).
  ...(packaging ? [require.resolve('./split-stacks.cjs')] : []),
  // Uploads the staff console's files after a deployment (see the file).
  ...(packaging ? [require.resolve('./console-publish.cjs')] : []),
];
