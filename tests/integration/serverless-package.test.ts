/**
 * Packages the service the way a deployment would (`serverless package --stage dev`), offline and
 * without AWS credentials, once, and checks what it would deploy:
 * - every CloudFormation template (the root stack's and each nested stack's) within 450
 *   resources, with room for more functions, and passing cfn-lint;
 * - the source maps, kept outside the zips;
 * - the stacks, merged back into one template, against the code: the table shape, the bucket,
 *   usage plans, gateway responses, IAM and one function plus one API Gateway method per route.
 *
 * The packaging runs in a copy of the project (node_modules linked, contracts rebuilt in the
 * copy), so its esbuild work folder and contract build cannot disturb the serverless-offline
 * stacks that other test files and other checkouts run from the project folder at the same time.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../lib/schemas/route.js';
import { allRoutes } from '../../lib/schemas/index.js';
import { tableDefinition, TTL_ATTRIBUTE } from '../../lib/store/table.js';
import {
  CFN_LINT_IGNORED,
  CFN_LINT_MISSING,
  findCfnLint,
  lintTemplates,
  MAX_RESOURCES,
  packagingEnv,
  packagedRegion,
  packagedTemplates,
  ROOT_TEMPLATE,
  type LintFinding,
  type Template,
} from '../../scripts/serverless/templates.js';

const run = promisify(execFile);
const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const STAGE = 'dev';
const PACKAGE_TIMEOUT_MS = 5 * 60_000;

/** The parsed template: plain JSON, so its property bags are typed loosely. */
interface CfnResource {
  Type: string;
  Properties: Record<string, any>;
}
interface Statement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  Resource?: unknown;
}

let workDir = '';
let serviceDir = '';
let artifactDir = '';
/** Every template the packaging wrote, root stack first. */
let templates: Template[] = [];
/** The root stack and its nested stacks merged back into one template (see mergeStacks). */
let template: MergedTemplate = { Resources: {} };
let resources: Record<string, CfnResource> = {};

interface MergedTemplate {
  Parameters?: Record<string, { Default?: unknown }>;
  Conditions?: Record<string, unknown>;
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, unknown>;
}

/** What `npm start` and the test stacks serve from, which packaging must leave alone. */
const LOCAL_STACK_FOLDERS = ['.esbuild/prebuilt-3000', '.esbuild/port-3000'];

const ofType = (type: string): Array<[string, CfnResource]> =>
  Object.entries(resources).filter(([, r]) => r.Type === type);
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const sortBy = <T>(items: readonly T[], key: (item: T) => string): T[] =>
  [...items].sort((a, b) => key(a).localeCompare(key(b)));

/** Everything but dependencies and build output; node_modules is linked, not copied. */
function copyProject(to: string): void {
  const skip = new Set(['node_modules', '.git', '.esbuild', '.serverless', '.local', '.build', 'coverage', 'tests']);
  cpSync(root, to, {
    recursive: true,
    filter: (source) => {
      const first = relative(root, source).split(sep)[0] ?? '';
      return !skip.has(first) && !first.endsWith('.log');
    },
  });
  symlinkSync(join(root, 'node_modules'), join(to, 'node_modules'), 'dir');
}

