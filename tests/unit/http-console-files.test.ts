import { describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL, consoleFileFor, PAGE_CACHE_CONTROL } from '../../lib/http/console-files.js';

describe('how the console files are served', () => {
  it('keeps hashed assets for a year and revalidates everything else', () => {
    expect(consoleFileFor('/console/assets/index-Bf3k2.js')).toEqual({
      kind: 'file',
      path: 'assets/index-Bf3k2.js',
      contentType: 'text/javascript; charset=utf-8',
      cacheControl: ASSET_CACHE_CONTROL,
      binary: false,
    });
    expect(consoleFileFor('/console/assets/index-9a.css')).toMatchObject({
      contentType: 'text/css; charset=utf-8',
      cacheControl: ASSET_CACHE_CONTROL,
    });
    expect(consoleFileFor('/console/favicon.svg')).toMatchObject({
      path: 'favicon.svg',
      cacheControl: PAGE_CACHE_CONTROL,
      binary: false,
    });
    expect(consoleFileFor('/console/icon.png')).toMatchObject({ binary: true, contentType: 'image/png' });
  });

  it('answers every page of the single-page app with its index.html, never cached', () => {
    for (const path of [
      '/console',
      '/console/',
      '/console/orders',
      '/console/orders/01HXYZ/show',
      '/console/customers/abc',
    ])
      expect(consoleFileFor(path)).toEqual({
        kind: 'file',
        path: 'index.html',
        contentType: 'text/html; charset=utf-8',
        cacheControl: PAGE_CACHE_CONTROL,
        binary: false,
      });
  });

  it('sends / to /console/, and answers /console with the console itself (the local server gives /console/ as /console)', () => {
    expect(consoleFileFor('/')).toEqual({ kind: 'redirect', location: '/console/' });
    expect(consoleFileFor('/console')).toEqual(consoleFileFor('/console/'));
  });

  it('serves nothing outside the build folder, no hidden file and no unknown type', () => {
    for (const path of [
      '/console/../package.json',
      '/console/assets/../../.env',
      '/console/.vite/manifest.json',
      '/console/a\\..\\b.js',
      '/console/app.js.map',
      '/console/x.exe',
      '/api/v1/me',
      '/consoles/x.js',
    ])
      expect(consoleFileFor(path), path).toEqual({ kind: 'not-found' });
  });
});
