import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toServiceError } from '../../lib/store/errors.js';

/** A stand-in for DynamoDB: answers every request with the next status and error type, counting them. */
let server: Server;
let answer: { status: number; type: string; message: string };
let requests = 0;
let client: DynamoDBClient;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(answer.status, { 'Content-Type': 'application/x-amz-json-1.0' });
    response.end(
      JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${answer.type}`, message: answer.message }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 2,
  });
});

afterAll(async () => {
  client.destroy();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = 0;
});

/** What the SDK throws after its retries, as the pipeline would map it. */
async function refusal(): Promise<unknown> {
  return client.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } })).then(
    () => {
      throw new Error('the stand-in answered success');
    },
    (error: unknown) => error,
  );
}

describe('toServiceError: a DynamoDB failure the client retried and still got', () => {
  it.each([
    ['InternalServerError', 'Internal server error'],
    // DynamoDB Local's own name for an unexpected failure.
    ['InternalFailure', 'The request processing has failed because of an unknown error, exception or failure.'],
    ['ServiceUnavailable', 'Service unavailable'],
  ])('answers a 500 %s with SERVICE_UNAVAILABLE and Retry-After, after the retries', async (type, message) => {
    answer = { status: 500, type, message };

    const mapped = toServiceError(await refusal());

    expect(requests).toBe(2);
    expect(mapped?.code).toBe('SERVICE_UNAVAILABLE');
    expect(mapped?.retryAfterSeconds).toBe(1);
    expect(mapped?.message).not.toContain(message);
  });

  it('keeps a request DynamoDB cannot store as the caller’s 400, not retried', async () => {
    answer = { status: 400, type: 'ValidationException', message: 'Nesting Levels have exceeded supported limits' };

    const mapped = toServiceError(await refusal());

    expect(requests).toBe(1);
    expect(mapped?.code).toBe('VALIDATION_ERROR');
  });

  it('leaves a client fault it does not know to the internal-error path', async () => {
    answer = { status: 400, type: 'ResourceNotFoundException', message: 'Requested resource not found' };

    expect(toServiceError(await refusal())).toBeUndefined();
  });
});
