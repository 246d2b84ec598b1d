import { measureBundle, firstScreenBudgetBytes } from './bundle';
import { measureStartup } from './startup';

/**
 * `npm run bench`: the quick measurements (bundle, start-up). The load benches run on their own:
 * `npx tsx bench/catalogue-api.ts`, `npx tsx bench/checkout.ts`, `npx tsx bench/lighthouse.ts`.
 */
const bundle = measureBundle();
console.log(`bundle: first screen ${(bundle.firstScreenGzip / 1024).toFixed(1)} KB gzip of ${firstScreenBudgetBytes / 1024} KB; all JS ${(bundle.totalJsGzip / 1024).toFixed(1)} KB gzip`);
const startup = await measureStartup();
console.log(`startup: first start ${startup.first.page} ms to first answer (${startup.first.api} ms to API); again ${startup.again.page} ms (${startup.again.api} ms to API)`);
