/** Environment access in one place: a getter that fails loudly beats an undefined table name at run time. */
function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`Environment variable ${name} must be a number, got "${raw}"`);
  return value;
}

export const tableName = (): string => requireEnv('TABLE_NAME');
export const bucketName = (): string => requireEnv('BUCKET_NAME');

/**
 * Where pictures kept in the bucket (s3:// URIs in the catalogue) are served from, e.g. a CDN in
 * front of it: the object key is appended. Unset: the bucket's own address (lib/archive/picture-url.ts).
 */
export const publicImageBaseUrl = (): string | undefined => process.env.PUBLIC_IMAGE_BASE_URL || undefined;

/** The function that renders and stores PDFs (functions/documents/render-order-document.ts), and how long a caller waits for it. */
export const documentRendererFunction = (): string => requireEnv('DOCUMENT_RENDERER_FUNCTION');
export const documentRenderTimeoutMs = (): number => envNumber('DOCUMENT_RENDER_TIMEOUT_MS', 8_000);

/**
 * Where per-key rate limits are enforced. `gateway`: API Gateway usage plans do it (AWS).
 * `dynamodb`: the pipeline enforces the same limits with an atomic counter (local stack,
 * where serverless-offline does not emulate usage plans).
 */
export const rateLimitMode = (): 'gateway' | 'dynamodb' =>
  process.env.RATE_LIMIT_MODE === 'dynamodb' ? 'dynamodb' : 'gateway';

/** Default per-key limits, mirroring the stage's usage plan; a key record can override them. */
export const defaultRateLimit = () => ({
  rps: envNumber('RATE_LIMIT_RPS', 50),
  burst: envNumber('RATE_LIMIT_BURST', 100),
  quotaPerDay: envNumber('RATE_LIMIT_QUOTA_PER_DAY', 100_000),
});

/**
 * How long a warm container keeps an API-key record before reading it again (noting the key's
 * lastUsedAt then, at most once a minute). A revoked, rotated-out or disabled key does not wait
 * for this: see apiKeyRevocationCheckSeconds.
 */
export const apiKeyCacheSeconds = (): number => envNumber('API_KEY_CACHE_SECONDS', 60);

/**
 * How often a warm container reads the revocation stamp (lib/store/api-keys.ts): a revoked,
 * rotated-out or disabled key is refused by every container within about this many seconds.
 * Kept under 5 (the service's revocation bound) with room for the reads themselves.
 */
export const apiKeyRevocationCheckSeconds = (): number => envNumber('API_KEY_REVOCATION_CHECK_SECONDS', 3);

/**
 * This stage's WhatsApp template names are this prefix plus the catalogue's keys
 * (lib/text/chat-templates.ts); `vpo_` unless the stage sets another (serverless.yml params).
 */
export const whatsappTemplatePrefix = (): string => process.env.WHATSAPP_TEMPLATE_PREFIX ?? 'vpo_';

/** The Meta app secret that signs webhook calls (X-Hub-Signature-256); empty: every call is refused. */
export const whatsappAppSecret = (): string => process.env.WHATSAPP_APP_SECRET ?? '';

/** The token Meta echoes in the webhook verification handshake; empty: verification is refused. */
export const whatsappVerifyToken = (): string => process.env.WHATSAPP_VERIFY_TOKEN ?? '';

/** Webhook URLs may be plain http and local (the local stack, to reach a receiver on the developer's machine). */
export const webhookAllowLocalUrls = (): boolean => process.env.WEBHOOK_ALLOW_LOCAL_URLS === 'true';

/** The AWS region functions run in (Lambda sets AWS_REGION). */
export const awsRegion = (): string => process.env.AWS_REGION ?? 'us-east-1';

/** The stage's name (serverless.yml sets STAGE): the gateway's usage plan is named after it. */
export const stageName = (): string => process.env.STAGE ?? 'dev';

/** In AWS, key routes keep API Gateway's copies of the keys in step (serverless.yml sets API_GATEWAY_KEYS=on). */
export const gatewayKeysSynced = (): boolean => process.env.API_GATEWAY_KEYS === 'on';

