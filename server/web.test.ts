import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { sharedLinkScript, startScript, takeScripts, webRoutes } from './web';

const built = `<!doctype html><html><head><title>Coin Mall</title>
    <!--coin-mall-host-->
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/core-B.js">
    <link rel="modulepreload" crossorigin href="/assets/gate-C.js">
    <link rel="stylesheet" crossorigin href="/assets/ui-D.css">
  </head><body><div id="root"></div></body></html>`;

describe('the page starts the app after its first paint', () => {
  it('takes the entry and its modulepreloads out of the head, and keeps the styles', () => {
    const { html, entry, preloads } = takeScripts(built);
    expect(entry).toBe('/assets/index-A.js');
    expect(preloads).toEqual(['/assets/core-B.js', '/assets/gate-C.js']);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/ui-D.css">');
  });

  it('starts the host, then the entry; on the home screen only after the load event', () => {
    /** Runs the start script against a recording stand-in for the document. */
    const run = (hash: string, readyState: string) => {
      const nodes: { tag: string; attrs: Record<string, unknown>; loaded?: () => void }[] = [];
      const listeners: Record<string, () => void> = {};
      const createElement = (tag: string) => {
        const rec: (typeof nodes)[number] = { tag, attrs: {} };
        nodes.push(rec);
        return new Proxy(rec, {
          set: (_t, key, value) => {
            if (key === 'onload') rec.loaded = value as () => void;
            else if (key !== 'onerror') rec.attrs[String(key)] = value;
            return true;
          },
        });
      };
      const document = { readyState, createElement, head: { appendChild: (n: unknown) => n } };
      const body = startScript('/assets/index-A.js', ['/assets/core-B.js'], '/sandbox-host.js').replace(/^<script>|<\/script>$/g, '');
      new Function('document', 'location', 'addEventListener', body)(document, { hash }, (type: string, fn: () => void) => (listeners[type] = fn));
      const names = () => nodes.map((n) => `${n.tag} ${String(n.attrs.href ?? n.attrs.src)}`);
      return { nodes, listeners, names };
    };

    const home = run('#/index', 'interactive');
    expect(home.names()).toEqual([]); // nothing before the load event
    home.listeners.load?.();
    expect(home.names()).toEqual(['link /assets/core-B.js', 'script /sandbox-host.js']);
    home.nodes[1]?.loaded?.(); // the host has run: now the app
    expect(home.names()).toEqual(['link /assets/core-B.js', 'script /sandbox-host.js', 'script /assets/index-A.js']);
    expect(home.nodes[2]?.attrs).toMatchObject({ type: 'module', crossOrigin: '' });

    const deep = run('#/mine/order/detail?id=1', 'interactive');
    expect(deep.names()).toEqual(['link /assets/core-B.js', 'script /sandbox-host.js']);
    expect(deep.listeners.load).toBeUndefined();
    const late = run('#/index', 'complete');
    expect(late.names()).toHaveLength(2);
  });

  it('escapes the data it writes into the page', () => {
    expect(startScript('/a</script>.js', [], null)).not.toContain('</script>.js');
  });
});

