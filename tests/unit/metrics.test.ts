import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordEvent, recordRequest } from '../../lib/metrics.js';

/** The lines written to stdout while `fn` runs, parsed. */
function emitted(fn: () => void): Array<Record<string, any>> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, any>);
}

describe('metrics in CloudWatch Embedded Metric Format', () => {
  beforeEach(() => {
    process.env.METRICS = 'emf';
  });
  afterEach(() => {
    delete process.env.METRICS;
  });

  it('writes one request as count and latency per route, in the EMF shape CloudWatch extracts', () => {
    const [line, ...rest] = emitted(() => recordRequest('POST /api/v1/orders', 201, 73));

    expect(rest).toEqual([]);
    expect(line).toMatchObject({ Route: 'POST /api/v1/orders', Requests: 1, Latency: 73 });
    const directive = line!._aws.CloudWatchMetrics[0];
    expect(directive).toEqual({
      Namespace: 'VehiclePurchaseOrders',
      Dimensions: [['Route']],
      Metrics: [
        { Name: 'Requests', Unit: 'Count' },
        { Name: 'Latency', Unit: 'Milliseconds' },
      ],
    });
    expect(typeof line!._aws.Timestamp).toBe('number');
  });

  it('adds an error per route and code, and a server error for a 5xx', () => {
    const refused = emitted(() => recordRequest('PATCH /api/v1/orders/{id}/status', 409, 12, 'VERSION_CONFLICT'));
    const failed = emitted(() => recordRequest('GET /api/v1/orders', 503, 40, 'SERVICE_UNAVAILABLE'));

    expect(refused[1]).toMatchObject({
      Route: 'PATCH /api/v1/orders/{id}/status',
      Code: 'VERSION_CONFLICT',
      Errors: 1,
    });
    expect(refused[1]).not.toHaveProperty('ServerErrors');
    expect(refused[1]!._aws.CloudWatchMetrics[0].Dimensions).toEqual([['Route', 'Code']]);
    expect(failed[1]).toMatchObject({ Code: 'SERVICE_UNAVAILABLE', Errors: 1, ServerErrors: 1 });
  });

  it('counts business events under the service dimension', () => {
    const [line] = emitted(() => recordEvent('EventsParked'));

    expect(line).toMatchObject({ Service: 'VehiclePurchaseOrders', EventsParked: 1 });
    expect(line!._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: 'EventsParked', Unit: 'Count' }]);
  });

  it('writes nothing when metrics are off (the local stack)', () => {
    delete process.env.METRICS;
    expect(emitted(() => recordRequest('GET /api/v1/orders', 200, 5))).toEqual([]);
  });
});
