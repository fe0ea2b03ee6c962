// Serverless Framework v3, whose last release this project uses, checks provider.runtime against
// a list written before AWS Lambda added nodejs22.x, and warns "Invalid configuration" on every
// command. AWS accepts nodejs22.x; this plugin adds it to that list, so the warning goes away and
// a real configuration warning would still be shown.
class Node22RuntimeInSchema {
  constructor(serverless) {
    const runtimes = serverless.configSchemaHandler?.schema?.definitions?.awsLambdaRuntime?.enum;
    if (Array.isArray(runtimes) && !runtimes.includes('nodejs22.x')) runtimes.push('nodejs22.x');
  }
}

module.exports = Node22RuntimeInSchema;
