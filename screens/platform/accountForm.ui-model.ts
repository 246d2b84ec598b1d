import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { accountFormMachine, type AccountFormContext } from '../../machines/accountForm.machine';
import { firstProblem, publishNoticeInput } from '../../src/domain/schemas/accounts';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { english, until, vis } from '../../model-tests/ui/support/screen';
import { failOnce } from '../account/loginGate.ui-model';

/**
 * The account form chart (machines/accountForm.machine.ts) through one of its forms: the console's
 * notice form (screens/platform/ConsoleNoticesScreen.tsx), as staff take it (issue 36; the walk is
 * model-tests/ui/accountChat.ui.test.ts). Test code: nothing in the app imports it.
 *
 * Every form of the chart checks its values with the shared schema before sending; this one shows all
 * five of its steps on one screen: a problem at its field (the field marked invalid, the message under it
 * and named by it), the notice sent, refused (the request fails on the way, or the server refuses: the
 * staff's role was taken away meanwhile; the values stay, the toast says why), the form saying it is published until the next notice is begun (typing in
 * it: EDIT). Other forms of the chart leave their screen once done (a nickname, a password).
 */
export interface AccountFormUiWorld {
  url: string;
  /** Staff's page on the console's notice form, a fresh chart. */
  page: Page;
  /** This path's notice title (new, so its notice is told apart from earlier ones). */
  title: string;
  /** Another administrator takes the staff's role away (the server then refuses the console), and gives it back. */
  withdrawRole(): Promise<void>;
  restoreRole(): Promise<void>;
}

const publishPath = '/api/console/notices/publish';
const fields = ['title', 'body'] as const;
/** What the form holds when submitted: the model's check is the screen's (the shared schema). */
const check = (values: unknown) => firstProblem(publishNoticeInput, values)?.key ?? null;
const fieldOf = (values: unknown) => firstProblem(publishNoticeInput, values)?.field ?? null;

const problemOf = (m: AnyMachineSnapshot) => (m.context as AccountFormContext).problem;

async function fill(w: AccountFormUiWorld, values: { title: string; body: string }): Promise<void> {
  await vis(w.page, 'field-title').fill(values.title);
  await vis(w.page, 'field-body').fill(values.body);
  await vis(w.page, 'notice-publish').click();
}

/** Neither field marked invalid nor a message under it; the publish button live. */
async function noProblem(w: AccountFormUiWorld): Promise<void> {
  for (const f of fields) {
    await until(`the ${f} field marked invalid`, () => vis(w.page, `field-${f}`).getAttribute('aria-invalid'), 'false', 5000);
    if ((await vis(w.page, `field-${f}-problem`).count()) > 0) throw new Error(`a problem shows under the ${f} field`);
  }
  if ((await vis(w.page, 'form-problem').count()) > 0) throw new Error('the form shows a problem');
  await until('the publish button', async () => [(await vis(w.page, 'notice-publish').textContent())?.trim(), await vis(w.page, 'notice-publish').isEnabled()], [english('accounts.console.publish'), true], 8000);
}

/** The failure's toast, and what the person typed still in the form. */
async function refused(w: AccountFormUiWorld, message: string): Promise<void> {
  await w.page.getByRole('status').getByText(message, { exact: true }).first().waitFor({ timeout: 8000 });
  const kept = await vis(w.page, 'field-title').inputValue();
  if (kept !== w.title) throw new Error(`the title field holds ${JSON.stringify(kept)} after the refusal, not what was typed`);
}

/** The sample values for a problem: the schema's verdict on them is the step's event. */
const emptyTitle = { title: '', body: 'Shipping slows down over the holidays.' };
const emptyBody = { title: 'Holiday hours', body: '' };

export const accountFormUiModel: Omit<UiModel<AccountFormUiWorld>, 'begin' | 'end'> = {
  chart: 'accountForm',
  machine: accountFormMachine,
  input: { check },
  // Editing with a problem and without are different screens (a guard's outcome shows).
  project: (m) => ({ value: m.value, problem: problemOf(m) }),
  states: {
    // Editing: without a problem nothing is marked; with one, its field is marked invalid, names the message
    // under it (aria-describedby), and no other field is marked. The published line is gone.
    editing: async (w, m) => {
      if ((await vis(w.page, 'notice-published').count()) > 0) throw new Error('the form still says the notice is published');
      const problem = problemOf(m);
      if (problem === null) return noProblem(w);
      const field = problem === check(emptyTitle) ? fieldOf(emptyTitle) : fieldOf(emptyBody);
      for (const f of fields) {
        const want = f === field ? 'true' : 'false';
        await until(`the ${f} field marked invalid`, () => vis(w.page, `field-${f}`).getAttribute('aria-invalid'), want, 5000);
      }
      const message = vis(w.page, `field-${field}-problem`);
      await until(`the message under the ${field} field`, async () => (await message.textContent())?.trim(), english(problem), 5000);
      const describedBy = await vis(w.page, `field-${field}`).getAttribute('aria-describedby');
      if (describedBy !== `field-${field}-problem`) throw new Error(`the ${field} field does not name its message (aria-describedby=${describedBy})`);
      if ((await vis(w.page, 'form-problem').count()) > 0) throw new Error('the problem shows away from its field too');
    },
    // Published: the form says so, is empty for the next notice, nothing marked.
    done: async (w) => {
      await until('the published line', async () => (await vis(w.page, 'notice-published').textContent({ timeout: 8000 }))?.trim(), english('accounts.console.published'), 10_000);
      for (const f of fields) {
        const value = await vis(w.page, `field-${f}`).inputValue();
        if (value !== '') throw new Error(`the ${f} field still holds ${JSON.stringify(value)}`);
      }
      await noProblem(w);
    },
  },
  passing: { submitting: 'a request in flight (the button says Working…); the state after it is checked' },
  steps: {
    'accountForm.editing --SUBMIT#0--> (self)': [
      { event: () => ({ type: 'SUBMIT', values: emptyTitle }), run: (w) => fill(w, emptyTitle) },
      { event: () => ({ type: 'SUBMIT', values: emptyBody }), run: (w) => fill(w, emptyBody) },
    ],
    'accountForm.editing --SUBMIT#1--> accountForm.submitting': {
      event: () => ({ type: 'SUBMIT', values: { title: 'A notice', body: 'Its text.' } }),
      run: (w) => fill(w, { title: w.title, body: `${w.title}: the shop closes early on Friday.` }),
    },
    'accountForm.submitting --xstate.done.actor.submit#0--> accountForm.done': {
      event: () => ({ type: 'xstate.done.actor.submit', output: { id: '1' } }),
    },
    // Refused: the shell says why (a toast), the person's values stay in the fields.
    'accountForm.submitting --xstate.error.actor.submit#0--> accountForm.editing': [
      {
        // The request fails on the way.
        event: () => ({ type: 'xstate.error.actor.submit', error: new Error('network') }),
        arrange: (w) => failOnce(w.page, publishPath),
        follows: true,
        run: (w) => refused(w, english('messages.networkError')),
      },
      {
        // The server refuses: the staff's role was taken away while the form was open (the server's message).
        event: () => ({ type: 'xstate.error.actor.submit', error: new Error('forbidden') }),
        arrange: (w) => w.withdrawRole(),
        follows: true,
        run: async (w) => {
          await refused(w, english('errors.forbidden'));
          await w.restoreRole();
        },
      },
    ],
    // The next notice begun: typing in the emptied form.
    'accountForm.done --EDIT#0--> accountForm.editing': {
      run: async (w) => {
        await vis(w.page, 'field-title').pressSequentially('Next');
      },
    },
  },
  notWalkable: {},
};
