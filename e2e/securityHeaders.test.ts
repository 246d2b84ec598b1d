import { describe, expect, it } from 'vitest';
import { appAndBrowser, loginAs, phone } from './support/app';

/**
 * Issue 25: the page's Content-Security-Policy allows what the app needs and nothing it does not. In a
 * real Chromium the home page, a shared link, the statecharts gallery (elkjs) and a sandbox login (the
 * sandbox host) run without a single policy violation; the headers are on the page and the API.
 */
const suite = appAndBrowser({ publicUrl: 'https://mall.example' });


describe('security headers', () => {
  it('page and API carry them; HSTS with an https public URL; framing only by this origin and the Pi platform', async () => {
    const page = await fetch(`${suite.app.url}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).toContain("frame-ancestors 'self' https://*.minepi.com");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers.get('x-frame-options')).toBeNull();
    for (const res of [page, await fetch(`${suite.app.url}/api/users/language/getLanguageType`), await fetch(`${suite.app.url}/sandbox-host.js`)]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    }
    expect((await fetch(`${suite.app.url}/api/users/language/getLanguageType`)).headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('home, a shared link, the gallery and a sandbox login run without a policy violation', async () => {
    const { context, page } = await phone(suite.browser);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportViolation(t: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${suite.app.url}/`);
    await page.getByTestId('tab-home').waitFor().catch(() => undefined);
    await page.waitForLoadState('networkidle');
    await page.goto(`${suite.app.url}/#/search?q=lamp`);
    await page.waitForLoadState('networkidle');
    await page.goto(`${suite.app.url}/#/statecharts`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    await loginAs(page, suite.app.url, 'demo_buyer');
    expect(violations).toEqual([]);
    await context.close();
  });
});
