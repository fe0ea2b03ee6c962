// After `serverless deploy`: builds the staff console (cached: scripts/console/build.ts) and puts
// its files in the stage's console bucket under console/, each with the content type and cache
// rule lib/http/console-files.ts gives (the same rules as the local stack). Files of older builds
// are left for pages still open (the bucket expires old assets); nothing needs invalidating,
// because CloudFront never keeps index.html. Skip with --skip-console (e.g. an API-only fix).
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative, sep } = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');

const root = join(__dirname, '..', '..');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

class ConsolePublish {
  constructor(serverless, options) {
    this.serverless = serverless;
    this.options = options;
    this.provider = serverless.getProvider('aws');
    this.hooks = { 'after:deploy:deploy': () => this.publish() };
  }

  async publish() {
    if (this.options['skip-console']) return;
    const log = (line) => this.serverless.cli.log(`console: ${line}`);
    const { buildConsole } = tsxRequire('../console/build.ts', __filename);
    const { consoleFileFor } = tsxRequire('../../lib/http/console-files.ts', __filename);
    const { dir } = await buildConsole({ root, progress: log });
    const stackName = this.provider.naming.getStackName();
    const { Stacks } = await this.provider.request('CloudFormation', 'describeStacks', { StackName: stackName });
    const outputs = Object.fromEntries((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
    const bucket = outputs.ConsoleBucketName;
    if (!bucket) throw new Error(`the stack ${stackName} has no ConsoleBucketName output`);
    // Assets first, index.html last: a page never names a file not yet uploaded.
    const files = filesUnder(dir).sort((a, b) => Number(a.endsWith('index.html')) - Number(b.endsWith('index.html')));
    for (const file of files) {
      const path = relative(dir, file).split(sep).join('/');
      const served = consoleFileFor(`/console/${path}`);
      if (served.kind !== 'file' || served.path !== path) continue;
      await this.provider.request('S3', 'putObject', {
        Bucket: bucket,
        Key: `console/${path}`,
        Body: readFileSync(file),
        ContentType: served.contentType,
        CacheControl: served.cacheControl,
      });
    }
    log(`${files.length} files in s3://${bucket}/console/; open ${outputs.ConsoleUrl}`);
  }
}

module.exports = ConsolePublish;
