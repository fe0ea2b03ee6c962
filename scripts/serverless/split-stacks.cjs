// CloudFormation refuses a stack of more than 500 resources, and every function brings about six
// (function, log group, role, version, permission, API method). serverless-plugin-split-stacks
// moves resources into nested stacks, deployed by the same `serverless deploy`; this file decides
// where each one goes, along the service's parts:
//
// - a function's own resources go to the nested stack of its part, the folder of its handler
//   (functions/orders/... -> OrdersNestedStack), so a new function joins its part's stack and a
//   new part gets a stack of its own;
// - what functions share stays in the root stack: the REST API and its path tree, the CORS
//   methods, the deployment and usage plans, the table, the bucket, the alarms and the dashboard.
//
// Per part and not per resource type (the plugin's default): a stack per type would put every
// function's role, log group and method together, each stack growing with every new function.
//
// docs/deploying.md shows the resulting stacks (npm run -s package:report).
const SplitStacks = require('serverless-plugin-split-stacks');

/** Resource types a function owns alone, named after it (the plugin's per-function convention). */
const FUNCTION_OWNED_TYPES = new Set([
  'AWS::Lambda::Function',
  'AWS::Lambda::Version',
  'AWS::Lambda::Permission',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Logs::LogGroup',
  'AWS::IAM::Role',
  'AWS::Events::Rule',
]);

/** `functions/webhook-delivery/stream.handler` -> `WebhookDelivery`. */
function partOf(handler) {
  const folder = String(handler).split('/').slice(0, -1);
  const path = folder[0] === 'functions' && folder.length > 1 ? folder.slice(1) : folder;
  return path
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The logical ids a value points at with Ref, Fn::GetAtt or Fn::Sub, outside Fn::If branches. */
function referencedIds(value, into = new Set()) {
  if (Array.isArray(value)) {
    for (const item of value) referencedIds(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') into.add(inner);
      else if (key === 'Fn::GetAtt') into.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]);
      else if (key === 'Fn::Sub') {
        const [text, variables = {}] = Array.isArray(inner) ? inner : [inner];
        for (const [, name] of String(text).matchAll(/\$\{([^!}][^}]*)\}/g)) {
          const id = name.split('.')[0];
          if (!(id in variables)) into.add(id);
        }
        referencedIds(variables, into);
      } else if (key !== 'Fn::If') referencedIds(inner, into);
    }
  }
  return into;
}

/**
 * Drops each DependsOn entry that a Ref or Fn::GetAtt of the same resource already implies
 * (cfn-lint W3005): serverless-iam-roles-per-function makes every function depend on the role it
 * also reads with Fn::GetAtt, and the split makes every nested stack depend on the resources it
 * is passed as parameters. Ordering that only DependsOn gives (the API deployment after its
 * methods, a function after its log group) is kept.
 */
function dropImpliedDependsOn(resources) {
  for (const resource of Object.values(resources)) {
    if (resource.DependsOn === undefined) continue;
    const { DependsOn, ...rest } = resource;
    const implied = referencedIds(rest);
    const kept = [...new Set([].concat(DependsOn))].filter((id) => !implied.has(id));
    if (kept.length > 0) resource.DependsOn = kept;
    else delete resource.DependsOn;
  }
}

class ServiceSplitStacks extends SplitStacks {
  constructor(serverless, options, utils) {
    super(serverless, options);
    const log = utils?.log;

    // The plugin keeps every deployed resource in the stack it is deployed in (moving one would
    // delete and recreate it), and asks CloudFormation where that is. Without AWS credentials
    // (`npm run package` on a laptop, the packaging test) there is no deployment to ask about:
    // the layout is then the one a first deployment gets. `serverless deploy` has credentials
    // and asks.
    const lookUpDeployedStacks = this.migrateExistingResources;
    this.migrateExistingResources = function migrateExistingResources() {
      return lookUpDeployedStacks.call(this).catch((error) => {
        if (error?.name !== 'CredentialsProviderError') throw error;
        this.existingResources = {};
        log?.notice(
          'Nested stacks: no AWS credentials, so no deployed stack to keep resources in; laid out as for a first deployment',
        );
      });
    };

    this.migrateNewResources = function migrateNewResources() {
      const naming = this.provider.naming;
      const functions = Object.entries(this.serverless.service.functions ?? {});
      /** Normalized function name (the prefix of its resources' logical ids) -> its part. */
      const parts = new Map(
        functions.map(([name, fn]) => [naming.getNormalizedFunctionName(name), partOf(fn.handler)]),
      );
      // Longest first, so `GetOrderDocument...` is not taken for a resource of `GetOrder`.
      const prefixes = [...parts.keys()].sort((a, b) => b.length - a.length);
      const functionIds = new Map(
        functions.map(([name]) => [naming.getLambdaLogicalId(name), naming.getNormalizedFunctionName(name)]),
      );

      const ownerOf = (resource, logicalId) => {
        // A method belongs to the function it integrates with (CORS methods integrate with none).
        if (resource.Type === 'AWS::ApiGateway::Method') {
          const targets = [...referencedIds(resource.Properties?.Integration ?? {})].filter((id) =>
            functionIds.has(id),
          );
          return targets.length === 1 ? functionIds.get(targets[0]) : undefined;
        }
        if (!FUNCTION_OWNED_TYPES.has(resource.Type)) return undefined;
        return prefixes.find((prefix) => logicalId.startsWith(prefix));
      };

      // Every function's environment is one object shared by all (serverless copies the provider's
      // by reference). The plugin rewrites a reference as it moves a resource, in place: without a
      // copy each, only the first function moved would get its nested stack's parameter for a
      // reference such as the tracking link's secret, and the others would name a missing one.
      for (const resource of Object.values(this.resourcesById)) {
        if (resource.Type === 'AWS::Lambda::Function' && resource.Properties?.Environment) {
          resource.Properties.Environment = structuredClone(resource.Properties.Environment);
        }
      }
      for (const [logicalId, resource] of Object.entries(this.resourcesById)) {
        // Deployed resources stay where they are (see migrateExistingResources).
        if (logicalId in this.existingResources) continue;
        const owner = ownerOf(resource, logicalId);
        if (owner === undefined) continue;
        this.migrate(logicalId, this.getStackName(parts.get(owner), false));
      }
    };

    const writeNestedStacks = this.writeNestedStacks;
    this.writeNestedStacks = function writeNestedStacksWithoutImpliedDependsOn() {
      dropImpliedDependsOn(this.rootTemplate.Resources);
      for (const stack of Object.values(this.nestedStacks ?? {})) dropImpliedDependsOn(stack.Resources);
      return writeNestedStacks.call(this);
    };
  }
}

module.exports = ServiceSplitStacks;
