import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, loginAs, phone, startApp } from '../e2e/support/app';
import { instrument, steps, throttle, walk, type Figures, type Step } from './responsiveness';

/**
 * Where each tap of the buying path spends its time on a slow phone (issue 33, finding 12): the walk of
 * bench/responsiveness.ts (CPU 4× slower, signed-in buyer, after a warm-up walk and a reload), with for
 * every tap, from just before it to its screen painted (and 400 ms after, as the Event Timing entries need):
 *
 * - the main thread's time by kind (Performance.getMetrics: script, layout, style) and in all (task);
 * - a CPU profile (the Profiler domain, 100 µs sampling): the functions with the most self time, summed
 *   over the rounds, named by their module (build the client unminified for readable names, below);
 * - React's work: commits, and the components rendered in them by name (a minimal DevTools hook counts the
 *   fibers that performed work in each commit);
 * - the requests made after the tap, each with its start and end from the tap (a waterfall shows as starts
 *   that follow ends).
 *
 * The figures are the profile's, not wall-clock budgets: on a loaded machine they are slower in proportion,
 * but where the time goes does not change.
 *
 *   npx vite build --minify false --outDir dist-profile --logLevel warn
 *   npx tsx bench/tapProfile.ts [rounds, default 3] [dist-profile]
 */
const rounds = Number(process.argv[2] ?? 3);
const distDir = path.resolve(process.argv[3] ?? 'dist-profile');

/** Counts the components each React commit rendered (flags & PerformedWork), by name. */
const reactCounter = `
  window.__renders = { commits: 0, components: {} };
  // A fiber untouched by a commit is the very object the last commit saw, with the same props and state;
  // its PerformedWork flag is left from the commit that rendered it, so it is compared with what was seen.
  const seen = new WeakMap();
  const named = (type) => (type && (type.displayName || type.name || (type.render && (type.render.displayName || type.render.name)) || (type.type && (type.type.displayName || type.type.name)))) || 'anonymous';
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {},
    onCommitFiberRoot(_, root) {
      const r = window.__renders;
      r.commits++;
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        const component = fiber.tag === 0 || fiber.tag === 1 || fiber.tag === 11 || fiber.tag === 14 || fiber.tag === 15;
        const before = seen.get(fiber);
        if (component && (fiber.flags & 1) !== 0 && (!before || before.p !== fiber.memoizedProps || before.s !== fiber.memoizedState)) {
          const name = named(fiber.type);
          r.components[name] = (r.components[name] || 0) + 1;
        }
        seen.set(fiber, { p: fiber.memoizedProps, s: fiber.memoizedState });
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
    },
  };
`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Taken {
  metrics: Record<string, number>;
  self: Map<string, number>;
  renders: { commits: number; components: Record<string, number> };
  requests: { url: string; start: number; end: number }[];
  figures: Figures;
}

const metricNames = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.filter((m) => metricNames.includes(m.name)).map((m) => [m.name, m.value * 1000]));
}

/** Self time per function (ms), named `function  file:line`. */
function selfTime(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.replace(/^.*\/(assets\/)?/, '') : '';
    const name = `${functionName || '(anonymous)'}  ${file}${file ? `:${lineNumber + 1}` : ''}`;
    out.set(name, (out.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

async function profiled(page: Page, cdp: CDPSession, step: Step, tap: () => Promise<Figures>, requests: { url: string; at: number; end: number }[]): Promise<Taken> {
  await page.evaluate(() => {
    (window as unknown as { __renders: { commits: number; components: Record<string, number> } }).__renders = { commits: 0, components: {} };
  });
  requests.length = 0;
  const before = await metrics(cdp);
  await cdp.send('Profiler.start');
  const tappedAt = Date.now();
  const figures = await tap();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const after = await metrics(cdp);
  const renders = await page.evaluate(() => (window as unknown as { __renders: { commits: number; components: Record<string, number> } }).__renders);
  void step;
  return {
    metrics: Object.fromEntries(metricNames.map((n) => [n, (after[n] ?? 0) - (before[n] ?? 0)])),
    self: selfTime(profile),
    renders,
    requests: requests.filter((r) => r.at >= tappedAt - 5).map((r) => ({ url: r.url, start: r.at - tappedAt, end: r.end - tappedAt })),
    figures,
  };
}

const ms = (n: number) => n.toFixed(0).padStart(5);

async function main() {
  const app = await startApp({ distDir });
  const browser = await launchBrowser();
  try {
    const { context, page } = await phone(browser);
    await context.addInitScript({ content: instrument });
    await context.addInitScript({ content: reactCounter });
    const requests: { url: string; at: number; end: number }[] = [];
    const started = new Map<object, number>();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) started.set(r, Date.now());
    });
    page.on('requestfinished', (r) => {
      const at = started.get(r);
      if (at !== undefined) requests.push({ url: new URL(r.url()).pathname, at, end: Date.now() });
    });
    await loginAs(page, app.url, 'demo_buyer');
    await walk(page, app.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Performance.enable');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const all: Taken[][] = [];
    for (let r = 0; r < rounds; r++) {
      await page.reload();
      const taken: Taken[] = [];
      await walk(page, app.url, async (step, tap) => {
        const t = await profiled(page, cdp, step, tap, requests);
        taken.push(t);
        return t.figures;
      });
      all.push(taken);
    }
    console.log(`where each tap spends its time, CPU ${throttle}× slower, ${rounds} rounds (figures per round: mean)`);
    steps.forEach((step, i) => {
      const runs = all.map((round) => round[i]).filter((t): t is Taken => t !== undefined);
      const mean = (f: (t: Taken) => number) => runs.reduce((s, t) => s + f(t), 0) / runs.length;
      console.log(`\n== ${step.name}: INP ${runs.map((t) => t.figures.inp.toFixed(0)).join(', ')}; painted ${runs.map((t) => t.figures.heading.toFixed(0)).join(', ')}${step.content ? `; content ${runs.map((t) => t.figures.content.toFixed(0)).join(', ')}` : ''}`);
      console.log(`   main thread: task ${ms(mean((t) => t.metrics.TaskDuration ?? 0))}, script ${ms(mean((t) => t.metrics.ScriptDuration ?? 0))}, layout ${ms(mean((t) => t.metrics.LayoutDuration ?? 0))}, style ${ms(mean((t) => t.metrics.RecalcStyleDuration ?? 0))} ms`);
      const self = new Map<string, number>();
      for (const t of runs) for (const [k, v] of t.self) self.set(k, (self.get(k) ?? 0) + v / runs.length);
      const top = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 14);
      for (const [name, v] of top) console.log(`   ${ms(v)} ms self  ${name}`);
      const components = new Map<string, number>();
      for (const t of runs) for (const [k, v] of Object.entries(t.renders.components)) components.set(k, (components.get(k) ?? 0) + v / runs.length);
      const renders = [...components].sort((a, b) => b[1] - a[1]);
      console.log(`   React: ${mean((t) => t.renders.commits).toFixed(1)} commits, ${renders.reduce((s, [, v]) => s + v, 0).toFixed(0)} component renders: ${renders.slice(0, 18).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
      const last = runs.at(-1);
      if (last) for (const r of last.requests) console.log(`   request ${ms(r.start)} → ${ms(r.end)} ms  ${r.url}`);
    });
    await context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
