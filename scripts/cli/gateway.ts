import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { gatewayHttp, type GatewayHttp } from '../../lib/gateway/keys.js';

/** API Gateway for the staff CLI, with the credentials of the operator's usual chain (environment, profile, SSO). */
export function cliGateway(region: string): GatewayHttp {
  const provider = defaultProvider();
  return gatewayHttp(region, async () => {
    const { accessKeyId, secretAccessKey, sessionToken } = await provider();
    return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
  });
}
