import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The base URL the caller reached this API at, so the reference's `servers` (and its "try it")
 * point where the document came from: the Host header and protocol of the request, plus the
 * stage prefix API Gateway adds on its default domain (`/dev`), which `event.path` leaves out.
 */
export function serverUrlOf(event: Pick<APIGatewayProxyEvent, 'headers' | 'path' | 'requestContext'>): string {
  const headers = event.headers ?? {};
  const given = headers.host ?? headers.Host ?? '';
  const host = /^[A-Za-z0-9.-]+(:\d+)?$/.test(given) ? given : 'localhost:3000';
  const forwarded = headers['x-forwarded-proto'] ?? headers['X-Forwarded-Proto'];
  const proto =
    forwarded === 'http' || forwarded === 'https'
      ? forwarded
      : /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(host)
        ? 'http'
        : 'https';
  const fullPath = event.requestContext?.path ?? event.path;
  const prefix =
    fullPath && event.path && fullPath.endsWith(event.path)
      ? fullPath.slice(0, fullPath.length - event.path.length)
      : '';
  const safePrefix = /^(\/[A-Za-z0-9_-]+)*$/.test(prefix) ? prefix : '';
  return `${proto}://${host}${safePrefix}`;
}
