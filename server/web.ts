import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import type { Config } from './config';
import { pagePolicy } from './http/securityHeaders';

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The host script the page loads before the app: the sandbox host (started with the app, see startScript), or the coin platform's SDK. */
export function hostTags(config: Config): string {
  const settings = `<script id="coin-mall-config" type="application/json">${JSON.stringify({ sandbox: config.sandbox })}</script>`;
  return config.sandbox ? settings : `${settings}<script src="https://sdk.minepi.com/pi-sdk.js"></script>`;
}

/** The sandbox host's module, which must run before the app's entry (it provides window.Pi). */
export const sandboxHostModule = '/sandbox-host.js';

/**
 * Takes the app's module scripts out of the built page's head (the entry and its modulepreloads),
 * to be started by startScript instead.
 */
export function takeScripts(html: string): { html: string; entry: string | null; preloads: string[] } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let rest = html;
  for (const m of [entry, ...preloads]) if (m) rest = rest.replace(m[0], '');
  return { html: rest, entry: entry?.[1] ?? null, preloads: preloads.map((m) => m[1] ?? '').filter(Boolean) };
}

/**
 * Starts the app. On the home screen it waits for the window's load event, so the server-rendered
 * first row (its text and images) is painted and complete before 100 KB of scripts compete with it
 * for a slow connection; anywhere else (a deep link) it starts at once. The sandbox host runs first.
 * Measured with Lighthouse's mobile preset: see the README.
 */
export function startScript(entry: string, preloads: string[], host: string | null): string {
  const data = JSON.stringify({ entry, preloads, host }).replace(/</g, '\\u003c');
  return `<script>(function(d){var c=${data};function add(t,a){var n=document.createElement(t);for(var k in a)n[k]=a[k];document.head.appendChild(n);return n}function app(){add('script',{type:'module',crossOrigin:'',src:c.entry})}function start(){c.preloads.forEach(function(f){add('link',{rel:'modulepreload',crossOrigin:'',href:f})});if(c.host){var h=add('script',{type:'module',src:c.host});h.onload=app;h.onerror=app}else app()}if(/^(#\\/?(index)?)?$/.test(location.hash.split('?')[0])&&d.readyState!=='complete')addEventListener('load',start);else if(typeof cmPreview=='object')cmPreview.then(start);else start()})(document)</script>`;
}

/** The routes a shared link opens, with the screen module whose chunk the page preloads at once. */
export const sharedLinkScreens: Record<string, string> = {
  'product/detail': 'screens/product/ProductDetailScreen.tsx',
  'product/store': 'screens/product/StoreScreen.tsx',
  'product/new-store': 'screens/product/StoreScreen.tsx',
  search: 'screens/product/SearchScreen.tsx',
  'product/classifysearch': 'screens/product/CategorySearchScreen.tsx',
};

/**
 * Entry by a shared link (product detail, store, search results, category search). Hash routes never
 * reach the server, so this small script, run where the page ends, reads the hash and at once asks for
 * the screen's data and paints its first row (the product's first picture at card size, 480 px, which
 * fits a phone, as wide as the screen's own picture so that one is not a larger paint; or the first two
 * products of the list) in place of the home screen's placeholder, as the home page's server-rendered
 * row does. The answer of a product's or a search's request is left for the screen (`cmPrefetch`, the
 * URL the screen itself asks for: src/api/client.ts takes it instead of asking again; a store's or a
 * category's asks for two products only, less to wait for than the screen's page of 20). It leaves a
 * promise, `cmPreview`, that settles once that first row is on screen: its first
 * picture loaded and then painted (the browser's largest-contentful-paint entry for it, at most 0.5 s
 * later; a frame where that entry type is unknown), or after 4 s, or at once on any failure. Only then
 * does it preload the screen's chunk, and startScript start the app: a script that arrives before the
 * largest paint competes with the picture on a slow connection, and Lighthouse counts every request
 * that ended before the largest paint as needed for it. React replaces the preview on its first render.
 */