describe('entry by a shared link', () => {
  /** Runs the shared-link script against stand-ins: answers `answer` to its one request. */
  const run = async (hash: string, answer: unknown) => {
    const links: string[] = [];
    const requested: string[] = [];
    const firstPaint = { innerHTML: '', style: { visibility: 'hidden' }, querySelector: () => ({ complete: true }) };
    const document = { createElement: () => ({}), head: { appendChild: (n: { href: string }) => links.push(n.href) }, getElementById: () => firstPaint };
    const window: { cmPreview?: Promise<unknown>; cmPrefetch?: { url: string; answer: Promise<unknown> } } = {};
    const fetch = async (url: string) => {
      requested.push(url);
      return { json: async () => answer };
    };
    const body = sharedLinkScript({ 'product/detail': ['/assets/detail-A.js'], search: ['/assets/search-B.js'] }).replace(/^<script>|<\/script>$/g, '');
    new Function('document', 'location', 'window', 'fetch', body)(document, { hash }, window, fetch);
    const before = [...links];
    await window.cmPreview;
    // The screen's chunk is preloaded only once the first row is painted (then the app starts).
    expect(before).toEqual([]);
    return { links, requested, firstPaint, started: window.cmPreview !== undefined, prefetch: window.cmPrefetch };
  };

  it('asks for a product at once, preloads its screen, and paints its first picture at card size', async () => {
    const image = { urls: { thumb: '/media/a-thumb.webp', card: '/media/a-card.webp', full: '/media/a-full.webp' } };
    const r = await run('#/product/detail?id=5', { code: '0000', object: { title: 'Tea <set>', price: '12.5', images: [image] } });
    expect(r.requested).toEqual(['/api/commodity/product/detail?id=5']);
    expect(r.prefetch?.url).toBe('/api/commodity/product/detail?id=5'); // the screen's request takes it
    expect(await r.prefetch?.answer).toMatchObject({ object: { title: 'Tea <set>' } });
    expect(r.links).toEqual(['/assets/detail-A.js']);
    expect(r.firstPaint.innerHTML).toContain('src="/media/a-card.webp"');
    expect(r.firstPaint.innerHTML).not.toContain('a-full');
    expect(r.firstPaint.innerHTML).toContain('Tea &#60;set&#62;');
    expect(r.firstPaint.style.visibility).toBe('visible');
  });

  it('paints the first two results of a search, a store and a category', async () => {
    const card = (title: string) => ({ title, price: '1', image: { urls: { card: `/media/${title}-card.webp` } } });
    const search = await run('#/search?q=smart%20tea', { object: { products: { list: [card('a'), card('b'), card('c')] }, stores: [] } });
    // The search screen's own request (src/api/catalogue.ts), so that the screen takes its answer.
    expect(search.requested).toEqual(['/api/commodity/product/search?q=smart+tea&countryId=0']);
    expect(search.prefetch?.url).toBe('/api/commodity/product/search?q=smart+tea&countryId=0');
    expect(search.firstPaint.innerHTML.match(/<img/g)).toHaveLength(2);
    const store = await run('#/product/store?id=7', { object: { list: [card('a')] } });
    expect(store.requested).toEqual(['/api/commodity/product/feed?countryId=0&limit=2&sellerId=7']);
    expect(store.prefetch).toBeUndefined(); // two products only: not the screen's page
    expect((await run('#/product/classifysearch?category=3', { object: { list: [] } })).requested).toEqual(['/api/commodity/product/feed?countryId=0&limit=2&categoryId=3']);
  });

  it('waits for the largest paint of its first row before the screen chunk (and the app) may load', async () => {
    const links: string[] = [];
    const img = { complete: false, onload: null as null | (() => void) };
    const firstPaint = { innerHTML: '', style: {}, querySelector: () => img, contains: (el: unknown) => el === img };
    const document = { createElement: () => ({}), head: { appendChild: (n: { href: string }) => links.push(n.href) }, getElementById: () => firstPaint };
    let report: ((list: { getEntries: () => { element: unknown }[] }) => void) | null = null;
    class PerformanceObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(fn: typeof report) {
        report = fn;
      }
      observe() {}
      disconnect() {}
    }
    const window: { cmPreview?: Promise<unknown>; PerformanceObserver: typeof PerformanceObserver } = { PerformanceObserver };
    const fetch = async () => ({ json: async () => ({ object: { title: 'Tea', price: '1', images: [{ urls: { card: '/media/a-card.webp' } }] } }) });
    const body = sharedLinkScript({ 'product/detail': ['/assets/detail-A.js'] }).replace(/^<script>|<\/script>$/g, '');
    new Function('document', 'location', 'window', 'fetch', body)(document, { hash: '#/product/detail?id=5' }, window, fetch);
    let settled = false;
    void window.cmPreview?.then(() => (settled = true));
    const tick = () => new Promise((r) => setTimeout(r, 20));
    await tick();
    expect(report).toBeNull(); // the picture has not loaded yet
    img.onload?.();
    await tick();
    report!({ getEntries: () => [{ element: { other: true } }] }); // an earlier, smaller paint
    await tick();
    expect(settled).toBe(false);
    expect(links).toEqual([]);
    report!({ getEntries: () => [{ element: img }] });
    await tick();
    expect(settled).toBe(true);
    expect(links).toEqual(['/assets/detail-A.js']);
  });

  it('does nothing on other routes, and the search screen without words', async () => {
    for (const hash of ['#/index', '', '#/mine/order/detail?id=1', '#/search']) {
      const r = await run(hash, {});
      expect(r.requested).toEqual([]);
      expect(r.started).toBe(false);
    }
  });
});

describe('the built client is sent compressed', () => {
  it('gzips the page and the scripts for a browser that accepts it, and not the images', async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-web-'));
    try {
      fs.mkdirSync(path.join(distDir, 'assets'));
      const script = `export const words = ${JSON.stringify('tea '.repeat(2000))};`;
      fs.writeFileSync(path.join(distDir, 'assets', 'a.js'), script);
      fs.writeFileSync(path.join(distDir, 'assets', 'b.webp'), 'RIFF....WEBP');
      fs.writeFileSync(path.join(distDir, 'index.html'), built.replace('<div id="root"></div>', '<div id="root"><!--coin-mall-preview--></div>'));
      const app = webRoutes({ ...readConfig({}), distDir }, async () => '<p>first row</p>');
      const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };

      const js = await app.request('/assets/a.js', { headers: gzip });
      expect(js.headers.get('Content-Encoding')).toBe('gzip');
      expect(js.headers.get('Vary')).toBe('Accept-Encoding');
      const packed = Buffer.from(await js.arrayBuffer());
      expect(packed.length).toBeLessThan(script.length / 10);
      expect(zlib.gunzipSync(packed).toString()).toBe(script);
      expect(Buffer.from(await (await app.request('/assets/a.js', { headers: gzip })).arrayBuffer())).toEqual(packed); // kept
      const plain = await app.request('/assets/a.js');
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      expect(await plain.text()).toBe(script);

      expect((await app.request('/assets/b.webp', { headers: gzip })).headers.get('Content-Encoding')).toBeNull();

      const page = await app.request('/', { headers: gzip });
      expect(page.headers.get('Content-Encoding')).toBe('gzip');
      expect(page.headers.get('Content-Type')).toContain('text/html');
      expect(zlib.gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('<p>first row</p>');
      expect(await (await app.request('/')).text()).toContain('<p>first row</p>');
    } finally {
      fs.rmSync(distDir, { recursive: true, force: true });
    }
  });
});
