import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { CompiledRoute } from '../schemas/route.js';
import { basePipeline } from './pipeline.js';
import { permissionsPolicy } from './permissions-policy.js';

export interface RawReply {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** For the public routes that answer other than JSON (the documentation, the webhook handshake): no key, no body, not an envelope. */
export function rawHttpHandler(
  route: CompiledRoute,
  implementation: (event: APIGatewayProxyEvent) => Promise<RawReply>,
  securityHeaders?: Record<string, unknown>,
) {
  const base = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const reply = await implementation(event);
    return {
      statusCode: route.status,
      headers: { 'Content-Type': reply.contentType, ...reply.headers },
      body: reply.body,
    };
  };
  return basePipeline(route, base, [], { permissionsPolicy: permissionsPolicy(), securityHeaders });
}
