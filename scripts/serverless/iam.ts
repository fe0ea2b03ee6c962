import type { RouteSpec } from '../../lib/schemas/route.js';

/**
 * Each function's own IAM role (serverless-iam-roles-per-function): only the actions it uses.
 *
 * - Reads (GetItem, BatchGetItem, Query, ConditionCheckItem) on the table and its indexes: every
 *   keyed route, since the key check reads the key record.
 * - A read-only route may update only API-key records (the key's lastUsedAt, noted at most once
 *   a minute): `dynamodb:LeadingKeys` limits its UpdateItem to partitions `APIKEY#...`.
 * - A route that changes data may put, update and delete items, but never update or delete the
 *   outbox's records (`OUTBOX#...`: delivery state, leases, cursors) or the event feed
 *   (`EVENTS#...`): it only adds events; the consumers alone move them, and events never change.
 * - The catalogue list reads only the snapshot prefix of the bucket; the document routes read
 *   only generated documents, under orders/{orderNumber}/documents/, and the one that generates
 *   them may invoke the renderer function (which alone writes them); the key and user routes may
 *   keep API Gateway's key copies in step; the tenant profile's routes read its logo and stamp
 *   (tenants/{id}/profile/), and its upload route writes them; the documentation and the webhook handshake touch no
 *   data at all.
 */
type Statement = Record<string, unknown>;

const TABLE_ARN = { 'Fn::GetAtt': ['MainTable', 'Arn'] };
const TABLE_AND_INDEXES = [TABLE_ARN, { 'Fn::Join': ['/', [TABLE_ARN, 'index', '*']] }];

const TRACING: Statement = {
  Effect: 'Allow',
  Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
  Resource: '*',
};
const READ_TABLE: Statement = {
  Effect: 'Allow',
  Action: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  Resource: TABLE_AND_INDEXES,
};
const NOTE_KEY_USE: Statement = {
  Effect: 'Allow',
  Action: ['dynamodb:UpdateItem'],
  Resource: TABLE_ARN,
  Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APIKEY#*'] } },
};
const WRITE_TABLE: Statement = {
  Effect: 'Allow',
  Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  Resource: TABLE_ARN,
};
const LEAVE_OUTBOX_TO_CONSUMER: Statement = {
  Effect: 'Deny',
  Action: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  Resource: TABLE_ARN,
  Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['OUTBOX#*', 'EVENTS#*'] } },
};
const READ_CATALOGUE_SNAPSHOT: Statement = {
  Effect: 'Allow',
  Action: ['s3:GetObject'],
  Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['ArchiveBucket', 'Arn'] }, '/catalogue/*']] },
};
const SYNC_GATEWAY_KEYS: Statement = {
  Effect: 'Allow',
  Action: ['apigateway:GET', 'apigateway:POST', 'apigateway:PATCH'],
  Resource: [
    { 'Fn::Sub': 'arn:aws:apigateway:${AWS::Region}::/apikeys' },
    { 'Fn::Sub': 'arn:aws:apigateway:${AWS::Region}::/apikeys/*' },
    { 'Fn::Sub': 'arn:aws:apigateway:${AWS::Region}::/usageplans' },
    { 'Fn::Sub': 'arn:aws:apigateway:${AWS::Region}::/usageplans/*/keys' },
  ],
};

const DOCUMENTS = { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['ArchiveBucket', 'Arn'] }, '/orders/*/documents/*']] };
/** Presigned download URLs are signed with the function's own credentials, so it must be able to read what it signs for. */
const READ_DOCUMENTS: Statement = { Effect: 'Allow', Action: ['s3:GetObject'], Resource: DOCUMENTS };
/** The route that generates documents has the renderer function write them (lib/documents/renderer-client.ts). */
const INVOKE_RENDERER: Statement = {
  Effect: 'Allow',
  Action: ['lambda:InvokeFunction'],
  Resource: { 'Fn::GetAtt': ['RenderOrderDocumentLambdaFunction', 'Arn'] },
};
/** Routes that hand out download URLs of generated documents, and the one that has them made. */
const DOCUMENT_READERS = new Set(['getOrder', 'listOrderDocuments', 'generateOrderDocument']);
const DOCUMENT_MAKERS = new Set(['generateOrderDocument']);

const PROFILE_IMAGES = { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['ArchiveBucket', 'Arn'] }, '/tenants/*/profile/*']] };
/** The tenant profile's routes hand out download addresses of its logo and stamp, signed with their own credentials. */
const READ_PROFILE_IMAGES: Statement = { Effect: 'Allow', Action: ['s3:GetObject'], Resource: PROFILE_IMAGES };
/** The upload route keeps the logo or stamp in the bucket (lib/use-cases/tenant-profile.ts). */
const WRITE_PROFILE_IMAGES: Statement = { Effect: 'Allow', Action: ['s3:PutObject'], Resource: PROFILE_IMAGES };
const PROFILE_ROUTES = new Set([
  'getTenantProfile',
  'putTenantProfile',
  'putTenantProfileImage',
  'deleteTenantProfileImage',
]);

/**
 * The buyer's tracking page reads an order and what hangs on it, counts each client address in
 * its rate counter (RATE#...), and hands out download addresses of the order's generated documents
 * and archived pictures (orders/...), signed with its own credentials.
 */
const COUNT_PAGE_VISITS: Statement = {
  Effect: 'Allow',
  Action: ['dynamodb:UpdateItem'],
  Resource: TABLE_ARN,
  Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#TRACK#*'] } },
};
const READ_ORDER_FILES: Statement = {
  Effect: 'Allow',
  Action: ['s3:GetObject'],
  Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['ArchiveBucket', 'Arn'] }, '/orders/*']] },
};

/** Routes that keep API Gateway's copies of keys in step (lib/gateway/keys.ts). */
const GATEWAY_KEY_ROUTES = new Set(['issueApiKey', 'revokeApiKey', 'rotateApiKey', 'updateUser', 'deactivateUser']);
/** Routes that read the catalogue snapshot from the bucket (lib/catalogue/live.ts). */
const CATALOGUE_ROUTES = new Set(['listCars', 'listTrims']);
/** Public routes that read or write nothing. */
const NO_DATA_ROUTES = new Set(['getOpenApi', 'getDocsPage', 'getDocsRenderer', 'verifyWhatsAppWebhook']);

export function statementsFor(route: Pick<RouteSpec, 'id' | 'method' | 'public'>): Statement[] {
  if (NO_DATA_ROUTES.has(route.id)) return [TRACING];
  if (route.id === 'getTrackingPage') return [TRACING, READ_TABLE, COUNT_PAGE_VISITS, READ_ORDER_FILES];
  const changesData = route.method !== 'GET';
  return [
    TRACING,
    READ_TABLE,
    ...(changesData ? [WRITE_TABLE, LEAVE_OUTBOX_TO_CONSUMER] : [NOTE_KEY_USE]),
    ...(CATALOGUE_ROUTES.has(route.id) ? [READ_CATALOGUE_SNAPSHOT] : []),
    ...(GATEWAY_KEY_ROUTES.has(route.id) ? [SYNC_GATEWAY_KEYS] : []),
    ...(DOCUMENT_READERS.has(route.id) ? [READ_DOCUMENTS] : []),
    ...(DOCUMENT_MAKERS.has(route.id) ? [INVOKE_RENDERER] : []),
    ...(PROFILE_ROUTES.has(route.id) ? [READ_PROFILE_IMAGES] : []),
    ...(route.id === 'putTenantProfileImage' ? [WRITE_PROFILE_IMAGES] : []),
  ];
}
