import { Hono } from 'hono';
import { hasControlCharacters } from '../../src/domain/schemas/limits';
import type { Deps } from '../deps';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/**
 * The dev mailbox (sandbox mode only): the outbox, newest first, so a person trying the app can read
 * the e-mail codes it sent. `?to=` narrows it to one address.
 */
export function mailboxRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/sandbox/mailbox', async (c) => {
    const to = (c.req.query('to') ?? '').trim().toLowerCase();
    if (hasControlCharacters(to)) return c.text('The address must not contain control characters', 400);
    let q = deps.db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100);
    if (to) q = q.where('to_address', '=', to);
    const rows = await q.execute();
    const items = rows
      .map(
        (m) => `<article class="mail" data-testid="mail" data-to="${escape(m.to_address)}">
  <header><strong>${escape(m.subject)}</strong><br><small>to ${escape(m.to_address)} · ${escape(m.created_at.toISOString())} · ${escape(m.via)}</small></header>
  <pre>${escape(m.body)}</pre>
</article>`,
      )
      .join('\n');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox · Coin Mall sandbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:640px;padding:16px;background:#f6f4fb;color:#222}
h1{font-size:20px}.mail{background:#fff;border-radius:12px;padding:12px 16px;margin:12px 0;box-shadow:0 1px 4px rgba(0,0,0,.08)}
pre{white-space:pre-wrap;font:inherit;margin:8px 0 0}small{color:#666}form{display:flex;gap:8px}input{flex:1;padding:8px}</style></head>
<body><h1>Dev mailbox</h1><p>Sandbox mode: mail is not sent; it lands here, newest first.</p>
<form method="get"><label for="to" hidden>Address</label><input id="to" name="to" type="email" placeholder="Filter by address" value="${escape(to)}"><button>Filter</button></form>
${items || '<p data-testid="mailbox-empty">No mail yet.</p>'}
</body></html>`);
  });
  return app;
}
