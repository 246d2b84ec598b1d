import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Lighthouse on every entry route against `npm start` (built client, PGlite with the demo catalogue):
 * the home screen and the routes a shared link opens (product detail, store, search results, category
 * search), mobile preset: simulated slow 4G and 4x CPU slowdown, median of 3 each. Budget (issues 4
 * and 16): performance score at least 0.95 and LCP under 2.0 s on each. Run after `npx vite build`:
 * npx tsx bench/lighthouse.ts [part of a route, to run only that one]
 */
const port = Number(process.env.PORT ?? 18_080 + Math.floor(Math.random() * 1000));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function until(url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coin-mall-lighthouse-'));
  const server = spawn('npm', ['start'], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) }, stdio: 'ignore', detached: true });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    await until(`http://127.0.0.1:${port}/api/commodity/product/feed?limit=1`, Date.now() + 90_000);
    // Entry by a shared link (issue 16): every entry route, each the median of 3 runs.
    const first = (await (await fetch(`http://127.0.0.1:${port}/api/commodity/product/feed?countryId=0&limit=1`)).json()) as { object: { list: { id: string; sellerId: string; categoryId: number }[] } };
    const card = first.object.list[0];
    const only = process.argv[2];
    const routes = [
      '/#/index',
      `/#/product/detail?id=${card?.id ?? '5'}`,
      `/#/product/store?id=${card?.sellerId ?? '2'}`,
      '/#/search?q=tea',
      `/#/product/classifysearch?category=${card?.categoryId ?? 1}`,
    ].filter((r) => !only || r.includes(only));
    const summary: string[] = [];
    for (const route of routes) {
      const url = `http://127.0.0.1:${port}${route}`;
      const runs: { score: number; lcp: number; fcp: number }[] = [];
      console.log(route);
      for (let i = 0; i < 3; i += 1) {
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('lighthouse gave no result');
        const score = lhr.categories.performance?.score ?? 0;
        const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
        const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
        runs.push({ score, lcp, fcp });
        // Which element was the largest paint, so a regression can be traced to it.
        const lcpElement = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1];
        if (lcpElement) console.log(`  largest paint: ${lcpElement.slice(0, 160)}`);
        console.log(`  run ${i + 1}: performance ${score.toFixed(2)}, LCP ${(lcp / 1000).toFixed(2)} s, FCP ${(fcp / 1000).toFixed(2)} s, TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`);
      }
      const median = [...runs].sort((a, b) => a.score - b.score)[1] ?? runs[0];
      const lcpMedian = [...runs].sort((a, b) => a.lcp - b.lcp)[1]?.lcp ?? Number.NaN;
      if (median) {
        const met = median.score >= 0.95 && lcpMedian < 2000;
        summary.push(`${route.padEnd(34)} performance ${median.score.toFixed(2)}, LCP ${(lcpMedian / 1000).toFixed(2)} s (runs ${runs.map((r) => r.score.toFixed(2)).join(' / ')}) ${met ? 'met' : 'NOT met'}`);
      }
    }
    console.log('\nLighthouse mobile preset (simulated slow 4G, 4x CPU), median of 3; budget score >= 0.95 and LCP < 2.0 s');
    for (const line of summary) console.log(line);
  } finally {
    chrome.kill();
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
