/**
 * Reads what the benchmarks need from serverless.yml: the functions (handler file and export)
 * and the esbuild options, turned into esbuild BuildOptions the way serverless-esbuild does it
 * (plugin-only keys dropped, `exclude` appended to `external`, outputFileExtension -> outExtension).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import type { BuildOptions } from 'esbuild';

export interface FunctionEntry {
  /** The function's name in serverless.yml (or its path under functions/ in the fallback). */
  name: string;
  /** Absolute path of the handler's source file. */
  entry: string;
  /** The handler's export, `handler` in `functions/customers/create.handler`. */
  exportName: string;
  /** Whether API Gateway calls it (an `http` event); the others are workers (streams, schedules, invoked). */
  http: boolean;
  /** Files its package.patterns add beside the bundle (the negated patterns left out), relative to the root. */
  packageFiles: string[];
}

export interface ServiceConfig {
  source: 'serverless.yml' | 'functions/';
  functions: FunctionEntry[];
  /** esbuild options equivalent to what serverless-esbuild runs, without entry/output settings. */
  buildOptions: BuildOptions;
  /** Output extension serverless-esbuild gives bundles (outputFileExtension). */
  outExtension: string;
  /** provider.environment values that are plain literals (no ${...} variables), e.g. NODE_OPTIONS. */
  literalEnvironment: Record<string, string>;
  warnings: string[];
}

/** The slice of js-yaml 4 used here (it comes with serverless; it has no types of its own). */
interface YamlType {
  readonly tag: string;
}
interface JsYaml {
  load(text: string, options?: { schema?: unknown; filename?: string }): unknown;
  Type: new (
    tag: string,
    options: {
      kind: 'scalar' | 'sequence' | 'mapping';
      multi?: boolean;
      construct?: (data: unknown, tag?: string) => unknown;
    },
  ) => YamlType;
  DEFAULT_SCHEMA: { extend(types: YamlType[]): unknown };
}

/** Keys of custom.esbuild that belong to serverless-esbuild, not esbuild (serverless-esbuild's own list). */
const PLUGIN_KEYS = new Set([
  'concurrency',
  'zipConcurrency',
  'exclude',
  'nativeZip',
  'packager',
  'packagePath',
  'watch',
  'keepOutputDirectory',
  'packagerOptions',
  'installExtraArgs',
  'outputFileExtension',
  'outputBuildFolder',
  'outputWorkFolder',
  'nodeExternals',
  'skipBuild',
  'skipRebuild',
  'skipBuildExcludeFns',
  'stripEntryResolveExtensions',
  'disposeContext',
  'config',
  'plugins',
]);

const RESOLVE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.tsx', '.jsx'];

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);

function loadYamlModule(rootDir: string): JsYaml | undefined {
  try {
    return createRequire(join(rootDir, 'package.json'))('js-yaml') as JsYaml;
  } catch {
    return undefined;
  }
}

/** CloudFormation short forms (!Ref, !GetAtt, !Join, ...) load as opaque { tag, value } objects. */
function cloudFormationSchema(yaml: JsYaml): unknown {
  const kinds = ['scalar', 'sequence', 'mapping'] as const;
  return yaml.DEFAULT_SCHEMA.extend(
    kinds.map((kind) => new yaml.Type('!', { kind, multi: true, construct: (data, tag) => ({ tag, value: data }) })),
  );
}

