import { describe, expect, it } from 'vitest';
import { containerCheckDigit, containerNumberProblem } from '../../lib/domain/container-number.js';
import { planShipment } from '../../lib/domain/shipment.js';

describe('ISO 6346 container numbers', () => {
  it.each([
    ['CSQU305438', 3],
    ['MSCU123456', 6],
    ['HMMU123456', 0],
  ])('gives %s the check digit %i', (firstTen, digit) => {
    expect(containerCheckDigit(firstTen)).toBe(digit);
  });

  it('accepts a number whose check digit is right', () => {
    expect(containerNumberProblem('CSQU3054383')).toBeUndefined();
    expect(containerNumberProblem('MSCU1234566')).toBeUndefined();
  });

  it('refuses a wrong check digit, naming the digit expected', () => {
    expect(containerNumberProblem('CSQU3054384')).toBe(
      'has check digit 4, but ISO 6346 gives 3 for CSQU305438: check the number (it would be CSQU3054383)',
    );
    // The example the API reference used to show.
    expect(containerNumberProblem('MSCU1234567')).toMatch(/gives 6/);
  });

  it('refuses an equipment category other than U, J or Z', () => {
    expect(containerNumberProblem('CSQA3054383')).toMatch(/U, J or Z/);
  });

  it('is checked when a shipment is planned, on the number given', () => {
    const booking = {
      method: 'container' as const,
      bookingNumber: 'BK1',
      carrier: 'HMM',
      portOfLoading: 'KRPUS',
      portOfDischarge: 'AEJEA',
    };
    const plan = planShipment(undefined, { ...booking, containerNumber: 'CSQU3054384' }, '2026-11-20T00:00:00.000Z');
    expect(plan).toMatchObject({
      ok: false,
      problems: [{ field: 'containerNumber', message: expect.stringContaining('gives 3') }],
    });
  });
});

describe('the container numbers the reference shows', () => {
  it('each pass the check digit, in the OpenAPI document, its recorded examples and the docs', async () => {
    const { readFileSync } = await import('node:fs');
    const { buildOpenApi } = await import('../../lib/openapi/document.js');
    const { allRoutes } = await import('../../lib/schemas/index.js');
    const texts = [
      JSON.stringify(buildOpenApi(allRoutes, 'test')),
      ...['README.md', 'docs/api.md', 'lib/openapi/guide.ts'].map((path) =>
        readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'),
      ),
    ];
    // Owner code (3 letters), equipment category U/J/Z, serial (6 digits) and check digit.
    const shown = [
      ...new Set(texts.flatMap((text) => [...text.matchAll(/\b[A-Z]{3}[UJZ]\d{7}\b/g)].map((match) => match[0]))),
    ];
    expect(shown.length).toBeGreaterThan(0);
    for (const number of shown) expect(containerNumberProblem(number), number).toBeUndefined();
  });
});
