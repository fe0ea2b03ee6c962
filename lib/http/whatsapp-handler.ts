import httpJsonBodyParser from '@middy/http-json-body-parser';
import validator from '@middy/validator';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { CompiledRoute } from '../schemas/route.js';
import type { Reply } from './handler.js';
import { limitBodyDepth, limitBodySize, rejectPrototypeKeys, requireBody } from './json.js';
import { basePipeline, type Middleware } from './pipeline.js';
import { eventValidator } from './validation.js';
import { checkWhatsAppSignature } from './whatsapp-auth.js';

/**
 * The pipeline of a signed webhook: body size -> signature over the raw body (401 before anything
 * is parsed or stored) -> JSON -> nesting depth -> schema. The answer is the usual envelope.
 */
export function signedWebhookHandler(route: CompiledRoute, implementation: (body: unknown) => Promise<Reply>) {
  const base = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const reply = await implementation(event.body as unknown);
    return {
      statusCode: route.status,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ success: true, data: reply.data }),
    };
  };
  const steps: Middleware[] = [
    { before: async (request) => limitBodySize(request.event.body, request.event.isBase64Encoded) },
    { before: async (request) => checkWhatsAppSignature(request.event) },
    { before: async (request) => requireBody(request.event.body) },
    httpJsonBodyParser({ reviver: rejectPrototypeKeys }) as Middleware,
    { before: async (request) => limitBodyDepth(request.event.body) },
  ];
  if (route.validateBody) steps.push(validator({ eventSchema: eventValidator(route) }) as Middleware);
  return basePipeline(route, base, steps);
}
