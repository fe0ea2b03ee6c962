/** The text of `cli help`. */
import { ROLES } from '../../lib/domain/caller.js';

export const USAGE = `Staff CLI of the Vehicle Purchase Order Service: tenants, staff users, API keys, webhook endpoints, exchange rates, import rules and the car catalogue.

Usage: npm run -s cli -- <command> [flags]

Commands:
  tenants create --name N --subdomain S --markup 1.08 [--providers glovis,kcar] [--published-only] [--language en|ar] [--country QA] [--time-zone Asia/Qatar]
                 --markup: the multiplier of the auction price in the tenant's catalogue, from 0.5 to 5 (1.08 adds 8%)
  tenants list
  tenants subdomain <tenantId> --subdomain S   moves the tenant to a new subdomain and frees its old one
                 for another tenant (recorded in the tenant's audit trail)
  tenants update <tenantId> [--markup 1.08] [--providers glovis,kcar] [--published-only true|false]
                 [--second-approver on|off] [--language en|ar] [--country CC] [--time-zone Area/City]
                 --markup, --providers, --published-only: as for create; the API's catalogue follows within
                 CATALOGUE_REFRESH_SECONDS (60 s unless set otherwise), the other settings at once
                 --second-approver on: whoever records a billing entry cannot also confirm it (off by default)
                 --language: customers' default chat language; --time-zone: the zone of the tenant's "today"
                 (dates staff enter, deadlines), taken from --country unless set, UTC when neither is known
  tenants profile <tenantId> [--file profile.json]   the legal profile its documents name (shown; set from
                 the JSON of PUT /api/v1/tenant-profile), and what each document still needs
  tenants profile-image <tenantId> logo|stamp (--file image.png | --remove)   PNG or JPEG, at most 180 KB
  users create   (--tenant ID | --platform) --name N --role R --mobile +971501234567 [--email E] [--language en|ar]
  users list     [--tenant ID | --platform] [--role R]   neither: platform staff and every tenant's users
  users update <userId> [--name N] [--mobile +E164] [--email E] [--language en|ar] [--active true|false]
  users deactivate <userId>            their API keys stop working too
  keys create    --role R (--tenant ID | --platform)   a key for a role, of a tenant or of platform staff
  keys create    --user-id ID                          a key for a registered user: the user's role and tenant
                                                       (marketer and inspector keys must be for a user)
                 either with [--routes "GET /api/v1/customers/{id},POST /api/v1/customers"] [--name N]
                 [--rps N] [--burst N] [--quota-per-day N] [--expires-at 2027-01-01T00:00:00Z] [--plan standard|partner]
                 (with --target aws the key is also registered with API Gateway on that usage plan)
  keys list      [--tenant ID]         each key's user, status (active/revoked/disabled/expired/rotated), expiry, last use
  keys revoke <id>
  keys rotate <id> [--grace-hours H] [--plan standard|partner]
                                       a new key for the same holder and routes; the old one expires after H hours (default 24)
  rates set      --from KRW --to USD --rate 0.00072 [--source S] [--as-of 2026-11-01T00:00:00Z]
  rates list
  import-rules list [--tenant ID]      the destinations' import rules in force (the defaults, or a tenant's own over them)
  import-rules show <CC> [--tenant ID]
  import-rules set <CC> --file rule.json [--tenant ID]
                                       the body of PUT /api/v1/import-rules/{country}; without --tenant it sets the default
  import-rules delete <CC> --tenant ID the tenant's own rule goes; the default is in force again
  outbox parked                        side effects (notifications, archival) that failed every retry
  outbox replay <eventId>              try a parked side effect again
  archive retry <orderId>              copy an order's car pictures to the bucket again after a failure
  catalogue import <file.ndjson[.gz]> [--kind delta|full] [--provider P]
                                       upload a provider's feed to feeds/{provider}/{kind}/ in the bucket and wait for its
                                       import (a delta by default: car lines upsert, {"op":"remove",...} lines remove; a full
                                       list also removes the provider's cars it leaves out); lines are split by their provider
  catalogue status                     per provider: last good feed, late or not, cars listed, files open or held
  catalogue feeds [--provider P] [--limit N]   feed files, newest first, with what each did
  catalogue report <id>                one feed file's report, refused lines with their reasons
  catalogue confirm <id>               apply a held full list (its provider really sold or withdrew that many cars)
  catalogue discard <id>               drop a held full list; the provider's later files go on
  catalogue generate --count N [--seed S] [--out file.ndjson] [--image-base-url URL]
                                       write a realistic synthetic catalogue as NDJSON (stdout without --out)
  chat log [--limit N] [--to PHONE] [--cursor C]    the local stack's sent chat messages, newest first, with the text in full (default 20, at most 200 a page; the next page's --cursor is printed); --to: one recipient's
  chat templates [--prefix P] [--markdown]
                                       the WhatsApp template catalogue, one per name and language (--json: Meta's request
                                       bodies; --markdown: the table of docs/notifications.md)
  chat status <messageId> --status sent|delivered|read|failed [--error-code N] [--api URL] [--secret S]
                                       plays WhatsApp on the local stack: a signed status webhook for a sent message
  chat inbound <phone> --text T [--api URL] [--secret S]
                                       plays a person writing to the business number (opens their 24-hour window;
                                       STOP / إيقاف opts them out, START / ابدأ back in)
                                       both call the API of the stack --target local finds; --api URL names another
  webhooks create --tenant ID --url URL [--events order.created,order.status_changed|*] [--description D]
                                       an integrator's endpoint; prints its signing secret once
  webhooks list --tenant ID            endpoints with their state and health
  webhooks show|test|disable|enable <endpointId>
  webhooks delete <endpointId>         no more deliveries; its delivery log stays readable
                                       test: one signed webhook.test now, and how the endpoint answered
  webhooks update <endpointId> [--url URL] [--events ...] [--description D]
  webhooks rotate <endpointId> [--grace-hours H]   a new secret; the old one also signs for H hours (default 24)
  webhooks deliveries <endpointId> [--failed] [--since T]   newest first, with the last answer of each
  webhooks replay <endpointId> (--delivery <eventId> | --since T)   one delivery, or every failed one since T
  help

Flags of every command:
  --json                 print machine-readable JSON only
  --target local|aws     local (default): the running stack of \`npm start\`, on the ports it notes in .local/stack.json
                         (under LOCAL_DATA_DIR when set); with none running, DYNAMODB_PORT, S3_PORT and PORT
                         (defaults 8000, 4569, 3000) for services started by hand
  --stage S              with --target aws: the table vehicle-purchase-orders-<S>, AWS credentials from the environment
  --region R             with --target aws (default eu-west-1, as in serverless.yml)

Roles: ${ROLES.join(', ')}.
--providers defaults to every auction provider; --routes defaults to every route the role may call (admin: *).
Users and keys go through the same use cases as the API, as platform staff (audit trail: staff-cli).
A new key is printed once only. Exit codes: 0 done, 1 failed (no such record, a record in the wrong
state, a mobile number taken in the tenant, the service unreachable), 2 bad arguments: a missing or
unknown flag, a tenant that does not exist, or a value the service refuses as invalid, such as a
mobile number without its country code (one line on stderr, nothing written).`;
