/**
 * The 400 messages written by hand, outside the request schemas (whose messages
 * validation-messages.test.ts covers): the export steps, the shipment, the car list query, an
 * order's creation and listing, and the request pipeline's own checks (If-Match, text, nesting,
 * a repeated key, the Idempotency-Key, WhatsApp's handshake). Each detail must name its field,
 * say what was expected ("must ...", "is required ...") and give an example ("e.g. ...").
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../lib/domain/caller.js';
import { AppError, type FieldError } from '../../lib/domain/errors.js';
import { planExportStep, type ExportSteps } from '../../lib/domain/export-steps.js';
import { planShipment, type Shipment } from '../../lib/domain/shipment.js';
import { parseCarQuery, type CarListQuery } from '../../lib/catalogue/params.js';
import { expectedVersionOf } from '../../lib/http/if-match.js';
import { idempotencyKeyFrom } from '../../lib/http/idempotency-key.js';
import { limitBodyDepth, limitRawBodyDepth } from '../../lib/http/json.js';
import { refuseRepeatedKey } from '../../lib/http/single-key.js';
import { checkText } from '../../lib/http/text.js';
import { answerWhatsAppChallenge } from '../../lib/http/whatsapp-auth.js';
import type { CompiledRoute } from '../../lib/schemas/route.js';
import { checkCreateBody } from '../../lib/use-cases/orders/create-order.js';
import { listOrders } from '../../lib/use-cases/orders/list-orders.js';

const EXPECTED = /^(must |is required)/;
const EXAMPLE = /\be\.g\. \S/;

/** Every detail names its field, says what is expected and shows a value. */
function expectActionable(details: FieldError[], fields: string[]): void {
  expect(details.map((d) => d.field).sort()).toEqual([...fields].sort());
  for (const { field, message } of details) {
    expect(message, field).toMatch(EXPECTED);
    expect(message, field).toMatch(EXAMPLE);
  }
}

/** The details of the 400 a call throws. */
async function detailsOf(call: () => unknown): Promise<FieldError[]> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    return (error as AppError).details as FieldError[];
  }
  throw new Error('expected a validation error');
}

const NOW = '2026-11-27T10:00:00.000Z';
const TODAY = '2026-11-27';

describe('export steps', () => {
  const dereg = planExportStep(
    'Purchased',
    undefined,
    'deregistration',
    { date: '2026-11-01', documentUrl: 'https://f.example/d.pdf' },
    'ops',
    NOW,
    TODAY,
  );
  const deregistered = (dereg as { steps: ExportSteps }).steps;

  it('a step in the future, without its certificate, with a number it does not take', () => {
    const plan = planExportStep(
      'Purchased',
      undefined,
      'deregistration',
      { date: '2026-11-28', number: 'N1', location: 'Yard 3' },
      'ops',
      NOW,
      TODAY,
    );
    expect(plan.ok).toBe(false);
    const problems = !plan.ok ? plan.problems : [];
    expectActionable(problems, ['date', 'documentUrl', 'number', 'location']);
    expect(problems).toContainEqual({
      field: 'date',
      message: "must not be in the future: today is 2026-11-27 in the tenant's time zone, e.g. 2026-11-27",
    });
    expect(problems).toContainEqual({
      field: 'documentUrl',
      message: 'is required: the deregistration certificate, e.g. "https://files.example.com/dereg-1042.pdf"',
    });
    expect(problems.find((p) => p.field === 'number')!.message).toContain('export-declaration');
    expect(problems.find((p) => p.field === 'location')!.message).toContain('bonded-area');
  });

  it('a step dated before the one it follows, and a declaration without its number', () => {
    const early = planExportStep('Purchased', deregistered, 'bonded-area', { date: '2026-10-31' }, 'ops', NOW, TODAY);
    expect(!early.ok && early.problems).toEqual([
      {
        field: 'date',
        message:
          'must not be before the deregistration step (2026-11-01): the steps follow one another, e.g. 2026-11-27',
      },
    ]);
    const bonded = (
      planExportStep('Purchased', deregistered, 'bonded-area', { date: '2026-11-02' }, 'ops', NOW, TODAY) as {
        steps: ExportSteps;
      }
    ).steps;
    const declared = planExportStep(
      'Purchased',
      bonded,
      'export-declaration',
      { date: '2026-11-03' },
      'ops',
      NOW,
      TODAY,
    );
    expect(!declared.ok && declared.problems).toEqual([
      { field: 'number', message: 'is required: the export declaration number, e.g. "12345-26-0001234X"' },
    ]);
  });
});