function resolveEntry(rootDir: string, modulePath: string): string | undefined {
  for (const extension of RESOLVE_EXTENSIONS) {
    const candidate = join(rootDir, modulePath + extension);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The provider runtime's Node version as an esbuild target, like serverless-esbuild's default. */
function runtimeTarget(runtime: unknown): string | undefined {
  const match = typeof runtime === 'string' ? /^nodejs(\d+)\.x$/.exec(runtime) : null;
  return match ? `node${match[1]}` : undefined;
}

function hasVariable(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('${');
  if (Array.isArray(value)) return value.some(hasVariable);
  if (isDict(value)) return Object.values(value).some(hasVariable);
  return false;
}

/**
 * `${param:name}` resolved with the params of the deployed stages (`params.default`): the bundle
 * the benchmark measures is the one AWS runs, not the local stack's.
 */
function resolveParams(value: unknown, params: Dict): unknown {
  if (typeof value !== 'string') return value;
  const whole = /^\$\{param:([A-Za-z0-9_-]+)\}$/.exec(value);
  return whole && whole[1] !== undefined && whole[1] in params ? params[whole[1]] : value;
}

/** custom.esbuild.plugins as serverless-esbuild reads it: a file (relative to the service) exporting plugins, or a function of the service returning them. */
function loadPlugins(rootDir: string, value: unknown, environment: Dict): BuildOptions['plugins'] {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Error('custom.esbuild.plugins must name a file');
  const loaded = createRequire(join(rootDir, 'package.json'))(join(rootDir, value)) as unknown;
  const service = { service: { provider: { environment } } };
  const plugins =
    typeof loaded === 'function'
      ? (loaded as (service: unknown) => unknown)(service)
      : ((loaded as { default?: unknown }).default ?? loaded);
  if (!Array.isArray(plugins)) throw new Error(`custom.esbuild.plugins (${value}) does not export a list of plugins`);
  return plugins as BuildOptions['plugins'];
}

function toBuildOptions(
  rootDir: string,
  provider: Dict,
  custom: unknown,
  params: Dict = {},
): { buildOptions: BuildOptions; outExtension: string } {
  const esbuildConfig = isDict(custom)
    ? Object.fromEntries(Object.entries(custom).map(([key, value]) => [key, resolveParams(value, params)]))
    : {};
  if (esbuildConfig.config !== undefined) {
    throw new Error(
      'custom.esbuild.config (a JS config file) is not supported by the benchmark; inline the options in serverless.yml',
    );
  }
  // Variables in plugin-only keys (outputWorkFolder, ...) do not change the bundle; in the others they would.
  const relevant = Object.entries(esbuildConfig).filter(
    ([key]) => !PLUGIN_KEYS.has(key) || key === 'exclude' || key === 'outputFileExtension' || key === 'plugins',
  );
  const withVariables = relevant.filter(([, value]) => hasVariable(value)).map(([key]) => key);
  if (withVariables.length > 0) {
    throw new Error(
      `custom.esbuild.${withVariables.join(', ')} use \${...} variables, which the benchmark does not resolve`,
    );
  }
  const asStrings = (value: unknown): string[] =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
      (v): v is string => typeof v === 'string',
    );
  const exclude = asStrings(esbuildConfig.exclude ?? ['aws-sdk']);
  const external = [...asStrings(esbuildConfig.external), ...(exclude.includes('*') ? [] : exclude)];
  const esbuildOwn = Object.fromEntries(Object.entries(esbuildConfig).filter(([key]) => !PLUGIN_KEYS.has(key)));
  const target = runtimeTarget(provider.runtime);
  const buildOptions: BuildOptions = {
    // serverless-esbuild's defaults, then the runtime's target, then custom.esbuild.
    bundle: true,
    platform: 'node',
    ...(target ? { target } : {}),
    ...(esbuildOwn as BuildOptions),
    external,
  };
  // The provider's environment as the default stage resolves it (the plugins may depend on it, as in a deploy).
  const environment = isDict(provider.environment)
    ? Object.fromEntries(
        Object.entries(provider.environment).map(([key, value]) => [key, resolveParams(value, params)]),
      )
    : {};
  const plugins = loadPlugins(rootDir, esbuildConfig.plugins, environment);
  if (plugins) buildOptions.plugins = plugins;
  const outExtension =
    typeof esbuildConfig.outputFileExtension === 'string' ? esbuildConfig.outputFileExtension : '.js';
  return { buildOptions, outExtension };
}

/** Every .ts/.js file under functions/ exporting `handler`: used only when serverless.yml cannot be read. */
function scanFunctions(rootDir: string): FunctionEntry[] {
  const out: FunctionEntry[] = [];
  const walk = (dir: string) => {
    for (const dirent of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, dirent.name);
      if (dirent.isDirectory()) walk(path);
      else if (/\.(m|c)?[jt]s$/.test(dirent.name) && !/\.(test|d)\.[jt]s$/.test(dirent.name)) {
        if (/export\s+(const|async\s+function|function|let)\s+handler\b/.test(readFileSync(path, 'utf8'))) {
          const name = relative(join(rootDir, 'functions'), path)
            .replace(/\.[^.]+$/, '')
            .split(sep)
            .join('/');
          // Events unknown here: every function is held to the HTTP budget.
          out.push({ name, entry: path, exportName: 'handler', http: true, packageFiles: [] });
        }
      }
    }
  };
  walk(join(rootDir, 'functions'));
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * serverless.yml's functions: a mapping, or a list of mappings and `${file(x.cjs)}` entries (the
 * HTTP functions come from the route specs that way), merged as the framework merges them.
 */
