// Keeps the source maps of a packaging, outside the zips: serverless-esbuild writes each bundle's
// map beside it in its work folder (sourcemap: external, so the bundle names no map and the zips
// leave it out), then deletes that folder once the zips are made. This copies each function's map
// first, to `<package folder>/sourcemaps/<the bundle's path in its zip>.map` (by default
// .serverless/sourcemaps/functions/orders/create-order.cjs.map for createOrder), where an error
// tracker's upload can take them: a Lambda stack trace names /var/task/<that same path>.
//
// Listed before serverless-esbuild in scripts/serverless/plugins.cjs: hooks on one event run in
// the plugins' order, and serverless-esbuild deletes its work folder on this same event.
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

/** esbuild settings that write a .map file beside the bundle. */
const WRITES_MAP_FILES = new Set([true, 'true', 'linked', 'external', 'both']);

class KeepSourceMaps {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = {
      'after:package:createDeploymentArtifacts': () => this.keep(),
      // `serverless deploy function -f <name>` bundles that one function the same way.
      'after:deploy:function:packageFunction': () => this.keep(),
    };
  }

  keep() {
    const esbuild = this.serverless.pluginManager.plugins.find(
      (plugin) => plugin.constructor.name === 'EsbuildServerlessPlugin',
    );
    if (!esbuild || !WRITES_MAP_FILES.has(esbuild.buildOptions?.sourcemap)) return;
    const serviceDir = this.serverless.serviceDir;
    // The package folder: serverless moves .serverless there after packaging (`--package`).
    const target = join(serviceDir, '.serverless', 'sourcemaps');
    for (const { bundlePath, functionAlias } of esbuild.buildResults ?? []) {
      const from = join(esbuild.buildDirPath, `${bundlePath}.map`);
      if (!existsSync(from)) {
        throw new Error(
          `No source map for ${functionAlias} at ${from}: is scripts/serverless/sourcemaps.cjs listed before serverless-esbuild?`,
        );
      }
      const to = join(target, `${bundlePath}.map`);
      const map = JSON.parse(readFileSync(from, 'utf8'));
      // Sources as paths from the project root (lib/http/pipeline.ts), wherever the map is moved
      // to; their text is in the map too (sourcesContent).
      map.sources = map.sources.map((source) =>
        relative(serviceDir, resolve(dirname(from), source))
          .split(sep)
          .join('/'),
      );
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, JSON.stringify(map));
    }
  }
}

module.exports = KeepSourceMaps;
