/** The text of `cli help`. */
import { ROLES } from '../../lib/domain/caller.js';

export const USAGE = `Staff CLI of the Vehicle Purchase Order Service: tenants, API keys, exchange rates and the car catalogue.

Usage: npm run -s cli -- <command> [flags]

Commands:
  tenants create --name N --subdomain S --markup 1.08 [--providers glovis,kcar] [--published-only]
  tenants list
  keys create    --role R (--tenant ID | --platform) [--routes "GET /api/v1/customers/{id},POST /api/v1/customers"]
                 [--user-id ID] [--name N] [--rps N] [--burst N] [--quota-per-day N] [--plan standard|partner]
                 (with --target aws the key is also registered with API Gateway on that usage plan)
  keys list
  keys revoke <id>
  rates set      --from KRW --to USD --rate 0.00072 [--source S] [--as-of 2026-11-01T00:00:00Z]
  rates list
  outbox parked                        side effects (notifications, archival) that failed every retry
  outbox replay <eventId>              try a parked side effect again
  archive retry <orderId>              copy an order's car pictures to the bucket again after a failure
  catalogue import <file.ndjson>       upsert cars by provider + advertisementNumber; bad lines are reported and skipped
  catalogue generate --count N [--seed S] [--out file.ndjson] [--image-base-url URL]
                                       write a realistic synthetic catalogue as NDJSON (stdout without --out)
  chat log [--limit N]                 the local stack's sent chat messages, newest first (default 20, at most 200)
  help

Flags of every command:
  --json                 print machine-readable JSON only
  --target local|aws     local (default): the stack of \`npm start\` (DynamoDB on DYNAMODB_PORT, default 8000)
  --stage S              with --target aws: the table vehicle-purchase-orders-<S>, AWS credentials from the environment
  --region R             with --target aws (default eu-west-1, as in serverless.yml)

Roles: ${ROLES.join(', ')}.
--providers defaults to every auction provider; --routes defaults to every route the role may call (admin: *).
A new key is printed once only. Exit codes: 0 done, 1 failed, 2 bad arguments (nothing written).`;
