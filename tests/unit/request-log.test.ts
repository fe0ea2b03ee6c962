import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../functions/orders/get-order.js';

/** The JSON lines a call writes to stdout and stderr (the log and the metrics), parsed. */
async function linesOf(call: () => Promise<unknown>): Promise<Array<Record<string, any>>> {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await call();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, any>);
}

type HandlerEvent = Parameters<typeof handler>[0];

const event = (headers: Record<string, string>): HandlerEvent =>
  ({
    httpMethod: 'GET',
    path: '/api/v1/orders/abc',
    resource: '/api/v1/orders/{id}',
    headers,
    multiValueHeaders: {},
    pathParameters: { id: 'abc' },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', stage: 'test' },
  }) as unknown as HandlerEvent;

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

describe('the request log line and error metric', () => {
  beforeEach(() => {
    process.env.METRICS = 'emf';
  });
  afterEach(() => {
    delete process.env.METRICS;
  });

  it('carry the code of the error the envelope answered with, taken from the error itself', async () => {
    // Act: no API key, so the pipeline refuses before it reads anything
    let response: { statusCode: number; body: string } | undefined;
    const lines = await linesOf(async () => {
      response = (await handler(event({}), context)) as { statusCode: number; body: string };
    });

    // Assert
    expect(response?.statusCode).toBe(401);
    expect(JSON.parse(response!.body)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(lines.find((line) => line.message === 'request completed')).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
    });
    expect(lines.find((line) => line.Errors === 1)).toMatchObject({
      Route: 'GET /api/v1/orders/{id}',
      Code: 'UNAUTHORIZED',
    });
  });
});
