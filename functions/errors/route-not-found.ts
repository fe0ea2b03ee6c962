import { AppError } from '../../lib/domain/errors.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';

/** Whatever no route claims: 404 ROUTE_NOT_FOUND in the error envelope, naming what was asked and where the routes are listed. */
export const handler = rawHttpHandler(
  { id: 'routeNotFound', route: 'ANY /{proxy+}', status: 200, hasBody: false },
  async (event) => {
    const asked = `${event.httpMethod} ${event.path}`.slice(0, 200);
    throw new AppError(
      'ROUTE_NOT_FOUND',
      `No route ${asked}: GET /api/v1 lists every route, and /api/v1/docs describes them`,
    );
  },
);
