import { readConfig } from '../config';
import { observePayoutSteps, type PayoutStep } from '../services/withdrawals';
import { startServer } from '../start';

/**
 * The real server (sandbox mode) as a child process for the payout crash test (server/payoutCrash.test.ts):
 * with PAYOUT_CRASH_AT=<step> it kills itself with SIGKILL the first time a payout reaches that step
 * (after the platform payment is created, the envelope stored, the envelope submitted, the payment
 * completed), exactly where a power cut would stop it.
 */
const crashAt = process.env.PAYOUT_CRASH_AT as PayoutStep | undefined;
if (crashAt) {
  observePayoutSteps((step) => {
    if (step === crashAt) process.kill(process.pid, 'SIGKILL');
  });
}
const server = await startServer(readConfig(), { onListening: (url) => console.log(`listening at ${url}/`) });
console.log(`ready at ${server.url}/`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
