/** Which Chromium the browser tests run and how (CHROMIUM_PATH points them at another build; scripts/test-prereqs.sh). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];
