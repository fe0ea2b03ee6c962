// serverless.yml reads its HTTP functions from here (`${file(...)}` loads CommonJS): they are
// generated from the route specs in lib/schemas, loaded through tsx, so no build step is needed.
const { require: tsxRequire } = require('tsx/cjs/api');

module.exports = () => tsxRequire('./http-functions.ts', __filename).httpFunctions();
