import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { CompiledRoute } from '../schemas/route.js';
import { describeError, log } from '../logger.js';
import { basePipeline } from './pipeline.js';
import { permissionsPolicy } from './permissions-policy.js';

export interface PageReply {
  statusCode: number;
  body: string;
  headers?: Record<string, string>;
}

/**
 * For the public HTML pages (the buyer's tracking page): no key, no envelope; the page decides its
 * status. Whatever fails inside answers `failed()`, a page too, never a JSON error or a trace.
 */
export function pageHandler(
  route: CompiledRoute,
  implementation: (event: APIGatewayProxyEvent) => Promise<PageReply>,
  failed: (event: APIGatewayProxyEvent) => PageReply,
  securityHeaders: Record<string, unknown>,
) {
  const base = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    try {
      return await implementation(event);
    } catch (error) {
      log.error('page failed', describeError(error));
      return failed(event);
    }
  };
  return basePipeline(route, base, [], { permissionsPolicy: permissionsPolicy(), securityHeaders, cors: false });
}
