import type { APIGatewayProxyResult } from 'aws-lambda';
import type { CompiledRoute } from '../schemas/route.js';
import { basePipeline } from './pipeline.js';

export interface RawReply {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** For the public documentation routes: no key, no body, not an envelope, and no DynamoDB client bundled. */
export function rawHttpHandler(route: CompiledRoute, implementation: () => Promise<RawReply>, contentSecurityPolicy?: Record<string, string>) {
  const base = async (): Promise<APIGatewayProxyResult> => {
    const reply = await implementation();
    return { statusCode: route.status, headers: { 'Content-Type': reply.contentType, ...reply.headers }, body: reply.body };
  };
  return basePipeline(route, base, [], contentSecurityPolicy);
}