async function runIn(cwd: string, args: string[]): Promise<void> {
  try {
    await run(process.execPath, args, {
      cwd,
      env: packagingEnv(),
      timeout: PACKAGE_TIMEOUT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${args.join(' ')} failed: ${message}\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`);
  }
}

const isStack = (resource: { Type: string }) => resource.Type === 'AWS::CloudFormation::Stack';

/** The template file a nested stack resource deploys: the last part of its TemplateURL. */
function nestedTemplateFile(stack: { Properties?: Record<string, any> }): string {
  const url = stack.Properties?.TemplateURL as { 'Fn::Join'?: [string, unknown[]] } | string;
  const last = typeof url === 'string' ? url : url['Fn::Join']?.[1].at(-1);
  return basename(String(last));
}

/**
 * The root stack and its nested stacks as the one template they were split from: each nested
 * stack's parameters replaced by what the root passes it, each `Fn::GetAtt [<stack>, Outputs.X]`
 * by that output's value. The checks below then read references as they are written in
 * serverless.yml (`Ref: ApiGatewayRestApi`, `Fn::GetAtt: [<role>, Arn]`), wherever the split put
 * each resource.
 */
function mergeStacks(all: readonly Template[]): MergedTemplate {
  const byFile = new Map(all.map((t) => [t.file, t.body]));
  const root = byFile.get(ROOT_TEMPLATE)!;
  const nested = new Map(
    Object.entries(root.Resources)
      .filter(([, r]) => isStack(r))
      .map(([id, stack]) => {
        const body = byFile.get(nestedTemplateFile(stack));
        if (!body) throw new Error(`${id}: its template ${nestedTemplateFile(stack)} was not written`);
        return [id, { body, passed: (stack.Properties?.Parameters ?? {}) as Record<string, unknown> }] as const;
      }),
  );
  const resolve = (value: unknown, stackId: string | undefined): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolve(item, stackId));
    if (value === null || typeof value !== 'object') return value;
    const { Ref: ref, 'Fn::GetAtt': getAtt } = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
    const stack = stackId === undefined ? undefined : nested.get(stackId);
    if (stack && typeof ref === 'string' && ref in (stack.body.Parameters ?? {}))
      return resolve(stack.passed[ref], undefined);
    if (Array.isArray(getAtt) && nested.has(getAtt[0]) && getAtt[1].startsWith('Outputs.')) {
      const output = nested.get(getAtt[0])!.body.Outputs?.[getAtt[1].slice('Outputs.'.length)];
      if (!output) throw new Error(`${getAtt.join('.')} is not an output of its stack`);
      return resolve(output.Value, getAtt[0]);
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner, stackId)]));
  };
  const merged: Record<string, CfnResource> = {};
  for (const [id, resource] of Object.entries(root.Resources))
    if (!isStack(resource)) merged[id] = resolve(resource, undefined) as CfnResource;
  for (const [stackId, { body }] of nested) {
    for (const [id, resource] of Object.entries(body.Resources)) {
      if (id in merged) throw new Error(`${id} is in two stacks`);
      merged[id] = resolve(resource, stackId) as CfnResource;
    }
  }
  return {
    Parameters: root.Parameters as MergedTemplate['Parameters'],
    Conditions: root.Conditions,
    Resources: merged,
    Outputs: resolve(root.Outputs, undefined) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'vpo-package-'));
  const service = join(workDir, 'service');
  const out = join(workDir, 'artifact');
  artifactDir = out;
  serviceDir = service;
  copyProject(service);
  for (const folder of LOCAL_STACK_FOLDERS) {
    mkdirSync(join(service, folder), { recursive: true });
    writeFileSync(join(service, folder, 'handler.cjs'), '// a bundle a local stack serves\n');
  }
  await runIn(service, [join('node_modules', 'tsx', 'dist', 'cli.mjs'), join('scripts', 'build-contracts.ts')]);
  await runIn(service, [
    join('node_modules', 'serverless', 'bin', 'serverless.js'),
    'package',
    '--stage',
    STAGE,
    '--package',
    out,
  ]);
  expect(existsSync(join(out, ROOT_TEMPLATE)), `${ROOT_TEMPLATE} was not written`).toBe(true);
  templates = packagedTemplates(out);
  template = mergeStacks(templates);
  resources = template.Resources;
}, PACKAGE_TIMEOUT_MS * 2);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('DynamoDB table', () => {
  const expected = tableDefinition('unused');
  const table = () => {
    const tables = ofType('AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    return tables[0]![1].Properties;
  };

  it('has the pk/sk key schema and attribute definitions of tableDefinition()', () => {
    expect(table().KeySchema).toEqual(expected.KeySchema);
    expect(sortBy(table().AttributeDefinitions, (a: { AttributeName: string }) => a.AttributeName)).toEqual(
      sortBy(expected.AttributeDefinitions ?? [], (a) => a.AttributeName ?? ''),
    );
  });

  it('has exactly the GSI1 and GSI2 indexes of tableDefinition(), with the same keys and projection', () => {
    const shape = (indexes: Array<{ IndexName?: string; KeySchema?: unknown; Projection?: unknown }>) =>
      sortBy(
        indexes.map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection })),
        (i) => i.IndexName ?? '',
      );

    expect(shape(table().GlobalSecondaryIndexes)).toEqual(shape(expected.GlobalSecondaryIndexes ?? []));
  });

  it('is billed per request, like the local table', () => {
    expect(table().BillingMode).toBe(expected.BillingMode);
  });

  it('expires items on the expiresAt TTL attribute', () => {
    expect(table().TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    expect(TTL_ATTRIBUTE).toBe('expiresAt');
  });

  it('is the table every function is configured to use', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function'))
      expect(fn.Properties.Environment.Variables.TABLE_NAME).toBe(table().TableName);
  });
});

describe('S3 archive bucket', () => {
  const archive = () => {
    const bucketName = ofType('AWS::Lambda::Function')[0]?.[1].Properties.Environment.Variables.BUCKET_NAME;
    const found = ofType('AWS::S3::Bucket').find(([, b]) => b.Properties.BucketName === bucketName);
    expect(found, `no bucket named ${bucketName}`).toBeDefined();
    return found![1].Properties;
  };

  it('blocks every kind of public access', () => {
    expect(archive().PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  it('encrypts objects at rest', () => {
    expect(
      archive().BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
    ).toMatch(/AES256|aws:kms/);
  });
});

describe('API Gateway usage plans', () => {
  it('declares at least one usage plan, each with a throttle and a daily quota on this API', () => {
    const plans = ofType('AWS::ApiGateway::UsagePlan');

    expect(plans.length).toBeGreaterThan(0);
    for (const [, plan] of plans) {
      expect(plan.Properties.Throttle.RateLimit).toBeGreaterThan(0);
      expect(plan.Properties.Throttle.BurstLimit).toBeGreaterThanOrEqual(plan.Properties.Throttle.RateLimit);
      expect(plan.Properties.Quota.Limit).toBeGreaterThan(0);
      expect(plan.Properties.Quota.Period).toBe('DAY');
      expect(plan.Properties.ApiStages).toEqual([{ ApiId: { Ref: 'ApiGatewayRestApi' }, Stage: STAGE }]);
    }
  });

  it('has a plan with the same numbers as the default per-key limit the functions are given', () => {
    const env = ofType('AWS::Lambda::Function')[0]![1].Properties.Environment.Variables;

    const matching = ofType('AWS::ApiGateway::UsagePlan').filter(
      ([, p]) =>
        String(p.Properties.Throttle.RateLimit) === env.RATE_LIMIT_RPS &&
        String(p.Properties.Throttle.BurstLimit) === env.RATE_LIMIT_BURST &&
        String(p.Properties.Quota.Limit) === env.RATE_LIMIT_QUOTA_PER_DAY,
    );

    expect(matching.length).toBe(1);
  });

  it('leaves rate limiting to the gateway in AWS (no DynamoDB counter per request)', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function'))
      expect(fn.Properties.Environment.Variables.RATE_LIMIT_MODE).toBe('gateway');
  });
});

describe('Gateway responses', () => {
  interface GatewayResponse {
    ResponseType: string;
    StatusCode: string;
    RestApiId: unknown;
    ResponseParameters?: Record<string, string>;
    ResponseTemplates: Record<string, string>;
  }
  const responses = (): GatewayResponse[] =>
    ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => r.Properties as GatewayResponse);
  const byType = (type: string) => {
    const found = responses().find((r) => r.ResponseType === type);
    expect(found, `no GatewayResponse of type ${type}`).toBeDefined();
    return found!;
  };
  const envelopeOf = (response: GatewayResponse): Record<string, unknown> =>
    JSON.parse(response.ResponseTemplates['application/json'] ?? 'null') as Record<string, unknown>;
  const retryAfterOf = (response: GatewayResponse) =>
    response.ResponseParameters?.['gatewayresponse.header.Retry-After'];

  it('answers an invalid API key with 401 UNAUTHORIZED in the envelope', () => {
    const response = byType('INVALID_API_KEY');

    expect(response.StatusCode).toBe('401');
    expect(envelopeOf(response)).toEqual({
      success: false,
      error: expect.any(String),
      statusCode: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it.each(['THROTTLED', 'QUOTA_EXCEEDED'])(
    'answers %s with 429 RATE_LIMITED in the envelope and an integer Retry-After',
    (type) => {
      const response = byType(type);

      expect(response.StatusCode).toBe('429');
      expect(envelopeOf(response)).toEqual({
        success: false,
        error: expect.any(String),
        statusCode: 429,
        code: 'RATE_LIMITED',
      });
      expect(retryAfterOf(response)).toMatch(/^'[1-9]\d*'$/);
    },
  );

  it('answers every response type API Gateway has in the envelope, with the status of its kind', () => {
    // Every type API Gateway documents; the 5xx ones without a response of their own fall to DEFAULT_5XX.
    const fourXx: Record<string, [string, string]> = {
      ACCESS_DENIED: ['403', 'FORBIDDEN'],
      BAD_REQUEST_BODY: ['400', 'VALIDATION_ERROR'],
      BAD_REQUEST_PARAMETERS: ['400', 'VALIDATION_ERROR'],
      DEFAULT_4XX: ['400', 'VALIDATION_ERROR'],
      EXPIRED_TOKEN: ['403', 'FORBIDDEN'],
      INVALID_API_KEY: ['401', 'UNAUTHORIZED'],
      INVALID_SIGNATURE: ['403', 'FORBIDDEN'],
      MISSING_AUTHENTICATION_TOKEN: ['404', 'ROUTE_NOT_FOUND'],
      QUOTA_EXCEEDED: ['429', 'RATE_LIMITED'],
      REQUEST_TOO_LARGE: ['413', 'PAYLOAD_TOO_LARGE'],
      RESOURCE_NOT_FOUND: ['404', 'ROUTE_NOT_FOUND'],
      THROTTLED: ['429', 'RATE_LIMITED'],
      UNAUTHORIZED: ['401', 'UNAUTHORIZED'],
      UNSUPPORTED_MEDIA_TYPE: ['415', 'UNSUPPORTED_MEDIA_TYPE'],
      WAF_FILTERED: ['403', 'FORBIDDEN'],
    };
    for (const [type, [status, code]] of Object.entries(fourXx)) {
      const response = byType(type);
      expect([response.StatusCode, envelopeOf(response).code], type).toEqual([status, code]);
    }
    expect(byType('DEFAULT_5XX').StatusCode).toMatch(/^5\d\d$/);
  });

  it('gives every customised gateway response a JSON envelope whose statusCode matches its status', () => {
    const all = responses();

    expect(all.length).toBeGreaterThan(0);
    for (const response of all) {
      const body = envelopeOf(response);
      expect(body, response.ResponseType).toEqual({
        success: false,
        error: expect.any(String),
        statusCode: Number(response.StatusCode),
        code: expect.any(String),
      });
      expect(response.RestApiId).toEqual({ Ref: 'ApiGatewayRestApi' });
    }
  });
});

describe('IAM', () => {
  /** Every statement of every role, inline policy, managed policy and bucket policy in the template. */
  function statements(): Array<{ owner: string; statement: Statement }> {
    const out: Array<{ owner: string; statement: Statement }> = [];
    const add = (owner: string, document: { Statement?: Statement | Statement[] } | undefined) => {
      for (const statement of asList(document?.Statement)) out.push({ owner, statement });
    };
    for (const [id, r] of Object.entries(resources)) {
      if (r.Type === 'AWS::IAM::Role')
        for (const policy of asList(r.Properties.Policies)) add(id, policy.PolicyDocument);
      if (r.Type === 'AWS::IAM::Policy' || r.Type === 'AWS::IAM::ManagedPolicy') add(id, r.Properties.PolicyDocument);
      if (r.Type === 'AWS::S3::BucketPolicy') add(id, r.Properties.PolicyDocument);
    }
    return out;
  }
  const isWildcardAction = (action: string) => action === '*' || /^[a-z0-9-]+:\*$/i.test(action);
  const onAnyResource = (statement: Statement) => asList(statement.Resource).some((resource) => resource === '*');

  it('finds the Lambda execution role policies to check', () => {
    expect(statements().some(({ statement }) => asList(statement.Action).some((a) => a.startsWith('dynamodb:')))).toBe(
      true,
    );
  });

  it('allows no wildcard action ("*", "dynamodb:*", "s3:*", ...) on Resource "*"', () => {
    const offending = statements().filter(
      ({ statement }) =>
        statement.Effect === 'Allow' && onAnyResource(statement) && asList(statement.Action).some(isWildcardAction),
    );

    expect(offending).toEqual([]);
  });

  it('never allows Action "*", whatever the resource', () => {
    const offending = statements().filter(
      ({ statement }) => statement.Effect === 'Allow' && asList(statement.Action).includes('*'),
    );

    expect(offending).toEqual([]);
  });

  it('scopes every DynamoDB and S3 permission to named resources, not "*"', () => {
    const offending = statements().filter(
      ({ statement }) =>
        statement.Effect === 'Allow' &&
        onAnyResource(statement) &&
        asList(statement.Action).some((a) => /^(dynamodb|s3):/.test(a)),
    );

    expect(offending).toEqual([]);
  });
});

describe('functions and API Gateway methods', () => {
  interface Method {
    id: string;
    httpMethod: string;
    path: string;
    functionId: string | undefined;
    apiKeyRequired: boolean;
    integrationType: string | undefined;
  }

  /** Full path of an API Gateway resource, from its PathPart and its parents. */
  function pathOf(resourceRef: unknown): string {
    const ref = (resourceRef as { Ref?: string }).Ref;
    if (ref === undefined) return ''; // the root resource (Fn::GetAtt RootResourceId)
    const resource = resources[ref];
    if (resource?.Type !== 'AWS::ApiGateway::Resource')
      throw new Error(`ResourceId ${ref} is not an API Gateway resource`);
    return `${pathOf(resource.Properties.ParentId)}/${resource.Properties.PathPart as string}`;
  }

  /** The Lambda function a method integrates with: the Fn::GetAtt [<function>, Arn] inside its Uri. */
  function functionIn(value: unknown): string | undefined {
    if (Array.isArray(value)) return value.map(functionIn).find((id) => id !== undefined);
    if (value === null || typeof value !== 'object') return undefined;
    const getAtt = (value as Record<string, unknown>)['Fn::GetAtt'];
    if (Array.isArray(getAtt) && getAtt[1] === 'Arn' && resources[String(getAtt[0])]?.Type === 'AWS::Lambda::Function')
      return String(getAtt[0]);
    return Object.values(value)
      .map(functionIn)
      .find((id) => id !== undefined);
  }

  const methods = (): Method[] =>
    ofType('AWS::ApiGateway::Method')
      .filter(([, m]) => m.Properties.HttpMethod !== 'OPTIONS')
      .map(([id, m]) => ({
        id,
        httpMethod: m.Properties.HttpMethod as string,
        path: pathOf(m.Properties.ResourceId),
        functionId: functionIn(m.Properties.Integration?.Uri),
        apiKeyRequired: m.Properties.ApiKeyRequired === true,
        integrationType: m.Properties.Integration?.Type as string | undefined,
      }));
  const functionIdOf = (route: RouteSpec): string | undefined =>
    ofType('AWS::Lambda::Function').find(([, fn]) =>
      String(fn.Properties.FunctionName).endsWith(`-${STAGE}-${route.id}`),
    )?.[0];

  it.each(allRoutes.map((c) => [`${c.method} ${c.path}`, c] as const))(
    'deploys %s as its own function behind a method with that HTTP method and path',
    (_route, route) => {
      const functionId = functionIdOf(route);
      expect(functionId, `no Lambda function named after ${route.id}`).toBeDefined();

      const method = methods().find((m) => m.httpMethod === route.method && m.path === route.path);

      expect(method, `no API Gateway method ${route.method} ${route.path}`).toBeDefined();
      expect(method!.functionId).toBe(functionId);
      expect(method!.integrationType).toBe('AWS_PROXY');
      expect(method!.apiKeyRequired).toBe(!route.public);
    },
  );

  it('has no method or function that no route spec declares, but the catch-all for unknown routes', () => {
    const declared = new Set(allRoutes.map((c) => `${c.method} ${c.path}`));
    const contractFunctions = new Set(allRoutes.map(functionIdOf));

    // The only method no route declares is the catch-all that answers unknown routes with 404 in the envelope.
    expect(
      methods()
        .map((m) => `${m.httpMethod} ${m.path}`)
        .filter((route) => !declared.has(route)),
    ).toEqual(['ANY /{proxy+}']);
    // The only functions without a route are that catch-all, the outbox consumers, the webhook
    // delivery, the deadline reminders, the catalogue feed import and the PDF renderer the document route invokes.
    expect(
      ofType('AWS::Lambda::Function')
        .map(([id]) => id)
        .filter((id) => !contractFunctions.has(id))
        .sort(),
    ).toEqual([
      'CatalogueFeedsLambdaFunction',
      'ExportDeadlineRemindersLambdaFunction',
      'OutboxStreamLambdaFunction',
      'OutboxSweepLambdaFunction',
      'RenderOrderDocumentLambdaFunction',
      'RouteNotFoundLambdaFunction',
      'WebhookStreamLambdaFunction',
      'WebhookSweepLambdaFunction',
    ]);
  });

  it('drives the outbox consumer from the table stream (filtered to pending outbox events) and a schedule', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
    const stream = mappings.find((m) => JSON.stringify(m.FunctionName).includes('OutboxStream'));
    expect(stream, 'stream mapping').toBeDefined();
    expect(JSON.stringify(stream?.EventSourceArn)).toContain('StreamArn');
    expect(JSON.stringify(stream?.FilterCriteria)).toContain('outboxEvent');
    const rules = ofType('AWS::Events::Rule').map(([, r]) => r.Properties);
    expect(
      rules.some((r) => r.ScheduleExpression === 'rate(1 minute)' && JSON.stringify(r.Targets).includes('OutboxSweep')),
    ).toBe(true);
  });

  it('drives webhook delivery from the table stream (new events, replayed deliveries) and a schedule', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties);
    const stream = mappings.find((m) => JSON.stringify(m.FunctionName).includes('WebhookStream'));
    expect(stream, 'stream mapping').toBeDefined();
    const filters = JSON.stringify(stream?.FilterCriteria);
    expect(filters).toContain('integratorEvent');
    expect(filters).toContain('webhookDelivery');
    expect(stream?.MaximumBatchingWindowInSeconds).toBe(1);
    const rules = ofType('AWS::Events::Rule').map(([, r]) => r.Properties);
    expect(
      rules.some(
        (r) => r.ScheduleExpression === 'rate(1 minute)' && JSON.stringify(r.Targets).includes('WebhookSweep'),
      ),
    ).toBe(true);
  });

  it('runs every function on nodejs22.x and arm64', () => {
    const functions = ofType('AWS::Lambda::Function');

    expect(functions.length).toBeGreaterThanOrEqual(allRoutes.length);
    for (const [id, fn] of functions) {
      expect(fn.Properties.Runtime, id).toBe('nodejs22.x');
      expect(fn.Properties.Architectures, id).toEqual(['arm64']);
    }
  });
});

/** The file names in a zip archive, from its central directory (no library needed for that). */
function zipEntries(file: string): string[] {
  const zip = readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${file} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${file}: bad central directory entry ${i}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/**
 * Budgets of the zipped packages, from the measurements (npm run bench -- --only cold-start prints
 * every function's zipped size): about 85 KB for an HTTP function, 76 KB for an outbox consumer
 * (S3 writes are signed fetches), 493 KB for the PDF renderer (pdfkit, fontkit and IBM Plex Sans
 * Arabic in two weights, without the WOFF2 decoder; a worker the document route invokes). The renderer of the API
 * reference carries the 4.3 MB script it serves as a file.
 */
const ZIP_BUDGET_KB = { http: 120, consumer: 100, docsRenderer: 1_500, pdfRenderer: 600, feeds: 400 };

describe('one package per function', () => {
  const functions = () => ofType('AWS::Lambda::Function');
  const artifactOf = (fn: CfnResource) => String(fn.Properties.Code.S3Key).split('/').pop()!;

  it('gives every function its own zip, none shared', () => {
    const artifacts = functions().map(([, fn]) => artifactOf(fn));

    expect(new Set(artifacts).size).toBe(functions().length);
    for (const artifact of artifacts) expect(existsSync(join(artifactDir, artifact)), artifact).toBe(true);
  });

  it('puts one minified bundle in each zip, and no source map', () => {
    for (const [id, fn] of functions()) {
      const entries = zipEntries(join(artifactDir, artifactOf(fn))).filter((name) => !name.endsWith('/'));
      expect(
        entries.filter((name) => name.endsWith('.map')),
        id,
      ).toEqual([]);
      expect(
        entries.filter((name) => name.endsWith('.cjs')),
        id,
      ).toHaveLength(1);
    }
  });

  it("ships the reference's renderer script as a file beside that function's bundle, and in no other package", () => {
    for (const [id, fn] of functions()) {
      const entries = zipEntries(join(artifactDir, artifactOf(fn)));
      expect(entries.includes('lib/schemas/generated/scalar-api-reference.js'), id).toBe(
        id === 'GetDocsRendererLambdaFunction',
      );
    }
  });

  it('keeps the source map of every bundle outside the zips, in sourcemaps/ of the package folder', () => {
    for (const [id, fn] of functions()) {
      const bundle = zipEntries(join(artifactDir, artifactOf(fn))).find((name) => name.endsWith('.cjs'));
      const mapFile = join(artifactDir, 'sourcemaps', `${bundle}.map`);
      expect(existsSync(mapFile), `${id}: ${mapFile}`).toBe(true);
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
        version: number;
        sources: string[];
        sourcesContent?: string[];
      };
      expect(map.version, id).toBe(3);
      // Sources are paths from the project root, their text inside the map.
      expect(map.sources, id).toContain(String(fn.Properties.Handler).replace(/\.handler$/, '.ts'));
      expect(map.sourcesContent?.length, id).toBe(map.sources.length);
    }
  });

  it("bundles in a folder of its own: the local stacks' bundles under .esbuild/ stay, and no work folder is left", () => {
    for (const folder of LOCAL_STACK_FOLDERS)
      expect(existsSync(join(serviceDir, folder, 'handler.cjs')), folder).toBe(true);
    expect(existsSync(join(artifactDir, 'build'))).toBe(false);
    expect(existsSync(join(serviceDir, '.serverless'))).toBe(false);
  });

  it('keeps every zipped package within its budget (HTTP functions under 120 KB)', () => {
    const over: string[] = [];
    for (const [id, fn] of functions()) {
      const kb = statSync(join(artifactDir, artifactOf(fn))).size / 1024;
      // The PDF renderer carries pdfkit, fontkit and IBM Plex Sans Arabic (Arabic and Latin); the
      // reference's renderer the script it serves, as a file beside its bundle; the feed import
      // the S3 client (it streams files) and the feed lines' validator.
      const budget =
        id === 'CatalogueFeedsLambdaFunction'
          ? ZIP_BUDGET_KB.feeds
          : id === 'GetDocsRendererLambdaFunction'
            ? ZIP_BUDGET_KB.docsRenderer
            : id === 'RenderOrderDocumentLambdaFunction'
              ? ZIP_BUDGET_KB.pdfRenderer
              : id.startsWith('Outbox')
                ? ZIP_BUDGET_KB.consumer
                : ZIP_BUDGET_KB.http;
      if (kb > budget) over.push(`${id}: ${kb.toFixed(1)} KB > ${budget} KB`);
    }
    expect(over).toEqual([]);
  });
});

/** The part a function belongs to, as scripts/serverless/split-stacks.cjs names its stack: functions/webhook-delivery/x.handler -> WebhookDelivery. */
const partOf = (handler: string) =>
  handler
    .split('/')
    .slice(1, -1)
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');

/** An error whose report is its message alone (no stack trace to read past). */
function oneLineError(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

const LINT_TIMEOUT_MS = 5 * 60_000;

describe('deployable templates', () => {
  const count = (record: object | undefined) => Object.keys(record ?? {}).length;
  const rootStack = () => templates.find((t) => t.file === ROOT_TEMPLATE)!.body;
  const nestedStacks = () => templates.filter((t) => t.file.includes('-nested-stack'));
  const functionsIn = (t: Template) =>
    Object.entries(t.body.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');

  let linting: Promise<LintFinding[]> | undefined;
  /** cfn-lint over every template at once, run by the first check that needs it. */
  const lint = () =>
    (linting ??= (async () => {
      const cfnLint = findCfnLint();
      if (!cfnLint) throw oneLineError(CFN_LINT_MISSING);
      return lintTemplates(
        cfnLint,
        templates.map((t) => t.path),
        packagedRegion(artifactDir),
      );
    })());
  const described = (findings: LintFinding[]) =>
    findings.map((f) => `${basename(f.file)}:${f.line ?? '?'} ${f.rule} ${f.message}`);

  it(`keeps every template within ${MAX_RESOURCES} resources (CloudFormation refuses a stack over 500)`, () => {
    const over = templates
      .filter((t) => count(t.body.Resources) > MAX_RESOURCES)
      .map((t) => `${t.file}: ${count(t.body.Resources)}`);

    expect(over).toEqual([]);
    // The service in one stack is over the limit: the split must have happened.
    expect(nestedStacks().length).toBeGreaterThan(1);
  });

  it('writes the template of every nested stack the root stack deploys, and of no other', () => {
    const deployed = Object.values(rootStack().Resources).filter(isStack).map(nestedTemplateFile).sort();

    expect(
      nestedStacks()
        .map((t) => t.file)
        .sort(),
    ).toEqual(deployed);
  });

  it("puts each function, with its role, log group, versions, permissions and methods, in its part's nested stack", () => {
    const stackOf = new Map(templates.flatMap((t) => Object.keys(t.body.Resources).map((id) => [id, t.file] as const)));
    for (const t of nestedStacks()) {
      const part = t.file.replace(/^cloudformation-template-/, '').replace(/-nested-stack(-\d+)?\.json$/, '');
      for (const [id, fn] of functionsIn(t)) {
        expect(partOf(String(fn.Properties?.Handler)), id).toBe(part);
        const name = id.replace(/LambdaFunction$/, '');
        const own = Object.keys(resources).filter(
          (other) =>
            other.startsWith(name) &&
            ['LogGroup', 'IamRoleLambdaExecution', 'LambdaVersion', 'LambdaPermission'].some((kind) =>
              other.slice(name.length).startsWith(kind),
            ),
        );
        expect(own.length, id).toBeGreaterThanOrEqual(3);
        for (const other of own) expect(stackOf.get(other), other).toBe(t.file);
      }
    }
    // A method sits with the function it calls (CORS methods call none and stay in the root).
    for (const [id, method] of ofType('AWS::ApiGateway::Method')) {
      const target = JSON.stringify(method.Properties.Integration?.Uri ?? '').match(
        /"Fn::GetAtt":\["(\w+LambdaFunction)","Arn"\]/,
      )?.[1];
      expect(stackOf.get(id), id).toBe(target ? stackOf.get(target) : ROOT_TEMPLATE);
    }
    // What the functions share stays in the root stack.
    const inRoot = new Set(Object.values(rootStack().Resources).map((r) => r.Type));
    for (const type of [
      'AWS::ApiGateway::RestApi',
      'AWS::ApiGateway::Deployment',
      'AWS::ApiGateway::UsagePlan',
      'AWS::DynamoDB::Table',
      'AWS::S3::Bucket',
      'AWS::SNS::Topic',
      'AWS::CloudWatch::Dashboard',
    ]) {
      expect(inRoot.has(type), type).toBe(true);
    }
    expect(inRoot.has('AWS::Lambda::Function')).toBe(false);
  });

  it('splits without losing a reference: merged back, every Ref and Fn::GetAtt names a resource or a parameter', () => {
    const dangling: string[] = [];
    const visit = (value: unknown, owner: string): void => {
      if (Array.isArray(value)) {
        for (const item of value) visit(item, owner);
        return;
      }
      if (value === null || typeof value !== 'object') return;
      const { Ref: ref, 'Fn::GetAtt': getAtt } = value as { Ref?: unknown; 'Fn::GetAtt'?: unknown };
      const target = typeof ref === 'string' ? ref : Array.isArray(getAtt) ? String(getAtt[0]) : undefined;
      if (
        target !== undefined &&
        !target.startsWith('AWS::') &&
        !(target in resources) &&
        !(target in (template.Parameters ?? {}))
      )
        dangling.push(`${owner} -> ${target}`);
      for (const inner of Object.values(value)) visit(inner, owner);
    };
    for (const [id, resource] of Object.entries(resources)) visit(resource.Properties, id);
    visit(template.Outputs, 'Outputs');

    expect(dangling).toEqual([]);
  });

  it('leaves room for 20 more functions in every part, and for their routes in the root stack', () => {
    const MORE = 20;
    for (const t of nestedStacks()) {
      const functions = functionsIn(t).length;
      expect(functions, t.file).toBeGreaterThan(0);
      const perFunction = Math.ceil(count(t.body.Resources) / functions);
      expect(count(t.body.Resources) + MORE * perFunction, t.file).toBeLessThanOrEqual(MAX_RESOURCES);
    }
    // A new route adds to the root only what it is first to use: its CORS method, the path
    // segments no route had (two, say) and, for a new part, that part's stack.
    expect(count(rootStack().Resources) + MORE * 4).toBeLessThanOrEqual(MAX_RESOURCES);
  });

  it(
    'passes cfn-lint with no error, in every template, nested ones too',
    async () => {
      const errors = (await lint()).filter((f) => f.level === 'Error');

      expect(described(errors)).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'has no cfn-lint warning but those of the documented ignore list',
    async () => {
      const findings = (await lint()).filter((f) => f.level !== 'Error' && f.ignoredBecause === undefined);

      expect(described(findings)).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it('gives a reason for every cfn-lint rule it ignores', () => {
    for (const [rule, reason] of Object.entries(CFN_LINT_IGNORED)) {
      expect(rule).toMatch(/^[EWI]\d{4}$/);
      expect(reason.trim().length, rule).toBeGreaterThan(10);
    }
  });
});

describe('observability', () => {
  const alarms = (): Array<Record<string, any>> =>
    ofType('AWS::CloudWatch::Alarm').map(([id, alarm]) => ({ id, ...alarm.Properties }));
  const topic = () => ofType('AWS::SNS::Topic')[0]?.[0];

  it('traces every function and the API with X-Ray', () => {
    for (const [id, fn] of ofType('AWS::Lambda::Function'))
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    // Serverless v3 turns the stage's tracing on with an API call after the deployment, not in the template.
    expect(readFileSync(join(root, 'serverless.yml'), 'utf8')).toMatch(
      /\n {2}tracing:\n {4}lambda: true\n {4}apiGateway: true\n/,
    );
  });

  it('has the functions write metrics as EMF log lines', () => {
    for (const [id, fn] of ofType('AWS::Lambda::Function'))
      expect(fn.Properties.Environment.Variables.METRICS, id).toBe('emf');
  });

  it('alarms on 5xx rate, p95 latency, throttling, parked side effects and consumer errors, all to one SNS topic', () => {
    const found = alarms();
    const has = (predicate: (a: Record<string, any>) => boolean, what: string) =>
      expect(found.some(predicate), what).toBe(true);
    has((a) => JSON.stringify(a.Metrics ?? '').includes('5XXError'), '5xx rate');
    has((a) => a.MetricName === 'Latency' && a.ExtendedStatistic === 'p95', 'p95 latency');
    has((a) => a.MetricName === 'Throttles' && a.Namespace === 'AWS/Lambda', 'Lambda throttling');
    has((a) => a.MetricName === 'ThrottledRequests' && a.Namespace === 'AWS/DynamoDB', 'table throttling');
    has((a) => a.MetricName === 'EventsParked' && a.Threshold === 0, 'parked side effects > 0');
    has(
      (a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes('OutboxStreamLambdaFunction'),
      'stream consumer errors',
    );
    has(
      (a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes('OutboxSweepLambdaFunction'),
      'sweeper errors',
    );
    has(
      (a) => a.MetricName === 'Errors' && JSON.stringify(a.Dimensions).includes('RenderOrderDocumentLambdaFunction'),
      'PDF renderer errors',
    );
    expect(topic()).toBeDefined();
    for (const alarm of found) expect(alarm.AlarmActions, alarm.id).toEqual([{ Ref: topic() }]);
  });

  it('has a dashboard showing every alarm', () => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
    for (const { id } of alarms()) expect(body, id).toContain(id);
    for (const metric of [
      '5XXError',
      'Latency',
      'OrdersCreated',
      'WalletMovements',
      'MessagesSent',
      'MessagesFailed',
      'EventsParked',
      'WebhooksFailed',
      'WebhookEndpointsDisabled',
    ])
      expect(body).toContain(metric);
  });
});

describe('data safety', () => {
  it('retains the table and the bucket when the stack is deleted or replaced', () => {
    for (const [id, resource] of [
      ...ofType('AWS::DynamoDB::Table'),
      ...ofType('AWS::S3::Bucket').filter(([name]) => name !== 'ServerlessDeploymentBucket'),
    ]) {
      const raw = resource as unknown as { DeletionPolicy?: string; UpdateReplacePolicy?: string };
      expect(raw.DeletionPolicy, id).toBe('Retain');
      expect(raw.UpdateReplacePolicy, id).toBe('Retain');
    }
  });

  it('turns deletion protection and bucket versioning on outside dev (this package is dev: off)', () => {
    const table = ofType('AWS::DynamoDB::Table')[0]![1].Properties;
    expect(table.DeletionProtectionEnabled).toEqual({ 'Fn::If': ['ProtectData', true, false] });
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    // The stage's protectData param is the stack parameter's default, which the condition tests.
    expect(template.Parameters?.ProtectDataSetting?.Default).toBe('false');
    expect(template.Conditions?.ProtectData).toEqual({ 'Fn::Equals': [{ Ref: 'ProtectDataSetting' }, 'true'] });
    const bucket = resources.ArchiveBucket!.Properties;
    expect(bucket.VersioningConfiguration).toEqual({ Status: { 'Fn::If': ['ProtectData', 'Enabled', 'Suspended'] } });
    expect(bucket.LifecycleConfiguration.Rules.map((r: { Id: string }) => r.Id)).toContain(
      'archived-pictures-to-infrequent-access',
    );
  });
});

describe('least privilege: a role per function', () => {
  type Policy = { Statement: Array<Statement & { Condition?: Record<string, Record<string, string[]>> }> };
  const roleOf = (functionId: string): Policy[] => {
    const ref = (resources[functionId]?.Properties.Role as { 'Fn::GetAtt'?: [string, string] })?.['Fn::GetAtt']?.[0];
    expect(ref, `${functionId} has no role of its own`).toBeDefined();
    return (resources[ref!]!.Properties.Policies as Array<{ PolicyDocument: Policy }>).map((p) => p.PolicyDocument);
  };
  const statementsOf = (functionId: string) => roleOf(functionId).flatMap((p) => p.Statement);
  const allowed = (functionId: string, action: string) =>
    statementsOf(functionId).filter((s) => s.Effect === 'Allow' && asList(s.Action).includes(action));
  const httpFunctionIds = () => allRoutes.map((r) => `${r.id.charAt(0).toUpperCase()}${r.id.slice(1)}LambdaFunction`);

  it('gives every function a role of its own', () => {
    const functions = ofType('AWS::Lambda::Function');
    const roles = functions.map(([, fn]) => JSON.stringify(fn.Properties.Role));
    expect(new Set(roles).size).toBe(functions.length);
  });

  it('lets the car list read, note its key use and read the catalogue snapshot, and nothing else', () => {
    expect(allowed('ListCarsLambdaFunction', 'dynamodb:PutItem')).toEqual([]);
    expect(allowed('ListCarsLambdaFunction', 'dynamodb:DeleteItem')).toEqual([]);
    const updates = allowed('ListCarsLambdaFunction', 'dynamodb:UpdateItem');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APIKEY#*'] } });
    expect(JSON.stringify(allowed('ListCarsLambdaFunction', 's3:GetObject'))).toContain('/catalogue/*');
    expect(allowed('ListCarsLambdaFunction', 's3:PutObject')).toEqual([]);
    expect(
      statementsOf('ListCarsLambdaFunction').some((s) => asList(s.Action).some((a) => a.startsWith('apigateway:'))),
    ).toBe(false);
  });

  it('lets no HTTP function update or delete the outbox records, which the consumer alone moves', () => {
    for (const id of httpFunctionIds()) {
      const statements = statementsOf(id);
      const mayUpdateAnything = statements.some(
        (s) => s.Effect === 'Allow' && asList(s.Action).includes('dynamodb:UpdateItem') && !s.Condition,
      );
      if (!mayUpdateAnything) continue;
      expect(
        statements.some(
          (s) =>
            s.Effect === 'Deny' &&
            asList(s.Action).includes('dynamodb:UpdateItem') &&
            JSON.stringify(s.Condition).includes('OUTBOX#*'),
        ),
        id,
      ).toBe(true);
    }
  });

  it('gives API Gateway key rights to the key and user routes only, and no data rights to the documentation', () => {
    const withGateway = httpFunctionIds().filter((id) =>
      statementsOf(id).some((s) => asList(s.Action).some((a) => a.startsWith('apigateway:'))),
    );
    expect(withGateway.sort()).toEqual([
      'DeactivateUserLambdaFunction',
      'IssueApiKeyLambdaFunction',
      'RevokeApiKeyLambdaFunction',
      'RotateApiKeyLambdaFunction',
      'UpdateUserLambdaFunction',
    ]);
    for (const id of [
      'GetDocsPageLambdaFunction',
      'GetDocsRendererLambdaFunction',
      'GetOpenApiLambdaFunction',
      'RouteNotFoundLambdaFunction',
    ]) {
      expect(
        statementsOf(id).filter((s) => asList(s.Action).some((a) => /^(dynamodb|s3|apigateway):/.test(a))),
        id,
      ).toEqual([]);
    }
  });

  it('lets only the outbox consumers and the webhook delivery read the table stream; only the outbox consumers, the renderer, the profile image upload and the feed import write to the bucket, each its own prefix', () => {
    const streamReaders = ofType('AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => statementsOf(id).some((s) => asList(s.Action).includes('dynamodb:GetRecords')));
    expect(streamReaders.sort()).toEqual(['OutboxStreamLambdaFunction', 'WebhookStreamLambdaFunction']);
    const writers = ofType('AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => allowed(id, 's3:PutObject').length > 0);
    expect(writers.sort()).toEqual([
      'CatalogueFeedsLambdaFunction',
      'OutboxStreamLambdaFunction',
      'OutboxSweepLambdaFunction',
      'PutTenantProfileImageLambdaFunction',
      'RenderOrderDocumentLambdaFunction',
    ]);
    // The feed import writes snapshots and its working files under catalogue/ only, and reads feeds/ too.
    const feedWrites = allowed('CatalogueFeedsLambdaFunction', 's3:PutObject');
    expect(feedWrites).toHaveLength(1);
    expect(JSON.stringify(feedWrites[0]!.Resource)).toContain('/catalogue/*');
    expect(JSON.stringify(allowed('CatalogueFeedsLambdaFunction', 's3:GetObject'))).toContain('/feeds/*');
    // The PDF renderer writes only generated documents; the profile's upload only a tenant's logo and stamp.
    expect(JSON.stringify(allowed('RenderOrderDocumentLambdaFunction', 's3:PutObject'))).toContain(
      '/orders/*/documents/*',
    );
    const profileWrites = allowed('PutTenantProfileImageLambdaFunction', 's3:PutObject');
    expect(profileWrites).toHaveLength(1);
    expect(JSON.stringify(profileWrites[0]!.Resource)).toContain('/tenants/*/profile/*');
  });

  it('lets the document route alone invoke the PDF renderer, and tells it the renderer by name', () => {
    const invokers = ofType('AWS::Lambda::Function')
      .map(([id]) => id)
      .filter((id) => allowed(id, 'lambda:InvokeFunction').length > 0);
    expect(invokers).toEqual(['GenerateOrderDocumentLambdaFunction']);
    expect(allowed('GenerateOrderDocumentLambdaFunction', 'lambda:InvokeFunction')[0]!.Resource).toEqual({
      'Fn::GetAtt': ['RenderOrderDocumentLambdaFunction', 'Arn'],
    });
    const renderer = ofType('AWS::Lambda::Function').find(([id]) => id === 'RenderOrderDocumentLambdaFunction')![1];
    const route = ofType('AWS::Lambda::Function').find(([id]) => id === 'GenerateOrderDocumentLambdaFunction')![1];
    expect(route.Properties.Environment.Variables.DOCUMENT_RENDERER_FUNCTION).toBe(renderer.Properties.FunctionName);
    expect(renderer.Properties.MemorySize).toBe(1024);
  });
});

describe('staff console distribution', () => {
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
  const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
  const distribution = () => resources.ConsoleDistribution!.Properties.DistributionConfig;
  const behaviourOf = (pattern: string) =>
    (distribution().CacheBehaviors as Array<Record<string, any>>).find((b) => b.PathPattern === pattern);
  const headersOf = (policyRef: unknown) => {
    const id = (policyRef as { Ref?: string }).Ref!;
    return resources[id]!.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items as Array<{
      Header: string;
      Value: string;
    }>;
  };
  /** The CloudFront Function's code, run here on a request as CloudFront would run it. */
  const route = (uri: string) => {
    const code = String(resources.ConsoleRouting!.Properties.FunctionCode);
    const handler = new Function(`${code}; return handler;`)() as (event: unknown) => {
      uri?: string;
      statusCode?: number;
      headers?: any;
    };
    return handler({ request: { uri, headers: {} } });
  };

  it('keeps the console in a private, encrypted bucket that only this distribution reads', () => {
    const bucket = resources.ConsoleBucket!.Properties;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
    ).toBe('AES256');
    const [statement] = resources.ConsoleBucketPolicy!.Properties.PolicyDocument.Statement;
    expect(statement).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'cloudfront.amazonaws.com' },
      Action: 's3:GetObject',
    });
    expect(JSON.stringify(statement.Condition)).toContain('ConsoleDistribution');
    const consoleOrigin = distribution().Origins.find((o: { Id: string }) => o.Id === 'console');
    expect(consoleOrigin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': ['ConsoleOriginAccessControl', 'Id'] });
  });

  it('sends /api/* to this API Gateway stage on the same origin, uncached, with every method and header', () => {
    const api = distribution().Origins.find((o: { Id: string }) => o.Id === 'api');
    expect(JSON.stringify(api.DomainName)).toContain('ApiGatewayRestApi');
    expect(api.OriginPath).toBe(`/${STAGE}`);
    expect(api.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    const behaviour = behaviourOf('/api/*')!;
    expect(behaviour).toMatchObject({
      TargetOriginId: 'api',
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
    });
    expect([...behaviour.AllowedMethods].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
  });

  it('caches hashed assets for a year and never index.html', () => {
    const assets = behaviourOf('/console/assets/*')!;
    expect(assets.TargetOriginId).toBe('console');
    expect(headersOf(assets.ResponseHeadersPolicyId)).toContainEqual(
      expect.objectContaining({ Header: 'Cache-Control', Value: 'public, max-age=31536000, immutable' }),
    );
    const pages = distribution().DefaultCacheBehavior;
    expect(pages).toMatchObject({
      TargetOriginId: 'console',
      CachePolicyId: CACHING_DISABLED,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(headersOf(pages.ResponseHeadersPolicyId)).toContainEqual(
      expect.objectContaining({ Header: 'Cache-Control', Value: 'no-cache' }),
    );
  });

  it('answers a page of the single-page app with index.html and / with the console, as the local stack does', async () => {
    const { consoleFileFor } = await import('../../lib/http/console-files.js');
    expect(distribution().DefaultCacheBehavior.FunctionAssociations[0].EventType).toBe('viewer-request');
    for (const uri of [
      '/console/',
      '/console/orders/01HX',
      '/console/customers',
      '/console/assets/index-4f2a.js',
      '/console/favicon.svg',
    ]) {
      const local = consoleFileFor(uri);
      expect(local.kind).toBe('file');
      expect(route(uri).uri, uri).toBe(`/console/${local.kind === 'file' ? local.path : ''}`);
    }
    expect(route('/')).toMatchObject({ statusCode: 302, headers: { location: { value: '/console/' } } });
    expect(consoleFileFor('/')).toEqual({ kind: 'redirect', location: '/console/' });
    // CloudFront tells /console from /console/ and sends the first to the second (locally both are the page).
    expect(route('/console')).toMatchObject({ statusCode: 302, headers: { location: { value: '/console/' } } });
  });

  it('gives the console its address as a stack output, and declares no console function outside the local stage', () => {
    expect(JSON.stringify(template.Outputs?.ConsoleUrl)).toContain('ConsoleDistribution');
    expect(ofType('AWS::Lambda::Function').filter(([id]) => /console/i.test(id))).toEqual([]);
  });
});