describe('the shipment', () => {
  const booking = {
    method: 'roro' as const,
    bookingNumber: 'BK1',
    carrier: 'HMM',
    portOfLoading: 'KRINC',
    portOfDischarge: 'AEJEA',
  };

  it('a new one without what it needs', () => {
    const plan = planShipment(undefined, { vessel: 'Glovis Sirius' }, NOW, TODAY);
    const problems = !plan.ok ? plan.problems : [];
    expectActionable(problems, ['method', 'bookingNumber', 'carrier', 'portOfLoading', 'portOfDischarge']);
    expect(problems).toContainEqual({
      field: 'carrier',
      message: 'is required for a new shipment: the shipping line, e.g. "HMM"',
    });
  });

  it('container fields on RoRo, dates out of order or ahead, a departure without its bill of lading', () => {
    const plan = planShipment(
      undefined,
      { ...booking, sealNumber: 'SL1', etd: '2026-11-20', eta: '2026-11-10', atd: '2026-11-22', ata: '2026-11-21' },
      NOW,
      TODAY,
    );
    const problems = !plan.ok ? plan.problems : [];
    expectActionable(problems, ['sealNumber', 'eta', 'ata', 'atd']);
    expect(problems).toContainEqual({
      field: 'eta',
      message: 'must not be before etd (2026-11-20): the arrival follows the departure, e.g. 2026-12-10',
    });
    expect(problems).toContainEqual({
      field: 'ata',
      message: 'must not be before atd (2026-11-22): the car arrives after it departs, e.g. 2026-11-27',
    });
    expect(problems.find((p) => p.field === 'atd')!.message).toContain('billOfLadingNumber');

    const ahead = planShipment(
      undefined,
      { ...booking, billOfLadingNumber: 'BL1', billOfLadingUrl: 'https://f.example/bl.pdf', atd: '2026-11-28' },
      NOW,
      TODAY,
    );
    expect(!ahead.ok && ahead.problems).toEqual([
      {
        field: 'atd',
        message:
          "must not be in the future: it is an actual date (today is 2026-11-27 in the tenant's time zone), e.g. 2026-11-27",
      },
    ]);
    const arrivedOnly = planShipment(undefined, { ...booking, ata: '2026-11-25' }, NOW, TODAY);
    expectActionable(!arrivedOnly.ok ? arrivedOnly.problems : [], ['ata']);
  });

  it('a field it needs, removed', () => {
    const current = (planShipment(undefined, booking, NOW, TODAY) as { shipment: Shipment }).shipment;
    const plan = planShipment(current, { portOfLoading: '' }, NOW, TODAY);
    expect(!plan.ok && plan.problems).toEqual([
      {
        field: 'portOfLoading',
        message:
          'must not be removed from the shipment: to change the port the car leaves from, send another, e.g. "KRINC" (Incheon)',
      },
    ]);
  });
});

