import fs from 'node:fs';
import { chromium, type LaunchOptions } from 'playwright-core';

/**
 * Which Chromium the browser tests run (CHROMIUM_PATH points them at another build; scripts/test-prereqs.sh).
 * Debian's `chromium-headless-shell` where it is installed: the same Chromium release as /usr/bin/chromium (Blink,
 * V8, the network stack), built for headless use only, and the build Playwright itself runs for headless Chromium.
 * It has no browser window behind each context (no tab strip, omnibox or WebUI pages), and that window was a third
 * of the journeys' CPU (docs/benchmarks.md, 2026-11-29). Without it, the full browser at /usr/bin/chromium.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

/**
 * Features of the full Chromium the tests never use and pay for in every window: a headless window still preloads
 * its omnibox popups (two WebUI pages, `chrome://omnibox-popup.top-chrome/`, each a renderer process), and every
 * browser context the tests open is a window. Measured in the UI walks: those renderers were a fifth of Chromium's
 * CPU (18.5 of 91 s).
 */
const unusedFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const featuresSwitch = '--disable-features=';

/**
 * How to launch the tests' Chromium. Chromium keeps only the last `--disable-features` it is given, and Playwright
 * passes its own list first (network and UI features it turns off), so ours would replace it. Playwright does not
 * publish that list: a first launch reads it from the browser's own command line, and the real launch drops
 * Playwright's switch and passes one merged switch instead.
 */
export async function chromiumLaunchOptions(): Promise<LaunchOptions> {
  const probe = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs });
  let playwrights: string | undefined;
  try {
    const pid = probe.process().pid;
    if (pid !== undefined) playwrights = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').find((arg) => arg.startsWith(featuresSwitch));
  } finally {
    await probe.close();
  }
  // Where the command line cannot be read (no /proc), Playwright's list stays and ours is left out.
  if (!playwrights) return { executablePath: chromiumPath, args: chromiumArgs };
  const merged = [...new Set([...playwrights.slice(featuresSwitch.length).split(',').filter(Boolean), ...unusedFeatures])];
  return { executablePath: chromiumPath, args: [...chromiumArgs, `${featuresSwitch}${merged.join(',')}`], ignoreDefaultArgs: [playwrights] };
}
