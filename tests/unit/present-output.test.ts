import { describe, expect, it } from 'vitest';
import { presentOutput } from '../../scripts/local/present-output.js';

describe("npm start's output", () => {
  const completed = (fields: Record<string, unknown>) =>
    JSON.stringify({
      level: 'info',
      time: '2026-11-23T10:00:00.000Z',
      message: 'request completed',
      requestId: '3f1c9a2e-aaaa-bbbb',
      route: 'POST /api/v1/orders',
      statusCode: 201,
      durationMs: 74,
      ...fields,
    });

  it('turns a request log into one compact line: route, status, ms and the request id', () => {
    expect(presentOutput(`${completed({})}\n`, false)).toBe('POST /api/v1/orders -> 201 74 ms  3f1c9a2e\n');
  });

  it('names the error code of a refused request', () => {
    expect(presentOutput(completed({ statusCode: 409, code: 'VERSION_CONFLICT', durationMs: 12 }), false)).toBe(
      'POST /api/v1/orders -> 409 VERSION_CONFLICT 12 ms  3f1c9a2e\n',
    );
  });

  it("keeps warnings and errors, and drops the functions' other JSON lines", () => {
    const warn = JSON.stringify({ level: 'warn', time: 't', message: 'outbox attempt failed', eventId: 'e1' });
    const info = JSON.stringify({ level: 'info', time: 't', message: 'request refused', code: 'NOT_FOUND' });

    expect(presentOutput(`${warn}\n${info}\n`, false)).toBe('warn: outbox attempt failed {"eventId":"e1"}\n');
  });

  it("drops serverless-offline's banners, route table and per-invocation lines, and keeps anything else", () => {
    const offline = [
      'Starting Offline at stage local (eu-west-1)',
      'Function names exposed for local invocation by aws-sdk:',
      '           * createOrder: vehicle-purchase-orders-local-createOrder',
      "Authorizers are turned off. You do not need to use 'x-api-key' header.",
      '   │   POST | http://localhost:3000/api/v1/orders   │',
      'Successfully invoked scheduled function: [outboxSweep]',
      'Error: something real went wrong',
    ].join('\n');

    expect(presentOutput(offline, false)).toBe('Error: something real went wrong\n');
  });

  it('passes everything through as it came with --verbose', () => {
    const text = `${completed({})}\nStarting Offline at stage local (eu-west-1)\n`;
    expect(presentOutput(text, true)).toBe(text);
  });
});