describe('the car list query', () => {
  const parse = (query: Partial<CarListQuery>) =>
    parseCarQuery({ page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc', ...query } as CarListQuery);

  it('ranges the wrong way round, unknown fields and damage kinds, malformed make:model, empty lists', () => {
    const parsed = parse({
      yearFrom: 2020,
      yearTo: 2010,
      priceFrom: 3000,
      priceTo: 100,
      kmFrom: 9,
      kmTo: 1,
      fields: 'id,secretMargin',
      damage: 'scratch',
      makeModel: 'Kia:K5:DL3',
      trim: '|||',
    });
    const errors = !parsed.ok ? parsed.errors : [];
    expectActionable(errors, ['yearFrom', 'priceFrom', 'kmFrom', 'fields', 'damage', 'makeModel', 'trim']);
    expect(errors).toContainEqual({
      field: 'yearFrom',
      message:
        'must not be greater than yearTo (2010): the range starts at the lower value, e.g. yearFrom=2010&yearTo=2020',
    });
    expect(errors.find((e) => e.field === 'damage')!.message).toContain('accident, total_loss, flood');
  });

  it('lists that name nothing', () => {
    const parsed = parse({ fields: ',', makeModel: ',' });
    expectActionable(!parsed.ok ? parsed.errors : [], ['fields', 'makeModel']);
  });
});

describe('an order', () => {
  const caller = { role: 'admin', keyId: 'k1' } as unknown as Caller;

  it('created with amounts its currency cannot hold, a wallet payment without date or amount, a receipt without its amount', async () => {
    const details = await detailsOf(() =>
      checkCreateBody({
        customerId: 'c1',
        currency: 'KRW',
        totalAmount: 1000.5,
        useWalletBalance: true,
        receiptCurrency: 'ABC',
        receiptDescription: 'Deposit',
      } as Parameters<typeof checkCreateBody>[0]),
    );
    expectActionable(details, ['inspectionDate', 'totalAmount', 'receiptAmount', 'receiptCurrency']);
    expect(details).toContainEqual({ field: 'totalAmount', message: 'must be a whole number in KRW, e.g. 1001' });
    const usd = await detailsOf(() =>
      checkCreateBody({ customerId: 'c1', totalAmount: 10.005, receiptAmount: 2.125 } as Parameters<
        typeof checkCreateBody
      >[0]),
    );
    expect(usd).toEqual([
      { field: 'totalAmount', message: 'must have at most 2 decimals in USD, e.g. 10.01' },
      { field: 'receiptAmount', message: 'must have at most 2 decimals in USD, e.g. 2.13' },
    ]);
  });

  it('listed from a time after the one it lists to', async () => {
    const details = await detailsOf(() =>
      listOrders(caller, {
        createdFrom: '2026-02-01T00:00:00Z',
        createdTo: '2026-01-01T00:00:00Z',
        page: 1,
        limit: 20,
      } as Parameters<typeof listOrders>[1]),
    );
    expectActionable(details, ['createdFrom']);
    expect(details[0]!.message).toContain('createdFrom=2026-01-01T00:00:00.000Z&createdTo=2026-02-01T00:00:00.000Z');
  });
});

describe('the request pipeline', () => {
  const route = (ifMatch: 'optional' | 'required') =>
    ({ versioned: { record: 'order', ifMatch } }) as unknown as CompiledRoute;

  it('If-Match that is no ETag, that disagrees with body.version, or is missing where required', async () => {
    expectActionable(await detailsOf(() => expectedVersionOf(route('optional'), { 'if-match': 'three' }, {})), [
      'If-Match',
    ]);
    const disagree = await detailsOf(() => expectedVersionOf(route('optional'), { 'if-match': '"3"' }, { version: 4 }));
    expectActionable(disagree, ['If-Match']);
    expect(disagree[0]!.message).toContain('If-Match: "4"');
    const neither = await detailsOf(() => expectedVersionOf(route('required'), {}, {}));
    expect(neither).toEqual([
      {
        field: 'body.version',
        message: `is required: send the order's current version in the body or as an If-Match header, e.g. {"version": 3} or If-Match: "3"`,
      },
    ]);
  });

  it('text with control characters, half characters or bytes that were not UTF-8', async () => {
    const details = await detailsOf(() =>
      checkText({ name: 'Ali\u0000 Hassan', notes: ['a\ud800b'], city: 'Dub\ufffdai' }, { search: 'kia\u001b' }),
    );
    expectActionable(details, ['body.city', 'body.name', 'body.notes[0]', 'query.search']);
    expect(details).toContainEqual({
      field: 'body.name',
      message:
        'must not hold control characters other than tab and newline: it holds U+0000 at position 3, e.g. "Ali Hassan"',
    });
    expect(details.find((d) => d.field === 'body.notes[0]')!.message).toMatch(/half of a character .* e\.g\. "ab"$/);
    expect(details.find((d) => d.field === 'body.city')!.message).toMatch(/not UTF-8, e\.g\. "Dubai"$/);
  });

  it('a body nested too deeply', async () => {
    const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });
    expectActionable(await detailsOf(() => limitBodyDepth(deep(30))), [`body${'.a'.repeat(24)}`]);
    expectActionable(await detailsOf(() => limitRawBodyDepth('['.repeat(300))), ['body']);
  });

  it('a repeated X-API-Key, a malformed Idempotency-Key', async () => {
    expectActionable(await detailsOf(() => refuseRepeatedKey({ headers: { 'X-API-Key': 'vpo_a, vpo_b' } })), [
      'X-API-Key',
    ]);
    expectActionable(await detailsOf(() => idempotencyKeyFrom({ 'idempotency-key': 'not a key!' })), [
      'Idempotency-Key',
    ]);
  });

  it("WhatsApp's handshake without its mode, token or challenge", async () => {
    expectActionable(await detailsOf(() => answerWhatsAppChallenge({ 'hub.mode': 'unsubscribe' })), ['query.hub.mode']);
    expectActionable(await detailsOf(() => answerWhatsAppChallenge({ 'hub.mode': 'subscribe' })), [
      'query.hub.verify_token',
    ]);
    expectActionable(
      await detailsOf(() =>
        answerWhatsAppChallenge({ 'hub.mode': 'subscribe', 'hub.verify_token': 't', 'hub.challenge': 'x'.repeat(257) }),
      ),
      ['query.hub.challenge'],
    );
  });
});

