/**
 * The layers, checked on every `npm test` (npm run check:layers). Imports point one way:
 *
 *   functions/ (handlers) -> lib/http (pipeline; lib/pages, the HTML it answers with) -> lib/use-cases -> lib/store, lib/notify,
 *   lib/archive, lib/catalogue, lib/documents, lib/gateway, lib/aws (data layer and adapters)
 *   -> lib/domain (pure rules) -> lib/text (the words of messages and documents), lib/data (generated data)
 *
 * lib/schemas (route specs) sit beside the domain: anything may read them, they read only the
 * domain. lib/config.ts (every environment read) and lib/logger.ts are shared by every layer;
 * config imports nothing of ours, the logger only config.
 */
const layer = (name, path, mayNotImport, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path },
  to: { path: mayNotImport },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import circles make modules impossible to read (or load) one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-circles',
      comment: 'Folders that import each other are one part in two places: a shared piece goes below both.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(lib|functions)/' },
      to: { circular: true },
    },
    layer(
      'text-and-data-import-nothing',
      '^lib/(text|data)/',
      '^(lib/(?!text/)|functions/|scripts/)',
      'The words the service says and the data it ships are plain values (words may be built of other words).',
    ),
    layer(
      'domain-is-pure',
      '^lib/domain/',
      '^(lib/(?!domain/|text/|data/)|functions/|scripts/)',
      'Domain rules import nothing but other domain rules, their words and their data.',
    ),
    layer(
      'pages-are-presentation',
      '^lib/pages/',
      '^(lib/(?!domain/|text/)|functions/|scripts/)',
      'A page renders the view its use case made, in its words: it reads nothing and decides nothing.',
    ),
    layer(
      'schemas-read-only-domain',
      '^lib/schemas/',
      '^(lib/(?!domain/|schemas/|text/)|functions/|scripts/)',
      "Route specs describe shapes; they may use domain constants and the documents' words only.",
    ),
    layer(
      'data-layer-below-use-cases',
      '^lib/(store|notify|archive|catalogue|documents|gateway|aws)/',
      '^(lib/(use-cases|http|openapi)/|functions/|scripts/)',
      'Repositories and adapters never reach up into use cases or the HTTP pipeline.',
    ),
    layer(
      'use-cases-know-no-http',
      '^lib/use-cases/',
      '^(lib/(http|openapi|pages)/|functions/|scripts/)',
      'Use cases take plain inputs and throw AppError; the pipeline alone speaks HTTP.',
    ),
    {
      name: 'pipeline-reaches-data-through-use-cases',
      comment:
        'The pipeline calls use cases (authenticate, admitRequest) for anything stored. Two pieces of the store are its to read: ' +
        'store/errors, to answer a table outage as 503, and store/round-trips, the count its request log line carries.',
      severity: 'error',
      from: { path: '^lib/http/' },
      to: {
        path: '^lib/(store|notify|archive|catalogue|documents|gateway|aws)/',
        pathNot: '^lib/store/(errors|round-trips)\\.ts$',
      },
    },
    layer(
      'pipeline-below-handlers',
      '^lib/http/',
      '^(functions/|scripts/)',
      'The pipeline serves handlers; it never imports them.',
    ),
    layer(
      'lib-never-imports-tooling',
      '^lib/',
      '^(scripts/|tests/)',
      'Production code never depends on scripts or tests.',
    ),
    layer('base-modules-import-nothing', '^lib/config\\.ts$', '^lib/', 'config is the floor every layer stands on.'),
    layer(
      'logger-reads-only-config',
      '^lib/logger\\.ts$',
      '^lib/(?!config\\.ts$)',
      'The logger stands on config alone (its level is an environment setting like any other).',
    ),
    {
      name: 'handlers-are-thin',
      comment: 'A handler declares its route and calls one use case: no direct data access.',
      severity: 'error',
      from: { path: '^functions/(?!outbox/)' },
      to: { path: '^lib/(store|notify|archive|catalogue|documents|gateway|aws)/' },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports is dead code (handlers, scripts and tests are entry points).',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '^(functions|scripts|tests)/',
          '\\.d\\.ts$',
          '(^|/)\\.[^/]+\\.(c|m)?js$',
          '\\.config\\.ts$',
          '^lib/schemas/generated/',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^lib/schemas/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
