import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';

/**
 * Browser features no page of the service uses, each turned off. Only names browsers know:
 * Middy's default list has a dozen that Chromium does not (battery, document-domain,
 * interest-cohort...), and it logs an error for each on every page load.
 */
const FEATURES_OFF = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'gamepad',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'sync-xhr',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = FEATURES_OFF.map((feature) => `${feature}=()`).join(', ');

function setOnHtml(response: APIGatewayProxyResult | undefined): void {
  if (!response?.headers) return;
  const type = String(response.headers['Content-Type'] ?? response.headers['content-type'] ?? '');
  if (type.includes('text/html')) response.headers['Permissions-Policy'] = PERMISSIONS_POLICY;
}

/** Sets Permissions-Policy on every HTML answer, errors included (in place of Middy's list). */
export function permissionsPolicy(): MiddlewareObj<unknown, APIGatewayProxyResult> {
  return {
    after: async (request) => setOnHtml(request.response ?? undefined),
    onError: async (request) => setOnHtml(request.response ?? undefined),
  };
}
