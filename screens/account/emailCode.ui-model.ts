import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { emailCodeMachine, type EmailCodeContext } from '../../machines/emailCode.machine';
import { CodeRules } from '../../src/domain/schemas/accounts';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { english, until, vis } from '../../model-tests/ui/support/screen';
import { failOnce } from './loginGate.ui-model';

/**
 * "Send code" beside an e-mail field (machines/emailCode.machine.ts) on /register, as a visitor takes
 * it (issue 36, UI-level model tests; the walk is model-tests/ui/clientCharts.ui.test.ts). Test code:
 * nothing in the app imports it. The page's clock is the browser's own, installed by the walk so that
 * the 60 s resend window passes at once (page.clock.fastForward); the server keeps its own window, so a
 * code asked for again at once is refused by the server (its message is the client's failure toast) and
 * the button is back to "Send code".
 */
export interface EmailCodeUiWorld {
  url: string;
  /** A visitor's page at /register, the page's clock installed. */
  page: Page;
  /** This path's address (new, so no earlier code counts against it). */
  email: string;
}

const label = async (p: Page) => ((await vis(p, 'send-code').textContent({ timeout: 2000 })) ?? '').trim();

async function button(w: EmailCodeUiWorld, want: RegExp | string, live: boolean, what: string): Promise<void> {
  await until(`the send-code button (${what})`, async () => {
    const text = await label(w.page);
    return typeof want === 'string' ? text === want : want.test(text);
  }, true, 10_000);
  const disabled = await vis(w.page, 'send-code').isDisabled();
  if (disabled === live) throw new Error(`the send-code button is ${disabled ? 'resting' : 'live'} (${what})`);
}

const resendIn = new RegExp(`^${english('accounts.code.resendIn').replace('{{seconds}}', '\\d+').replace(/[.?]/g, '\\$&')}$`);
const sends = (m: AnyMachineSnapshot) => (m.context as EmailCodeContext).sends;

const send = async (w: EmailCodeUiWorld) => {
  await w.page.getByTestId('field-email').filter({ visible: true }).fill(w.email);
  await vis(w.page, 'send-code').click();
};

export const emailCodeUiModel: Omit<UiModel<EmailCodeUiWorld>, 'begin' | 'end'> = {
  chart: 'emailCode',
  machine: emailCodeMachine,
  project: (m) => ({ value: m.value, sent: sends(m) > 0 }),
  states: {
    idle: (w) => button(w, english('accounts.code.send'), true, 'nothing sent'),
    // The code went out: the button counts the resend window down, resting; the form says where it went.
    codeSent: async (w) => {
      await button(w, resendIn, false, 'counting down');
      await w.page.getByText(english('accounts.code.sentTo').replace('{{email}}', w.email)).filter({ visible: true }).waitFor({ timeout: 5000 });
    },
    canResend: (w) => button(w, english('accounts.code.resend'), true, 'the window passed'),
  },
  passing: { sending: 'a request in flight' },
  steps: {
    'emailCode.idle --SEND#0--> emailCode.sending': { event: () => ({ type: 'SEND', email: 'a@b.c' }), run: send },
    'emailCode.sending --xstate.done.actor.sendCode#0--> emailCode.codeSent': {
      // The server sends the first code; asked again within its own window (the page's clock moved, the
      // server's did not), it refuses: see the error outcome.
      from: (m) => sends(m) === 0,
      event: () => ({ type: 'xstate.done.actor.sendCode', output: null }),
    },
    'emailCode.sending --xstate.error.actor.sendCode#0--> emailCode.idle': {
      event: () => ({ type: 'xstate.error.actor.sendCode', error: new Error('refused') }),
      // The first code: the request fails on the way. Again within the server's window: the server refuses.
      arrange: async (w, m) => {
        if (sends(m) === 0) await failOnce(w.page, '/api/users/code/send');
      },
    },
    'emailCode.codeSent --xstate.after.resendCooldown.emailCode.codeSent#0--> emailCode.canResend': {
      follows: true,
      run: async (w) => {
        await w.page.clock.fastForward(CodeRules.resendAfterMs + 1000);
      },
    },
    'emailCode.canResend --SEND#0--> emailCode.sending': { event: () => ({ type: 'SEND', email: 'a@b.c' }), run: (w) => vis(w.page, 'send-code').click() },
  },
  notWalkable: {},
};
