/**
 * Car pictures kept in the bucket are stored as s3:// URIs and given an HTTP address only when
 * the API answers (lib/archive/picture-url.ts); archiving one reads it from the bucket with a
 * signed GET (lib/archive/images.ts).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveError, archiveKey, copyImage } from '../../lib/archive/images.js';
import { pictureUrl, s3Object, withPictureUrls } from '../../lib/archive/picture-url.js';
import { eventBodyForIntegrators } from '../../lib/use-cases/shared/event-items.js';
import { demoImageBase, generateCatalogue } from '../../scripts/demo-catalogue/generate.js';

const BUCKET = 'vehicle-purchase-orders-local-archive';
const DEMO = `s3://${BUCKET}/pictures/demo/suv-black-1.svg`;
const PROVIDER = 'https://ci.encar.com/carpicture/carpicture05/pic3901/39017893_001.jpg';

const saved = { ...process.env };
const setEnv = (values: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
};

beforeEach(() =>
  setEnv({
    BUCKET_NAME: BUCKET,
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: undefined,
    PUBLIC_IMAGE_BASE_URL: undefined,
  }),
);
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

describe('s3Object', () => {
  it('splits an s3:// URI into bucket and key, and refuses anything else', () => {
    expect(s3Object(DEMO)).toEqual({ bucket: BUCKET, key: 'pictures/demo/suv-black-1.svg' });
    expect(s3Object('s3://b/a b/c.jpg')).toEqual({ bucket: 'b', key: 'a b/c.jpg' });
    expect(s3Object(PROVIDER)).toBeUndefined();
    expect(s3Object('s3://bucket-only')).toBeUndefined();
    expect(s3Object('s3://bucket/')).toBeUndefined();
    expect(s3Object('s3:///key')).toBeUndefined();
  });
});

describe('pictureUrl', () => {
  it('on the local stack: path-style on the S3 endpoint of this start', () => {
    setEnv({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4880' });
    expect(pictureUrl(DEMO)).toBe(`http://127.0.0.1:4880/${BUCKET}/pictures/demo/suv-black-1.svg`);

    setEnv({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4870/' });
    expect(pictureUrl(DEMO)).toBe(`http://127.0.0.1:4870/${BUCKET}/pictures/demo/suv-black-1.svg`);
  });

  it("in AWS: the bucket's regional virtual-hosted address, keys percent-encoded per segment", () => {
    setEnv({ AWS_REGION: 'eu-west-1', BUCKET_NAME: 'vpo-prod-archive' });
    expect(pictureUrl('s3://vpo-prod-archive/catalogue pictures/a+b.jpg')).toBe(
      'https://vpo-prod-archive.s3.eu-west-1.amazonaws.com/catalogue%20pictures/a%2Bb.jpg',
    );
  });

  it('with PUBLIC_IMAGE_BASE_URL: the key on that base for the service bucket, other buckets at their own address', () => {
    setEnv({
      AWS_REGION: 'eu-west-1',
      BUCKET_NAME: 'vpo-prod-archive',
      PUBLIC_IMAGE_BASE_URL: 'https://images.example.com/cars/',
    });
    expect(pictureUrl('s3://vpo-prod-archive/pictures/demo/a b.svg')).toBe(
      'https://images.example.com/cars/pictures/demo/a%20b.svg',
    );
    expect(pictureUrl('s3://partner-pictures/x.jpg')).toBe('https://partner-pictures.s3.eu-west-1.amazonaws.com/x.jpg');

    // The configured base wins on the local stack too.
    setEnv({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4880', BUCKET_NAME: BUCKET });
    expect(pictureUrl(DEMO)).toBe('https://images.example.com/cars/pictures/demo/suv-black-1.svg');
  });

  it('leaves http(s) pictures (providers, older catalogues) as they are', () => {
    setEnv({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4880', PUBLIC_IMAGE_BASE_URL: 'https://images.example.com' });
    expect(pictureUrl(PROVIDER)).toBe(PROVIDER);
    expect(
      pictureUrl('http://127.0.0.1:4569/vehicle-purchase-orders-local-archive/pictures/demo/suv-black-1.svg'),
    ).toBe('http://127.0.0.1:4569/vehicle-purchase-orders-local-archive/pictures/demo/suv-black-1.svg');
  });
});

describe('withPictureUrls', () => {
  it("gives a car's images and thumbnail their addresses, keeping every other field", () => {
    setEnv({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4880' });
    const car = {
      id: 7,
      title: 'Kia Sorento',
      images: [DEMO, PROVIDER],
      thumbnailUrl: `s3://${BUCKET}/pictures/demo/suv-black-thumb.svg`,
    };

    const shown = withPictureUrls(car);

    expect(shown).toEqual({
      id: 7,
      title: 'Kia Sorento',
      images: [`http://127.0.0.1:4880/${BUCKET}/pictures/demo/suv-black-1.svg`, PROVIDER],
      thumbnailUrl: `http://127.0.0.1:4880/${BUCKET}/pictures/demo/suv-black-thumb.svg`,
    });
    expect(car.images[0]).toBe(DEMO); // the stored record is not changed
  });

  it('returns the same object when nothing is in a bucket (free-form car details included)', () => {
    const provider = { images: [PROVIDER], thumbnailUrl: PROVIDER };
    const freeForm = { makeEn: 'Kia', images: 'not a list', thumbnailUrl: 42 };
    expect(withPictureUrls(provider)).toBe(provider);
    expect(withPictureUrls(freeForm)).toBe(freeForm);
  });
});

describe('the demo catalogue', () => {
  it('names its pictures by s3:// URI, which the API addresses on the S3 endpoint of this start', () => {
    const [car] = generateCatalogue({ count: 1, seed: 42, imageBaseUrl: demoImageBase(BUCKET) });

    expect([...car!.images, car!.thumbnailUrl].every((uri) => uri.startsWith(`s3://${BUCKET}/pictures/demo/`))).toBe(
      true,
    );
    for (const port of [4870, 4880]) {
      setEnv({ AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` });
      expect(withPictureUrls(car!).thumbnailUrl).toBe(
        `http://127.0.0.1:${port}/${BUCKET}/${car!.thumbnailUrl.slice(`s3://${BUCKET}/`.length)}`,
      );
    }
  });
});

describe('eventBodyForIntegrators', () => {
  const event = (carDetails: Record<string, unknown>) =>
    JSON.stringify({
      id: 'evt_1',
      type: 'order.created',
      timestamp: '2026-11-01T00:00:00.000Z',
      resource: { type: 'order', id: 'o1' },
      data: { object: { id: 'o1', carDetails } },
    });

  it("gives the stored order's car pictures their address; a body without s3:// URIs passes byte for byte", () => {
    setEnv({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4880' });
    const stored = event({ title: 'Kia', images: [DEMO], thumbnailUrl: DEMO });
    const plain = event({ title: 'Kia', images: [PROVIDER] });

    expect(JSON.parse(eventBodyForIntegrators(stored)).data.object.carDetails).toEqual({
      title: 'Kia',
      images: [`http://127.0.0.1:4880/${BUCKET}/pictures/demo/suv-black-1.svg`],
      thumbnailUrl: `http://127.0.0.1:4880/${BUCKET}/pictures/demo/suv-black-1.svg`,
    });
    expect(eventBodyForIntegrators(plain)).toBe(plain);
  });
});

describe('copyImage of an s3:// URI', () => {
  /** A stand-in for S3: GETs answered from a queue of statuses, PUTs recorded. */
  let server: Server;
  let getAnswers: number[] = [];
  let requests: Array<{ method: string; url: string; authorization?: string; contentType?: string; body: Buffer }> = [];
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          method: request.method!,
          url: request.url!,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: Buffer.concat(chunks),
        });
        if (request.method === 'PUT') return void response.writeHead(200).end();
        const status = getAnswers.shift() ?? 200;
        if (status === 200) response.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(SVG);
        else
          response
            .writeHead(status, { 'Content-Type': 'application/xml' })
            .end('<Error><Code>NoSuchKey</Code></Error>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  beforeEach(() => {
    setEnv({
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    getAnswers = [];
    requests = [];
  });

  afterEach(() => setEnv({ AWS_ENDPOINT_URL_S3: undefined }));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('reads the object with a signed GET and writes it under the order, with its content type', async () => {
    const key = archiveKey(1042, 0, DEMO);

    expect(await copyImage(DEMO, key)).toBe('orders/1042/01-suv-black-1.svg');

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /${BUCKET}/pictures/demo/suv-black-1.svg`,
      `PUT /${BUCKET}/orders/1042/01-suv-black-1.svg`,
    ]);
    expect(requests[0]!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
    expect(requests[1]).toMatchObject({ contentType: 'image/svg+xml', body: SVG });
  });

  it('fails for good on a missing object, naming it, as on an HTTP 404', async () => {
    getAnswers = [404];

    const error = await copyImage(DEMO, 'orders/1/01-x.svg').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as ArchiveError).permanent).toBe(true);
    expect((error as ArchiveError).message).toContain(DEMO);
    expect((error as ArchiveError).message).toContain('404');
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('fails for now (the outbox tries again later) when S3 keeps failing', async () => {
    getAnswers = [503, 503, 503];

    const error = await copyImage(DEMO, 'orders/1/01-x.svg').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as ArchiveError).permanent).toBe(false);
    expect(requests.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
  });
});
