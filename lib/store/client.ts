import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { roundTrips } from './round-trips.js';

/**
 * One DocumentClient per container, created at module scope so warm invocations reuse its
 * connections. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set (local stack), so
 * there is no "if local" branch here.
 */
// Bounded waits: a hung connection fails (and is retried) instead of stalling a request or the outbox consumer.
const base = new DynamoDBClient({
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
});

base.middlewareStack.add(
  (next) => async (args) => {
    roundTrips.count += 1;
    return next(args);
  },
  { step: 'initialize', name: 'countRoundTrips' },
);

export const ddb = DynamoDBDocumentClient.from(base, {
  marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
});
