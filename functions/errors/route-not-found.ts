import { AppError } from '../../lib/domain/errors.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';

/** Whatever no route claims: 404 ROUTE_NOT_FOUND in the error envelope, never the framework's own page. */
export const handler = rawHttpHandler({ id: 'routeNotFound', route: 'ANY /{proxy+}', status: 200, hasBody: false }, async () => {
  throw new AppError('ROUTE_NOT_FOUND', 'No such route; the API lives under /api/v1 (see /api/v1/docs)');
});
