import { describe, expect, it } from 'vitest';
import { startScript, takeScripts } from './web';

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
