import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config';

/**
 * Security headers (issue 25). Every answer: `X-Content-Type-Options: nosniff`, a Referrer-Policy, and
 * HSTS when the public URL is https. The page: a Content-Security-Policy that allows scripts only from
 * this origin, the page's own inline scripts (by their hashes) and, outside sandbox mode, the Pi SDK's
 * script; frames only from this origin and the Pi platform's (the Pi Browser and its developer sandbox
 * embed apps), so no X-Frame-Options (it cannot name several origins). The API answers JSON and pictures
 * only, so its policy forbids everything.
 */

/** The Pi platform's origins: its SDK script, and the pages that frame an app (sandbox.minepi.com). */
const piSdk = 'https://sdk.minepi.com';
const piOrigins = 'https://*.minepi.com';

const hstsSeconds = 180 * 24 * 60 * 60;

export function commonHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  if (config.publicUrl?.startsWith('https://')) headers['Strict-Transport-Security'] = `max-age=${hstsSeconds}; includeSubDomains`;
  return headers;
}

/** The API and media: JSON and pictures, never a document to run or frame. */
export const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const inlineScript = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;

const hashesOf = new Map<string, string[]>();
/** The hashes of a page's inline scripts (JSON data blocks are not run and need none). Kept per page text. */
function scriptHashes(html: string): string[] {
  const kept = hashesOf.get(html);
  if (kept) return kept;
  const hashes: string[] = [];
  for (const m of html.matchAll(inlineScript)) {
    const attributes = m[1] ?? '';
    if (/\bsrc=/.test(attributes) || /type="application\/json"/.test(attributes)) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  if (hashesOf.size > 16) hashesOf.clear();
  hashesOf.set(html, hashes);
  return hashes;
}

/** The page's policy: this origin, its inline scripts by hash, and the Pi SDK (not in sandbox mode: the sandbox host is this origin's). */
export function pagePolicy(config: Config, html: string): string {
  const pi = !config.sandbox;
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes(html).join(' ')}${pi ? ` ${piSdk}` : ''}`,
    // Inline style attributes in the first paint and the shared-link preview; runtime colours set through the CSSOM.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${pi ? ` ${piOrigins}` : ''}`,
    `frame-src 'self'${pi ? ` ${piOrigins}` : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${piOrigins}`,
  ].join('; ');
}

/** On every answer of the API app: the common headers, and the API's policy on /api and /media. */
export function securityHeaders(config: Config): MiddlewareHandler {
  const common = commonHeaders(config);
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(common)) c.res.headers.set(name, value);
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/media/')) c.res.headers.set('Content-Security-Policy', apiPolicy);
  };
}