/** Endpoints other than AWS's own: the local stack's S3 emulator and serverless-offline's Lambda API. */
export const s3Endpoint = (): string | undefined => process.env.AWS_ENDPOINT_URL_S3 || undefined;
export const lambdaEndpoint = (): string | undefined => process.env.AWS_ENDPOINT_URL_LAMBDA || undefined;

/** Credentials as Lambda provides them: in the environment (the SDK's first source too), read per call since they rotate. */
export const environmentCredentials = () => ({
  accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
  sessionToken: process.env.AWS_SESSION_TOKEN || undefined,
});

/** CHAT_TRANSPORT: `whatsapp` (AWS) or `local` (default: the local stack's chat log). */
export function chatTransportSetting(): 'whatsapp' | 'local' {
  const value = process.env.CHAT_TRANSPORT || 'local';
  if (value !== 'whatsapp' && value !== 'local')
    throw new Error(`Environment variable CHAT_TRANSPORT must be whatsapp or local, got "${value}"`);
  return value;
}

/** The WhatsApp Cloud API account and endpoint (AWS: from the stage's params and secrets). */
export const whatsappSettings = () => ({
  accessToken: process.env.WHATSAPP_ACCESS_TOKEN || undefined,
  phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID || undefined,
  baseUrl: process.env.WHATSAPP_API_BASE_URL || undefined,
  apiVersion: process.env.WHATSAPP_API_VERSION || undefined,
});

/** Local test aid: recipients the local chat log refuses (CHAT_LOCAL_FAIL_NUMBERS, comma-separated E.164), read on every send. */
export const chatLocalFailNumbers = (): string[] =>
  (process.env.CHAT_LOCAL_FAIL_NUMBERS ?? '')
    .split(',')
    .map((number) => number.trim())
    .filter(Boolean);

/** The lowest level written to the log: debug, info (default), warn or error. */
export const logLevel = (): string => process.env.LOG_LEVEL ?? 'info';

/** CloudWatch metrics in the embedded metric format (METRICS=emf, set in AWS); off on the local stack. */
export const metricsEnabled = (): boolean => process.env.METRICS === 'emf';

/** The staff console's built files, where the local stack serves them from (functions/console/; in AWS CloudFront serves them). */
export const consoleDirectory = (): string => requireEnv('CONSOLE_DIR');

/**
 * Catalogue feeds (lib/use-cases/catalogue-feeds/): the share of a provider's cars a full list may
 * remove before it is held for staff (0.3: 30%), how old a provider's last good feed may get before
 * the alarm (36 hours), and how many lines one step of an import reads before it saves its place.
 */
export const feedSettings = () => ({
  maxRemovalShare: envNumber('FEED_MAX_REMOVAL_SHARE', 0.3),
  staleAfterHours: envNumber('FEED_STALE_AFTER_HOURS', 36),
  chunkLines: envNumber('FEED_CHUNK_LINES', 1000),
  /** How long a worker holds a provider's lock without saving its place (renewed at every step). */
  leaseMs: envNumber('FEED_LEASE_SECONDS', 300) * 1000,
});

/** How far back `GET /cars?updatedSince=` reaches: the changes the snapshot keeps, in days. */
export const catalogueChangesDays = (): number => envNumber('CATALOGUE_CHANGES_DAYS', 30);

/**
 * The tracking pages (lib/use-cases/tracking/): the secret their links' tokens are derived from
 * (a generated Secrets Manager secret in AWS; the local stack's own value), and the address
 * buyers reach the API at, which the links in their messages start with.
 */
export const trackingLinkSecret = (): string => requireEnv('TRACKING_LINK_SECRET');
export const publicApiUrl = (): string | undefined => process.env.PUBLIC_API_URL?.replace(/\/+$/, '') || undefined;

/** How many tracking-page requests one client address may make: per second, and per UTC day. */
export const trackingPageLimit = () => ({
  rps: envNumber('TRACKING_PAGE_RPS', 5),
  quotaPerDay: envNumber('TRACKING_PAGE_QUOTA_PER_DAY', 2000),
});