function functionsOf(rootDir: string, node: unknown): Dict {
  if (isDict(node)) return node;
  if (!Array.isArray(node)) return {};
  const merged: Dict = {};
  for (const item of node) {
    const file = typeof item === 'string' ? /^\$\{file\(([^)]+)\)\}$/.exec(item.trim())?.[1] : undefined;
    if (file) {
      const loaded = createRequire(join(rootDir, 'package.json'))(join(rootDir, file)) as unknown;
      Object.assign(merged, typeof loaded === 'function' ? (loaded as () => Dict)() : loaded);
    } else if (isDict(item)) Object.assign(merged, item);
  }
  return merged;
}

export function readServiceConfig(rootDir: string): ServiceConfig {
  const warnings: string[] = [];
  const yaml = loadYamlModule(rootDir);
  if (!yaml) {
    warnings.push(
      'js-yaml is not installed: functions read from functions/, esbuild options from the built-in copy of serverless.yml',
    );
    return {
      source: 'functions/',
      functions: scanFunctions(rootDir),
      ...toBuildOptions(
        rootDir,
        { runtime: 'nodejs22.x' },
        {
          bundle: true,
          minify: true,
          sourcemap: 'external',
          target: 'node20',
          platform: 'node',
          format: 'cjs',
          outputFileExtension: '.cjs',
          exclude: [],
          keepNames: false,
        },
      ),
      literalEnvironment: {},
      warnings,
    };
  }

  const file = join(rootDir, 'serverless.yml');
  const doc = yaml.load(readFileSync(file, 'utf8'), { schema: cloudFormationSchema(yaml), filename: file });
  if (!isDict(doc)) throw new Error('serverless.yml is not a mapping');
  const provider = isDict(doc.provider) ? doc.provider : {};
  const custom = isDict(doc.custom) ? doc.custom : {};
  const functionsNode = functionsOf(rootDir, doc.functions);

  const functions: FunctionEntry[] = [];
  for (const [name, definition] of Object.entries(functionsNode)) {
    const handler = isDict(definition) ? definition.handler : undefined;
    if (typeof handler !== 'string' || hasVariable(handler)) {
      warnings.push(`function ${name}: no literal handler (image or variable), skipped`);
      continue;
    }
    const dot = handler.lastIndexOf('.');
    const modulePath = handler.slice(0, dot);
    const entry = resolveEntry(rootDir, modulePath);
    if (dot <= 0 || !entry) throw new Error(`function ${name}: handler ${handler} does not resolve to a source file`);
    const events = isDict(definition) && Array.isArray(definition.events) ? definition.events : [];
    const pkg =
      isDict(definition) && isDict(definition.package) && Array.isArray(definition.package.patterns)
        ? definition.package.patterns
        : [];
    functions.push({
      name,
      entry,
      exportName: handler.slice(dot + 1),
      http: events.some((event) => isDict(event) && 'http' in event),
      packageFiles: pkg.filter((pattern): pattern is string => typeof pattern === 'string' && !pattern.startsWith('!')),
    });
  }

  const environment = isDict(provider.environment) ? provider.environment : {};
  const literalEnvironment = Object.fromEntries(
    Object.entries(environment)
      .filter(([, value]) => (typeof value === 'string' || typeof value === 'number') && !hasVariable(value))
      .map(([key, value]) => [key, String(value)]),
  );

  const params = isDict(doc.params) && isDict(doc.params.default) ? doc.params.default : {};
  return {
    source: 'serverless.yml',
    functions,
    ...toBuildOptions(rootDir, provider, custom.esbuild, params),
    literalEnvironment,
    warnings,
  };
}
