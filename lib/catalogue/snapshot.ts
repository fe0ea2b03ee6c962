import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../archive/s3.js';
import { bucketName } from '../config.js';
import { toRow, type CarRow } from './query.js';

/**
 * The catalogue as the list reads it: every car's list fields in one gzipped, columnar JSON
 * object in S3 (field names once, then one array of values per car), small enough for a Lambda
 * to hold 100,000 cars in memory.
 */
const FIELDS = [
  'id', 'provider', 'advertisementNumber', 'title', 'makeEn', 'modelGroupEn', 'modelEn', 'generationCode', 'gradeEn',
  'gradeDetailEn', 'year', 'kilometers', 'price', 'fuelType', 'transmission', 'vehicleType', 'color', 'drivetrain', 'city',
  'options', 'damage', 'published', 'auctionDate', 'createdAt', 'thumbnailUrl',
] as const satisfies ReadonlyArray<keyof CarRow>;

interface SnapshotFile {
  version: string;
  fields: string[];
  rows: unknown[][];
}

function encodeSnapshot(version: string, rows: readonly CarRow[]): Buffer {
  const file: SnapshotFile = { version, fields: [...FIELDS], rows: rows.map((row) => FIELDS.map((f) => row[f] ?? null)) };
  return gzipSync(JSON.stringify(file));
}

function decodeSnapshot(body: Uint8Array): { version: string; rows: CarRow[] } {
  const file = JSON.parse(gunzipSync(body).toString('utf8')) as SnapshotFile;
  const rows = file.rows.map((values) => {
    const record: Record<string, unknown> = {};
    file.fields.forEach((field, i) => {
      record[field] = values[i] === null ? undefined : values[i];
    });
    return toRow(record as unknown as CarRow);
  });
  return { version: file.version, rows };
}

const snapshotKey = (version: string) => `catalogue/snapshots/${version}.json.gz`;

export async function uploadSnapshot(version: string, rows: readonly CarRow[]): Promise<string> {
  const key = snapshotKey(version);
  await s3.send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: encodeSnapshot(version, rows), ContentType: 'application/json', ContentEncoding: 'gzip' }));
  return key;
}

export async function downloadSnapshot(key: string): Promise<{ version: string; rows: CarRow[] }> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  if (!object.Body) throw new Error(`catalogue snapshot ${key} is empty`);
  return decodeSnapshot(await object.Body.transformToByteArray());
}
