// Functions of the local stage only (`npm start`, the test stack): the staff console's files,
// served on the API's own origin as CloudFront serves them in AWS (serverless.yml, ConsoleDistribution).
const { join } = require('node:path');

const consoleFiles = {
  handler: 'functions/console/serve-console.handler',
  environment: { CONSOLE_DIR: join(__dirname, '..', '..', 'console', 'dist') },
  // `/` stays the API's: 404 ROUTE_NOT_FOUND in the envelope, as API Gateway answers it in AWS.
  events: [{ http: { path: 'console', method: 'get' } }, { http: { path: 'console/{proxy+}', method: 'get' } }],
};

// Read outside Serverless (the cold-start bench reads the deployed functions): none of these.
module.exports = (context) =>
  context?.resolveVariable
    ? context.resolveVariable('sls:stage').then((stage) => (stage === 'local' ? { consoleFiles } : {}))
    : {};
