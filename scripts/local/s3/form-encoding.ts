/** S3's form encoding of keys (encoding-type=url, event records): "/" kept, a space as "+". */
export const formEncode = (text: string) =>
  text
    .split('/')
    .map((part) =>
      encodeURIComponent(part)
        .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
        .replace(/%20/g, '+'),
    )
    .join('/');
