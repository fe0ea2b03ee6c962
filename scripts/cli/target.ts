/**
 * Which table the store modules talk to: the stack of `npm start` (default) or a deployed stage
 * (`--target aws --stage S`). applyTarget() sets the environment the SDK clients read when they
 * are created, so it must run before lib/store (or anything importing it) is loaded.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readStackFile, type StackFile } from '../local/stack-file.js';
import { required, text, UsageError, type Args } from './args.js';

export type Target = { kind: 'local' } | { kind: 'aws'; stage: string; region: string };

export interface TargetInfo {
  target: Target;
  /** Shown in human output and error messages, e.g. "DynamoDB Local at http://127.0.0.1:8000". */
  description: string;
  /** The one line printed when DynamoDB does not answer. */
  unreachable: string;
  /**
   * Local only: where the API of the same stack answers (the commands that call it, `chat status`
   * and `chat inbound`), and the line printed when it does not. Undefined for --target aws.
   */
  api?: { url: string; unreachable: (url: string, cause: string) => string };
}

/** Must match the names scripts/local/stack.ts gives the table and bucket of `npm start`. */
const LOCAL_TABLE = 'vehicle-purchase-orders-local';
const LOCAL_BUCKET = 'vehicle-purchase-orders-local-archive';
const AWS_DEFAULT_REGION = 'eu-west-1';

export function parseTarget(args: Args): Target {
  const kind = text(args.values, 'target') ?? 'local';
  if (kind === 'local') {
    if (args.values.stage !== undefined || args.values.region !== undefined)
      throw new UsageError('--stage and --region apply only to --target aws');
    return { kind };
  }
  if (kind !== 'aws') throw new UsageError(`--target must be local or aws, got "${kind}"`);
  const stage = required({ ...args, command: `${args.command} --target aws` }, 'stage');
  if (!/^[a-zA-Z0-9-]{1,32}$/.test(stage))
    throw new UsageError(`--stage must be letters, digits and dashes, got "${stage}"`);
  const region = text(args.values, 'region') ?? AWS_DEFAULT_REGION;
  if (!/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/.test(region))
    throw new UsageError(`--region must be an AWS region such as eu-west-1, got "${region}"`);
  return { kind, stage, region };
}

/** The data folder of `npm start`, where the running stack notes its ports. */
const localDataDir = () =>
  process.env.LOCAL_DATA_DIR ?? join(fileURLToPath(import.meta.url), '..', '..', '..', '.local');

/**
 * Mirrors localEnvironment() of scripts/local/bootstrap.ts, on the ports of the running stack.
 * Not imported from there: that module creates the S3 client when loaded, before this function
 * could have set the endpoint. Without a running stack, DYNAMODB_PORT and S3_PORT (or the
 * defaults) still name the endpoints, for data services started by hand.
 */
function localStackEnvironment(running: StackFile | undefined): Record<string, string> {
  const dynamoPort = running?.ports.dynamo ?? (Number(process.env.DYNAMODB_PORT) || 8000);
  const s3Port = running?.ports.s3 ?? (Number(process.env.S3_PORT) || 4569);
  return {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER', // the S3 emulator accepts only its own credentials; DynamoDB Local any
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamoPort}`,
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
    TABLE_NAME: LOCAL_TABLE,
    BUCKET_NAME: LOCAL_BUCKET,
  };
}

/**
 * Points the environment at the target. Must run before lib/store is imported: the SDK clients
 * read the endpoint, region and credentials from the environment when they are created.
 */
export function applyTarget(target: Target): TargetInfo {
  // The Lambdas run on nodejs22.x; the SDK's warning about a local Node 20 would only bury the CLI's own messages.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // The key use cases keep API Gateway copies in step only inside the deployed API (API_GATEWAY_KEYS=on);
  // the CLI registers and disables them itself, on the stage and usage plan it was given.
  delete process.env.API_GATEWAY_KEYS;
  if (target.kind === 'aws') return useAws(target);
  // Already set inside `npm start`'s processes and by the test harness: that stack is the target as is.
  const preset = Boolean(process.env.AWS_ENDPOINT_URL_DYNAMODB);
  const running = preset ? undefined : readStackFile(localDataDir());
  if (!preset) Object.assign(process.env, localStackEnvironment(running));
  process.env.TABLE_NAME ||= LOCAL_TABLE;
  process.env.AWS_REGION ||= 'us-east-1';
  // As the local stack's API does (serverless.yml's local stage): receivers on this machine may be registered.
  process.env.WEBHOOK_ALLOW_LOCAL_URLS = 'true';
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '';
  const where = running ? `the stack of \`npm start\` (pid ${running.pid})` : `DynamoDB Local at ${endpoint}`;
  const noStack = `No local stack is running (\`npm start\` notes its ports in ${join(localDataDir(), 'stack.json')} while it runs)`;
  return {
    target,
    description: `${where}, table ${process.env.TABLE_NAME}`,
    unreachable:
      preset || running
        ? `Cannot reach DynamoDB Local at ${endpoint}: is \`npm start\` still running?`
        : `${noStack}, and nothing answers at ${endpoint}: start it with \`npm start\`, or use --target aws --stage <stage>`,
    api: {
      // As for the data services: the running stack's port, or PORT (default 3000) for an API started by hand.
      url: `http://localhost:${running?.ports.http ?? (Number(process.env.PORT) || 3000)}`,
      unreachable: (url, cause) =>
        preset || running
          ? `Cannot reach the API at ${url} (${cause}): is \`npm start\` still running? (--api URL names another)`
          : `${noStack}, and the API does not answer at ${url} (${cause}): start it with \`npm start\`, or give --api URL`,
    },
  };
}

function useAws(target: Extract<Target, { kind: 'aws' }>): TargetInfo {
  // A local endpoint left in the shell would silently send "aws" writes to a local database.
  const localEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? process.env.AWS_ENDPOINT_URL;
  if (localEndpoint)
    throw new UsageError(
      `--target aws, but AWS_ENDPOINT_URL_DYNAMODB/AWS_ENDPOINT_URL is set (${localEndpoint}): unset it first`,
    );
  process.env.AWS_REGION = target.region;
  process.env.TABLE_NAME = `vehicle-purchase-orders-${target.stage}`;
  // serverless.yml's default bucket name; a stage deployed with another bucketName param sets BUCKET_NAME.
  process.env.BUCKET_NAME ||= `vehicle-purchase-orders-${target.stage}-archive`;
  return {
    target,
    description: `AWS ${target.region}, stage ${target.stage}, table ${process.env.TABLE_NAME}`,
    unreachable: `Cannot reach DynamoDB in ${target.region}: check the network and the region`,
  };
}
