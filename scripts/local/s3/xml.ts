import type { Context, S3ErrorClass, S3rverApp } from './s3rver.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);

/** The fork's body objects as XML: `@` holds attributes, an array repeats its element. */
function toXml(name: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => toXml(name, item)).join('');
  if (typeof value !== 'object') return `<${name}>${escapeXml(String(value))}</${name}>`;
  const { '@': attributes = {}, ...children } = value as Record<string, unknown>;
  const attributeText = Object.entries(attributes as Record<string, unknown>).map(
    ([attribute, text]) => ` ${attribute}="${escapeXml(String(text))}"`,
  );
  return `<${name}${attributeText.join('')}>${Object.entries(children)
    .map(([child, item]) => toXml(child, item))
    .join('')}</${name}>`;
}

export const xmlDocument = (name: string, value: unknown) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${toXml(name, value)}`;

/**
 * The fork's XML escapes text twice (its own escaping, then its XML builder's): a key with "&"
 * came back as "&amp;". Bodies are serialized here first, before its serializer sees them.
 */
export function serializeXmlOnce(app: S3rverApp, S3Error: S3ErrorClass): void {
  app.middleware.splice(app.middleware.length - 1, 0, async (ctx: Context, next: () => Promise<void>) => {
    await next();
    if (ctx.body !== null && typeof ctx.body === 'object' && Object.getPrototypeOf(ctx.body) === Object.prototype) {
      const [[name, value]] = Object.entries(ctx.body) as [[string, unknown]];
      ctx.type = 'application/xml';
      ctx.body = xmlDocument(name, value);
    }
  });
  S3Error.prototype.toXML = function toXML(this: { code: string; message: string; detail: Record<string, unknown> }) {
    return xmlDocument('Error', { Code: this.code, Message: this.message, ...this.detail });
  };
}
