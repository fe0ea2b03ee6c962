/**
 * CloudWatch metrics as Embedded Metric Format log lines: CloudWatch Logs turns each line into
 * metric values, with no agent, no API call and no library in the bundle (the format is a JSON
 * object with an `_aws` header; see the EMF specification). On in AWS (METRICS=emf, set by
 * serverless.yml); off on the local stack, where the request log line says the same.
 */
import { metricsEnabled } from './config.js';
const NAMESPACE = 'VehiclePurchaseOrders';

type Unit = 'Count' | 'Milliseconds';

const enabled = metricsEnabled;

function emit(dimensions: Record<string, string>, values: Record<string, { value: number; unit: Unit }>): void {
  if (!enabled()) return;
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: NAMESPACE,
          Dimensions: [Object.keys(dimensions)],
          Metrics: Object.entries(values).map(([name, { unit }]) => ({ Name: name, Unit: unit })),
        },
      ],
    },
    ...dimensions,
    ...Object.fromEntries(Object.entries(values).map(([name, { value }]) => [name, value])),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** One request: count and latency per route; errors per route and code (5xx also as ServerErrors). */
export function recordRequest(route: string, statusCode: number, latencyMs: number, code?: string): void {
  emit(
    { Route: route },
    { Requests: { value: 1, unit: 'Count' }, Latency: { value: latencyMs, unit: 'Milliseconds' } },
  );
  if (statusCode >= 400) {
    emit(
      { Route: route, Code: code ?? String(statusCode) },
      {
        Errors: { value: 1, unit: 'Count' },
        ...(statusCode >= 500 ? { ServerErrors: { value: 1, unit: 'Count' } } : {}),
      },
    );
  }
}

/** The business events an operator watches: orders created, wallet movements, messages sent and failed, events parked. */
export type BusinessEvent =
  | 'OrdersCreated'
  | 'WalletMovements'
  | 'MessagesSent'
  | 'MessagesFailed'
  | 'EventsParked'
  | 'WebhooksDelivered'
  | 'WebhookAttemptsFailed'
  | 'WebhooksFailed'
  | 'WebhookEndpointsDisabled'
  | 'StaleCatalogueFeeds'
  | 'HeldCatalogueFeeds';

export function recordEvent(event: BusinessEvent, count = 1): void {
  emit({ Service: NAMESPACE }, { [event]: { value: count, unit: 'Count' } });
}
