import { measureBundle, firstScreenBudgetBytes } from './bundle';
import { measureStartup } from './startup';

/** `npm run bench`: every measurement, printed; the README's table is copied from this output. */
const bundle = measureBundle();
console.log(`bundle: first screen ${(bundle.firstScreenGzip / 1024).toFixed(1)} KB gzip of ${firstScreenBudgetBytes / 1024} KB; all JS ${(bundle.totalJsGzip / 1024).toFixed(1)} KB gzip`);
const startup = await measureStartup();
console.log(`startup: first start ${startup.first.page} ms to first answer (${startup.first.api} ms to API); again ${startup.again.page} ms (${startup.again.api} ms to API)`);