describe('free-form JSON and container numbers', () => {
  it('say what can be stored, with an example', async () => {
    const { storableJsonProblems } = await import('../../lib/domain/storable-json.js');
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { next: deep };
    expectActionable(storableJsonProblems({ '': 1 }, 'body.carDetails', 400_000), ['body.carDetails']);
    expectActionable(storableJsonProblems({ big: 2 ** 60 }, 'body.carDetails', 400_000), ['body.carDetails.big']);
    expectActionable(storableJsonProblems(deep, 'body.signedDocument', 400_000).slice(0, 1), [
      `body.signedDocument${'.next'.repeat(16)}`,
    ]);
  });

  it('names the equipment category a container number must have', async () => {
    const { containerNumberProblem } = await import('../../lib/domain/container-number.js');
    expect(containerNumberProblem('MSCA1234566')).toMatch(EXAMPLE);
  });
});

describe('cursors, webhook addresses, tenants and the profile', () => {
  it('a cursor or feed position this listing did not give', async () => {
    const { cursorRefused } = await import('../../lib/domain/errors.js');
    for (const field of ['cursor', 'after'] as const) {
      const refusal = cursorRefused(field, "this one belongs to another tenant's listing");
      expectActionable(refusal.details as FieldError[], [field]);
    }
  });

  it('a webhook address with a password, a fragment, plain http or a private host', async () => {
    const { webhookUrlProblem } = await import('../../lib/domain/webhook-rules.js');
    for (const url of [
      'https://user:secret@example.com/hook',
      'https://example.com/hook#part',
      'http://example.com/hook',
      'https://10.0.0.7/hook',
      'not a url',
    ]) {
      const problem = webhookUrlProblem(url, false);
      expect(problem, url).toMatch(EXPECTED);
      expect(problem, url).toMatch(EXAMPLE);
    }
    expect(webhookUrlProblem('ftp://example.com/hook', true)).toMatch(EXAMPLE);
  });

  it("a bank account the profile's IBAN or SWIFT/BIC rules refuse", async () => {
    const { ibanProblem, swiftProblem } = await import('../../lib/domain/tenant-profile.js');
    for (const problem of [ibanProblem('12'), ibanProblem('AE080331234567890123456'), swiftProblem('EBIL')]) {
      expect(problem).toMatch(EXPECTED);
      expect(problem).toMatch(EXAMPLE);
    }
  });
});
