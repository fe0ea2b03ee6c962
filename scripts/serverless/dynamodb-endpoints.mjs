// DynamoDB's endpoints for this service's bundles, in place of the SDK's endpoint rules
// (esbuild-plugins.cjs, 'dynamodb-standard-endpoints'); the same answers for what the service asks.
import { partition } from '@aws-sdk/core/client';

const HOST_LABEL = /^[a-zA-Z0-9][a-zA-Z0-9-]{0,62}$/;
/** The partitions with account endpoints (ddb.{region}), as the rules have them. */
const ACCOUNT_PARTITIONS = new Set(['aws', 'aws-cn', 'aws-us-gov']);

export const defaultEndpointResolver = (params) => {
  if (params.UseFIPS || params.UseDualStack) {
    throw new Error(
      'This bundle resolves standard DynamoDB endpoints only: FIPS and dual-stack endpoints are not built in (set an endpoint instead)',
    );
  }
  if (params.Endpoint) return { url: new URL(params.Endpoint) };
  if (!params.Region) throw new Error('Invalid Configuration: Missing Region');
  if (params.Region === 'local') return { url: new URL('http://localhost:8000') };
  const { name, dnsSuffix } = partition(params.Region);
  // Unset, the mode is the rules' "not asked"; the client itself defaults it to preferred.
  const mode = params.AccountIdEndpointMode;
  if (mode && mode !== 'disabled') {
    if (!ACCOUNT_PARTITIONS.has(name)) {
      if (mode === 'required')
        throw new Error(
          'Invalid Configuration: AccountIdEndpointMode is required but account endpoints are not supported in this region',
        );
    } else if (params.AccountId) {
      if (!HOST_LABEL.test(params.AccountId)) throw new Error('Credentials-sourced account ID parameter is invalid');
      return { url: new URL(`https://${params.AccountId}.ddb.${params.Region}.${dnsSuffix}`) };
    } else if (mode === 'required') {
      throw new Error('AccountIdEndpointMode is required but no AccountID was provided or able to be loaded');
    }
  }
  return { url: new URL(`https://dynamodb.${params.Region}.${dnsSuffix}`) };
};
