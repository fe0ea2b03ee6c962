import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The staff console: static files served at /console/ on the same origin as the API (/api/v1).
 * `npm run build:console` writes console/dist; in development, VPO_API (default
 * http://localhost:3000) is where the dev server sends /api.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

type OpenApi = {
  components?: { schemas?: Record<string, { properties?: Record<string, { enum?: unknown }> }> };
  paths?: Record<
    string,
    Record<
      string,
      { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { enum?: unknown }> } }> } }
    >
  >;
};
/** The API's OpenAPI document, generated with the typed client by `npm run build:contracts`. */
const openApi = (): OpenApi =>
  JSON.parse(readFileSync(new URL('../client/openapi.json', import.meta.url), 'utf8')) as OpenApi;

function strings(values: unknown, where: string): string[] {
  if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'string'))
    throw new Error(`client/openapi.json has no enum at ${where}: run npm run build:contracts`);
  return values;
}

/**
 * The order statuses, in their lifecycle order, from the API's OpenAPI document: the console keeps
 * no list of its own (console/src/api/enums.ts).
 */
function orderStatuses(document: OpenApi): string[] {
  return strings(document.components?.schemas?.Order?.properties?.status?.enum, 'Order.status');
}

/** The values a request body's field takes, in the API's order, for the choices a form offers. */
function bodyEnum(document: OpenApi, path: string, method: string, field: string): string[] {
  const schema = document.paths?.[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
  return strings(schema?.properties?.[field]?.enum, `${method.toUpperCase()} ${path} body.${field}`);
}

/** Each enumeration a form of the console offers as choices (typed in console/src/api/enums.ts). */
function formEnums(document: OpenApi) {
  const customs = (field: string) => bodyEnum(document, '/api/v1/orders/{id}/customs-invoice', 'patch', field);
  return {
    fuelType: customs('fuelType'),
    condition: customs('condition'),
    incoterms: customs('incoterms'),
    defaultIncoterms: bodyEnum(document, '/api/v1/tenant-profile', 'put', 'defaultIncoterms'),
    arabicDigits: bodyEnum(document, '/api/v1/tenant-profile', 'put', 'arabicDigits'),
  };
}

/**
 * Vendor code in chunks of its own, each under Vite's 500 kB warning: they change only with the
 * lockfile, so a new console release leaves them in the browser's cache. A group takes the modules
 * it matches and what they import that an earlier group did not take: React; MUI and Emotion;
 * react-admin's core (forms, routing, queries, translations); react-admin's components and the rest.
 */
const modules = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
const VENDOR: [name: string, test: RegExp][] = [
  ['react', modules('react|react-dom|scheduler')],
  ['mui', modules('@mui|@emotion|stylis')],
  ['ra-core', modules('ra-core|ra-i18n-polyglot|ra-language-english|react-hook-form|react-router|@tanstack')],
  ['ra-ui', modules('.+?')],
];

const api = openApi();

export default defineConfig({
  root,
  base: '/console/',
  plugins: [react()],
  define: {
    __VPO_ORDER_STATUSES__: JSON.stringify(orderStatuses(api)),
    __VPO_FORM_ENUMS__: JSON.stringify(formEnums(api)),
    // Always React's production build, also when built from a process with another NODE_ENV (the
    // tests' global set-up runs under vitest's NODE_ENV=test): the development build is twice the
    // size and slower, and the build cache (scripts/console/build.ts) does not know the mode.
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  // Packages' production builds too (export condition "production", not "development"), and JSX
  // without the development runtime's source locations.
  oxc: { jsx: { development: false } },
  resolve: {
    conditions: defaultClientConditions.map((condition) =>
      condition === 'development|production' ? 'production' : condition,
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: VENDOR.map(([name, test], index) => ({
            name: `vendor-${name}`,
            test,
            priority: VENDOR.length - index,
          })),
        },
      },
    },
  },
  server: { proxy: { '/api': { target: process.env.VPO_API ?? 'http://localhost:3000', changeOrigin: false } } },
  preview: { proxy: { '/api': { target: process.env.VPO_API ?? 'http://localhost:3000', changeOrigin: false } } },
});
