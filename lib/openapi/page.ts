/**
 * The API reference page: Scalar's API Reference renders /api/v1/openapi.json in the browser.
 * Its script is served by this API too (GET /api/v1/docs/renderer.js), and it is configured to
 * fetch nothing else: no web fonts, no telemetry, no hosted client or AI agent. The links are
 * relative, so the page works under API Gateway's stage prefix as well as on the local stack.
 */
const RENDERER_CONFIGURATION = {
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: 'json',
  defaultOpenAllTags: true,
  theme: 'default',
};

/**
 * The page's security headers (options of @middy/http-security-headers): it may load and run
 * what comes from its own origin only. Scalar needs inline styles; the strict defaults
 * for API answers (sandbox, trusted types, cross-origin isolation) would stop it from running, and
 * upgrade-insecure-requests would break the local stack's plain http.
 */
export const DOCS_PAGE_SECURITY_HEADERS: Record<string, unknown> = {
  contentSecurityPolicy: {
    'default-src': "'self'",
    'script-src': "'self'",
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data:",
    'font-src': "'self' data:",
    'connect-src': "'self'",
    'worker-src': "'self' blob:",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
    sandbox: false,
    'navigate-to': false,
    'report-to': false,
    'require-trusted-types-for': false,
    'trusted-types': false,
    'upgrade-insecure-requests': false,
  },
  crossOriginEmbedderPolicy: false,
};

const attribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function renderDocsPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${attribute(title)}: API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This reference needs JavaScript. The OpenAPI document it shows is at <a href="openapi.json">openapi.json</a>.</noscript>
<script id="api-reference" data-url="openapi.json" data-configuration="${attribute(JSON.stringify(RENDERER_CONFIGURATION))}"></script>
<script src="docs/renderer.js"></script>
</body>
</html>
`;
}