export function sharedLinkScript(chunks: Record<string, string[]>): string {
  const data = JSON.stringify(chunks).replace(/</g, '\\u003c');
  return `<script>(function(){var m=/^#\\/(product\\/detail|product\\/store|product\\/new-store|search|product\\/classifysearch)\\?(.*)$/.exec(location.hash),c=${data};if(!m)return;var q=new URLSearchParams(m[2]),r=m[1],v=function(k){return encodeURIComponent(q.get(k)||'')},f='/api/commodity/product/',S=function(o){return new URLSearchParams(o).toString()},u=r=='product/detail'?f+'detail?'+S({id:q.get('id')||''}):r=='search'?q.get('q')&&f+'search?'+S({q:q.get('q'),countryId:0}):f+'feed?countryId=0&limit=2&'+(r=='product/classifysearch'?'categoryId='+v('category'):'sellerId='+v('id'));if(!u)return;var A=fetch(u).then(function(a){return a.json()});if(r=='product/detail'||r=='search')window.cmPrefetch={url:u,at:Date.now(),answer:A};var e=function(t){return String(t).replace(/[&<>"']/g,function(x){return'&#'+x.charCodeAt(0)+';'})},t=function(p,w){var i=p.image||(p.images||[])[0];return'<div style="border-radius:16px;background:#fff;overflow:hidden">'+(i?'<img src="'+e(i.urls.card)+'" width="480" height="480" alt="" fetchpriority="high" style="display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:cover">':'')+'<div style="padding:8px;font-size:'+w+'px;font-weight:600;color:#1b1530">'+e(p.title)+'<div style="color:#5b21d6;font-weight:800">π '+e(p.price)+'</div></div></div>'},P=window.PerformanceObserver,shown=function(n){return new Promise(function(s){if(P&&(P.supportedEntryTypes||[]).indexOf('largest-contentful-paint')>=0){var o=new P(function(l){if(l.getEntries().some(function(x){return n.contains(x.element)})){o.disconnect();s()}});o.observe({type:'largest-contentful-paint',buffered:true});setTimeout(s,500)}else(window.requestAnimationFrame||setTimeout)(function(){setTimeout(s,0)})})};window.cmPreview=Promise.race([new Promise(function(s){setTimeout(s,4000)}),A.then(function(a){var o=a.object||{},l=o.images?[o]:((o.products||o).list||[]).slice(0,2),n=document.getElementById('first-paint');if(!n||!l.length)return;if(o.images)n.style.padding='0';n.innerHTML=o.images?t(l[0],18):'<div style="display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px">'+l.map(function(p){return t(p,14)}).join('')+'</div>';n.style.visibility='visible';var g=n.querySelector('img');return new Promise(function(s){if(g&&!g.complete)g.onload=g.onerror=s;else s()}).then(function(){return shown(n)})})]).catch(function(){}).then(function(){(c[r]||[]).forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})})()</script>`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The home screen is a lazy chunk; preloading it (and what it imports) with the entry saves a round
 * trip before the first screen can render.
 */
export function firstScreenPreloads(distDir: string, html: string, screen = 'screens/home/HomeScreen.tsx'): string[] {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(file)) return [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(screen);
  return [...files].filter((f) => f.endsWith('.js') && !html.includes(`/${f}"`)).map((f) => `/${f}`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface PreviewTile {
  title: string;
  price: string;
  image: { urls: { thumb: string; card: string } } | null;
}

/**
 * The first row of the home feed as static HTML inside the page, so the largest paint (a product
 * image) does not wait for the scripts and an API round trip. React replaces it on its first render.
 */
export function previewTiles(tiles: PreviewTile[]): string {
  return tiles
    .map(
      (p, i) =>
        `<div style="border-radius:16px;background:#fff;overflow:hidden">${
          p.image
            ? `<img src="${escapeHtml(p.image.urls.card)}" srcset="${escapeHtml(p.image.urls.thumb)} 240w, ${escapeHtml(p.image.urls.card)} 480w" sizes="(max-width: 420px) 50vw, 190px" width="480" height="480" alt="" style="display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:cover"${i < 2 ? ' fetchpriority="high"' : ''}>`
            : ''
        }<div style="padding:8px;font-size:14px;font-weight:600;color:#1b1530">${escapeHtml(p.title)}<div style="color:#5b21d6;font-weight:800">π ${escapeHtml(p.price)}</div></div></div>`,
    )
    .join('');
}

/** Text files the server sends gzip-compressed to a browser that accepts it (images are compressed already). */
const compressible = new Set(['.js', '.css', '.html', '.json', '.svg', '.txt', '.ico']);
const acceptsGzip = (header: string | undefined) => /\bgzip\b/.test(header ?? '');

/** A file's gzip, made once per version of the file (its size and time of change) and then kept in memory. */
const gzipCache = new Map<string, { stamp: string; body: Uint8Array<ArrayBuffer> }>();
function gzipped(file: string): Uint8Array<ArrayBuffer> {
  const stat = fs.statSync(file);
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const kept = gzipCache.get(file);
  if (kept?.stamp === stamp) return kept.body;
  const body = new Uint8Array(zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
  gzipCache.set(file, { stamp, body });
  return body;
}

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached; text gzip-compressed
 * (the first screen's JavaScript budget is counted in gzip, and the scripts of a slow phone connection
 * are most of what it waits for).
 */
export function webRoutes(config: Config, preview: () => Promise<string> = async () => '') {
  const app = new Hono();
  const indexFile = path.join(config.distDir, 'index.html');
  let indexHtml: string | null = null;
  const page = () => {
    if (indexHtml === null && fs.existsSync(indexFile)) {
      const built = fs.readFileSync(indexFile, 'utf8');
      const { html, entry, preloads } = takeScripts(built);
      const home = firstScreenPreloads(config.distDir, built);
      const start = entry ? startScript(entry, [...preloads, ...home], config.sandbox ? sandboxHostModule : null) : '';
      // A shared link's screen chunk, less what the entry preloads anyway.
      const chunks = Object.fromEntries(Object.entries(sharedLinkScreens).map(([route, screen]) => [route, firstScreenPreloads(config.distDir, built, screen).filter((f) => !preloads.includes(f))]));
      indexHtml = html.replace('<!--coin-mall-host-->', hostTags(config)).replace('</body>', `${entry ? sharedLinkScript(chunks) : ''}${start}</body>`);
    }
    return indexHtml;
  };

  app.get('/', async (c) => {
    const html = page();
    if (html === null) return c.text('The client is not built yet: run `npm run build` (npm start does it for you).', 503);
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', pagePolicy(config, html));
    const tiles = await preview().catch(() => '');
    const body = html.replace('<!--coin-mall-preview-->', tiles);
    c.header('Vary', 'Accept-Encoding');
    if (!acceptsGzip(c.req.header('accept-encoding'))) return c.html(body);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(zlib.gzipSync(body)));
  });
  app.get('/index.html', (c) => c.redirect('/'));

  app.get('*', async (c, next) => {
    const rel = decodeURIComponent(c.req.path).replace(/^\/+/, '');
    const file = path.resolve(config.distDir, rel);
    if (!file.startsWith(config.distDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return next();
    const immutable = rel.startsWith('assets/');
    c.header('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    if (compressible.has(path.extname(file))) {
      c.header('Vary', 'Accept-Encoding');
      if (acceptsGzip(c.req.header('accept-encoding'))) {
        c.header('Content-Encoding', 'gzip');
        return c.body(gzipped(file));
      }
    }
    return c.body(fs.readFileSync(file));
  });
  return app;
}
