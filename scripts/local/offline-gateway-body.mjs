// Preloaded into serverless-offline (`node --import`) on the local stack. serverless-offline gives a
// request that has a body but no Content-Type the header `application/json`; API Gateway passes the
// headers as they came, so in AWS such a POST is refused with 415 by the pipeline's media-type
// check. This takes that default out of serverless-offline's event builder, so the local stack
// answers as AWS does (docs/local-stack.md, "How the local stack differs from AWS").
import { register } from 'node:module';

register('./offline-gateway-body-hooks.mjs', import.meta.url);
