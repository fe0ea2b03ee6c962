import { allRoutes } from '../../lib/schemas/index.js';
import type { RouteSpec } from '../../lib/schemas/route.js';
import { SHIPPED_IMPORT_RULES_FILE } from '../../lib/store/shipped-import-rules.js';
import { statementsFor } from './iam.js';

const kebab = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The handler file of a route: functions/<folder>/<id in kebab case>.ts. */
export const handlerFileOf = (route: Pick<RouteSpec, 'id' | 'folder'>): string =>
  `functions/${route.folder}/${kebab(route.id)}.ts`;

/**
 * serverless.yml's HTTP functions, one per route spec, so a route is declared once: its id is
 * the function name, its path and method the API Gateway event, `public` routes need no key.
 */
export function httpFunctions(routes: readonly RouteSpec[] = allRoutes): Record<string, unknown> {
  return Object.fromEntries(
    routes.map((route) => [
      route.id,
      {
        handler: handlerFileOf(route).replace(/\.ts$/, '.handler'),
        // Source maps stay out of the zip (serverless-esbuild honours function-level patterns);
        // files the route serves go in beside the bundle, at their path from the root, and every
        // function carries the shipped import rules (read on first use, by whichever route needs them).
        package: { patterns: ['!**/*.map', SHIPPED_IMPORT_RULES_FILE, ...(route.packageFiles ?? [])] },
        // Its own role, with only what it uses (scripts/serverless/iam.ts).
        iamRoleStatements: statementsFor(route),
        ...route.lambda,
        events: [
          {
            http: {
              path: route.path.replace(/^\//, ''),
              method: route.method.toLowerCase(),
              ...(route.public ? {} : { private: true }),
              ...(route.cors === false ? {} : { cors: true }),
            },
          },
        ],
      },
    ]),
  );
}
