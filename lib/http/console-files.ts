/**
 * How the staff console's files are served, the same on the local stack (functions/console/) and
 * in AWS (CloudFront in front of the console bucket, serverless.yml): hashed assets are kept for a
 * year, everything else is revalidated on every load, and a path of the single-page app that is
 * not a file (no extension: /console/orders/42) gets its index.html.
 */
const CONSOLE_BASE = '/console/';

/** Files under /console/assets/ carry a content hash in their name: they never change. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PAGE_CACHE_CONTROL = 'no-cache';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
  webmanifest: 'application/manifest+json',
};

export type ConsoleFile =
  | { kind: 'redirect'; location: string }
  | { kind: 'file'; path: string; contentType: string; cacheControl: string; binary: boolean }
  | { kind: 'not-found' };

/**
 * What answers a request path: a redirect to the console's root, one of its files (relative to its
 * build folder), or nothing. `/console` is the console's page as `/console/` is: the local HTTP
 * server hands both over as `/console` (CloudFront, which keeps them apart, redirects the first).
 */
export function consoleFileFor(requestPath: string): ConsoleFile {
  if (requestPath === '/') return { kind: 'redirect', location: CONSOLE_BASE };
  const path = requestPath === '/console' ? CONSOLE_BASE : requestPath;
  if (!path.startsWith(CONSOLE_BASE)) return { kind: 'not-found' };
  const relative = path.slice(CONSOLE_BASE.length);
  const segments = relative.split('/');
  // Never a path out of the build folder, nor a hidden file.
  if (segments.some((s) => s === '..' || s.startsWith('.') || s.includes('\\'))) return { kind: 'not-found' };
  const last = segments[segments.length - 1] ?? '';
  const dot = last.lastIndexOf('.');
  if (dot === -1)
    return {
      kind: 'file',
      path: 'index.html',
      contentType: TYPES.html!,
      cacheControl: PAGE_CACHE_CONTROL,
      binary: false,
    };
  const extension = last.slice(dot + 1).toLowerCase();
  const contentType = TYPES[extension];
  if (contentType === undefined) return { kind: 'not-found' };
  return {
    kind: 'file',
    path: relative,
    contentType,
    cacheControl: relative.startsWith('assets/') ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL,
    binary: !/^(text\/|application\/(json|manifest\+json)|image\/svg)/.test(contentType),
  };
}
