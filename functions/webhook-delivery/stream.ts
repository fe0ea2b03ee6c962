import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describeError, log } from '../../lib/logger.js';
import { runEndpoint, runTenant } from '../../lib/use-cases/webhooks/deliver.js';

/**
 * Triggered by DynamoDB Streams (serverless.yml filters the stream): a new event wakes its
 * tenant's endpoints, a replayed delivery its endpoint, so deliveries start within a second.
 * Never throws a batch back at the stream: the sweeper takes up whatever this misses.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<void> => {
  const tenants = new Set<string>();
  const endpoints = new Set<string>();
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (image?.entity?.S === 'integratorEvent') tenants.add(image.tenantId?.S ?? '');
    if (image?.entity?.S === 'webhookDelivery' && image.endpointId?.S) endpoints.add(image.endpointId.S);
  }
  const work = [
    ...[...tenants].map((tenant) => ({ what: { tenant }, run: () => runTenant(tenant === '' ? undefined : tenant) })),
    ...[...endpoints].map((endpointId) => ({ what: { endpointId }, run: () => runEndpoint(endpointId) })),
  ];
  await Promise.all(
    work.map(async ({ what, run }) => {
      try {
        await run();
      } catch (error) {
        log.error('webhook delivery pass failed', { ...what, ...describeError(error) });
      }
    }),
  );
};
