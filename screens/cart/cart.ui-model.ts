import type { Page, Request } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { cartMachine, type CartContext } from '../../machines/cart.machine';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { confirmInDialog, english, until, vis } from '../../model-tests/ui/support/screen';
import { failOnce } from '../account/loginGate.ui-model';

/**
 * The cart (machines/cart.machine.ts) on the product page and the cart tab (issue 26, UI-level model
 * tests; the walk is model-tests/ui/clientCharts.ui.test.ts). Test code: nothing in the app imports it.
 *
 * Each path starts with a visitor (nothing stored, not logged in: the cart lives on the device) and a
 * new person to log in as (a new sandbox wallet, an empty account cart). What the cart tab shows is
 * checked against the model's own lines: each line, its quantity and whether it is selected; the edit
 * mode (remove) or the checkout. A save in flight is made to last (the browser's route holds it) when a
 * path acts while the cart is saving.
 */
export interface CartUiWorld {
  url: string;
  page: Page;
  /** Logs in as this path's new person (the host's sign-in on the login entry). */
  logIn(): Promise<void>;
  /**
   * The lines the logged-in person's account keeps at the server (what the next visit, a reload or another
   * device starts from: the first save after a login merges them in), each `skuId×quantity`, `(not selected)`
   * when not selected, in the account's order.
   */
  accountCart(): Promise<string[]>;
}

const asAccountLine = (i: { skuId: string; quantity: number; selected: boolean }) => `${i.skuId}×${i.quantity}${i.selected ? '' : ' (not selected)'}`;

const items = (m: AnyMachineSnapshot) => (m.context as CartContext).items;
const editing = (m: AnyMachineSnapshot) => (m.context as CartContext).editing;
/** The lines' details came from a save (the cart tab was shown since the login). */
const known = (m: AnyMachineSnapshot) => Object.keys((m.context as CartContext).details).length > 0;

async function onCart(w: CartUiWorld): Promise<void> {
  if (!/#\/product\/cart$/.test(w.page.url())) await w.page.goto(`${w.url}/#/product/cart`);
}

/**
 * A visitor has no cart tab (it asks to log in first): the device's cart shows as the count on the
 * product page's cart button.
 */
const offlineShows = (product: Product) => async (w: CartUiWorld, m: AnyMachineSnapshot): Promise<void> => {
  await w.page.goto(`${w.url}/#/product/detail?id=${product.productId}`);
  await vis(w.page, 'bar-cart').waitFor({ timeout: 10_000 });
  const n = items(m).length;
  if (n === 0) {
    if ((await vis(w.page, 'bar-cart-count').count()) > 0) throw new Error('the cart button counts lines, the chart holds none');
    return;
  }
  await until('the cart button’s count', async () => (await vis(w.page, 'bar-cart-count').textContent({ timeout: 1000 }))?.trim(), String(n), 5000);
  if ((await vis(w.page, 'login-with-pi').count()) > 0) throw new Error('the product page asks to log in');
};

/**
 * The cart tab shows the model's lines, quantities and selection, and the edit mode or the checkout; and
 * the account keeps the same lines (issue 36: a save the chart left behind must not land over a later one,
 * or lines the person removed or checked out come back at the next login). A failed save keeps the
 * account's earlier lines (the chart says so with saveFailed): not compared then.
 */
async function cartShows(w: CartUiWorld, m: AnyMachineSnapshot): Promise<void> {
  const lines = items(m);
  // Read before the cart tab is shown (again): each showing saves the cart anew, which would hide what a
  // person who leaves for their orders (and comes back with the next login) finds.
  if (!(m.context as CartContext).saveFailed) await until('the lines the account keeps at the server', () => w.accountCart(), lines.map(asAccountLine), 10_000);
  await onCart(w);
  if (lines.length === 0) {
    await vis(w.page, 'cart-empty').waitFor({ timeout: 10_000 });
    return;
  }
  for (const line of lines) {
    await until(`the quantity of ${line.skuId}`, async () => (await vis(w.page, `cart-qty-${line.skuId}`).textContent({ timeout: 1000 }))?.trim(), String(line.quantity), 10_000);
    await until(`the selection of ${line.skuId}`, () => vis(w.page, `cart-select-${line.skuId}`).isChecked({ timeout: 1000 }), line.selected, 5000);
  }
  const shown = await w.page.locator('[data-testid^="cart-line-"]').filter({ visible: true }).count();
  if (shown !== lines.length) throw new Error(`the cart shows ${shown} lines, the chart holds ${lines.length}`);
  const mode = editing(m) ? 'cart-remove' : 'cart-checkout';
  await vis(w.page, mode).waitFor({ timeout: 5000 });
}

/** Per page, the release of a save held by holdNextSave (the person's action done). */
const heldNextSaves = new WeakMap<Page, () => void>();

/**
 * Holds the next cart save until the person's action that follows is done (at most 10 s), so that the person acts
 * while it is in flight; then it goes on (releaseHeldSave). A fixed hold of 2.5 s cost the walk about 30 s of waiting.
 */
async function holdNextSave(page: Page): Promise<void> {
  let held = false;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  heldNextSaves.set(page, release);
  await page.route('**/api/commodity/cart/save', async (route) => {
    if (held) return route.fallback();
    held = true;
    await Promise.race([released, new Promise((r) => setTimeout(r, 10_000))]);
    return route.fallback();
  });
}

/** Lets the save held by holdNextSave go on. */
function releaseHeldSave(page: Page): void {
  heldNextSaves.get(page)?.();
  heldNextSaves.delete(page);
}

/** Per page, the release of a save held by holdSaveUntilReleased: lets it go on and waits until the server answered it. */
const heldSaves = new WeakMap<Page, () => Promise<void>>();

/**
 * Holds the next cart save that carries lines until the walk releases it (at most a minute): a save still in flight when a
 * payment started from the cart ends, however long the payment took. Released, it goes on to the server and
 * the release waits for the server's answer, so the order in which saves land is the browser's, not chance.
 */
async function holdSaveUntilReleased(page: Page): Promise<void> {
  let held = false;
  let heldRequest: Request | null = null;
  // A later save the page sent meanwhile, answered (before the held one lands: a slow save is overtaken).
  let overtaken = false;
  page.on('response', (r) => {
    if (heldRequest && r.request() !== heldRequest && r.url().includes('/api/commodity/cart/save')) overtaken = true;
  });
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let landed!: () => void;
  const answered = new Promise<void>((r) => (landed = r));
  await page.route('**/api/commodity/cart/save', async (route) => {
    // The save of the lines the payment takes (one the path started while the cart was empty passes).
    const lines = (route.request().postDataJSON() as { items?: unknown[] } | null)?.items ?? [];
    if (held || lines.length === 0) return route.fallback();
    held = true;
    heldRequest = route.request();
    await Promise.race([released, new Promise((r) => setTimeout(r, 60_000))]);
    try {
      await route.fulfill({ response: await route.fetch() });
    } catch {
      await route.abort('failed').catch(() => undefined); // the page went away meanwhile
    } finally {
      landed();
    }
  });
  heldSaves.set(page, async () => {
    // A page that sends the later save at once has it answered first (up to 3 s); one that waits for the held save sends nothing meanwhile.
    for (const deadline = Date.now() + 3000; !overtaken && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
    release();
    if (held) await answered;
  });
}

/** Checks out the selected lines from the cart tab with the coin, and cancels the payment in the host's wallet: the order waits unpaid in To pay. */
async function checkOutAndCancel(w: CartUiWorld): Promise<void> {
  await onCart(w);
  await vis(w.page, 'cart-checkout').click();
  await w.page.waitForURL(/submit-order/, { timeout: 15_000 });
  await vis(w.page, 'order-total').filter({ hasText: 'π' }).waitFor({ timeout: 15_000 });
  await vis(w.page, 'pay-method-coin').check();
  await w.page.evaluate(() => (window.__sandboxHostTiming = { approvalRetryMs: 400, approvalTimeoutMs: 30_000 }));
  await vis(w.page, 'submit-order').click();
  await vis(w.page, 'sandbox-wallet-cancel').click({ timeout: 20_000 });
  await w.page.waitForURL(/#\/result\/fail/, { timeout: 20_000 });
}

type Product = { productId: string; skuId: string };

const add = (w: CartUiWorld, product: Product) => async () => {
  await w.page.goto(`${w.url}/#/product/detail?id=${product.productId}`);
  await vis(w.page, 'add-to-cart-open').click();
  await vis(w.page, 'spec-sheet').waitFor();
  await vis(w.page, 'add-to-cart').click();
  await vis(w.page, 'spec-sheet').waitFor({ state: 'detached' });
};

const hasLines = (m: AnyMachineSnapshot) => items(m).length > 0;

/** The person's steps on the cart, the same in every state (offline, ready, and while saving). */
function personSteps(product: Product, whileSaving: boolean) {
  const busy = whileSaving ? { arrangeEarly: (w: CartUiWorld) => holdNextSave(w.page) } : {};
  const steps = {
    ADD: { ...busy, event: (): AnyEventObject => ({ type: 'ADD', productId: product.productId, skuId: product.skuId, quantity: 1 }), run: (w: CartUiWorld) => add(w, product)() },
    SET_QUANTITY: {
      ...busy,
      from: hasLines,
      event: (m: AnyMachineSnapshot): AnyEventObject => ({ type: 'SET_QUANTITY', skuId: items(m)[0]?.skuId ?? '', quantity: (items(m)[0]?.quantity ?? 1) + 1 }),
      run: async (w: CartUiWorld) => {
        await onCart(w);
        await vis(w.page, `cart-line-${product.skuId}`).getByRole('button', { name: english('cart.more') }).click();
      },
    },
    TOGGLE: {
      ...busy,
      from: hasLines,
      event: (m: AnyMachineSnapshot): AnyEventObject => ({ type: 'TOGGLE', skuId: items(m)[0]?.skuId ?? '' }),
      run: async (w: CartUiWorld) => {
        await onCart(w);
        await vis(w.page, `cart-select-${product.skuId}`).click();
      },
    },
    TOGGLE_ALL: {
      ...busy,
      from: hasLines,
      run: async (w: CartUiWorld) => {
        await onCart(w);
        await vis(w.page, 'cart-select-all').click();
      },
    },
    // Removing is offered in the edit mode, for the selected lines.
    REMOVE_SELECTED: {
      ...busy,
      from: (m: AnyMachineSnapshot) => editing(m) && items(m).some((i) => i.selected),
      run: async (w: CartUiWorld) => {
        await onCart(w);
        await vis(w.page, 'cart-remove').click();
        await confirmInDialog(w.page, english('cart.remove'));
      },
    },
  };
  if (!whileSaving) return steps;
  // While saving: the held save goes on as soon as the person's action is done.
  const thenRelease = <S extends { run: (w: CartUiWorld) => Promise<void> }>(step: S): S => ({
    ...step,
    run: async (w: CartUiWorld) => {
      try {
        await step.run(w);
      } finally {
        releaseHeldSave(w.page);
      }
    },
  });
  return { ADD: thenRelease(steps.ADD), SET_QUANTITY: thenRelease(steps.SET_QUANTITY), TOGGLE: thenRelease(steps.TOGGLE), TOGGLE_ALL: thenRelease(steps.TOGGLE_ALL), REMOVE_SELECTED: thenRelease(steps.REMOVE_SELECTED) };
}

/** The cart's UI model for one product that every path puts in the cart (the model's lines name it). */
export function cartUiModel(product: Product): Omit<UiModel<CartUiWorld>, 'begin' | 'end'> {
  // A visitor (the cart offline) only adds, on the product page (decision 061): the chart has no other edit there.
  const offline = personSteps(product, false);
  const ready = personSteps(product, false);
  const saving = personSteps(product, true);
  return {
    chart: 'cart',
    machine: cartMachine,
    input: { items: [] },
    project: (m) => ({ value: m.value, editing: editing(m), lines: items(m).length, selected: items(m).map((i) => i.selected), known: known(m) }),
    states: { offline: offlineShows(product), ready: cartShows },
    passing: { saving: 'a save in flight; the state after it is checked' },
    steps: {
      // The cart tab's edit mode (only a person logged in has the tab).
      'cart --EDIT#0--> (self)': { from: (m) => m.matches('ready') && hasLines(m) && !editing(m), run: async (w) => (await onCart(w), vis(w.page, 'cart-edit').click()) },
      'cart --DONE#0--> (self)': { from: (m) => m.matches('ready') && hasLines(m) && editing(m), run: async (w) => (await onCart(w), vis(w.page, 'cart-edit').click()) },
      'cart.offline --ADD#0--> (self)': offline.ADD,
      // Logging in syncs the device's cart with the (new, empty) account cart.
      'cart.offline --SYNC#0--> cart.saving': { run: (w) => w.logIn() },
      // The cart tab shown (again) reads its lines' stock of now (issue 33, finding 15).
      'cart.ready --SYNC#0--> cart.saving': {
        run: async (w) => {
          await w.page.goto(`${w.url}/#/index`);
          await vis(w.page, 'tab-home').waitFor();
          await w.page.evaluate(() => (window.location.hash = '#/product/cart'));
        },
      },
      'cart.ready --ADD#0--> cart.saving': ready.ADD,
      'cart.ready --SET_QUANTITY#0--> cart.saving': ready.SET_QUANTITY,
      'cart.ready --TOGGLE#0--> cart.saving': ready.TOGGLE,
      'cart.ready --TOGGLE_ALL#0--> cart.saving': ready.TOGGLE_ALL,
      'cart.ready --REMOVE_SELECTED#0--> cart.saving': ready.REMOVE_SELECTED,
      'cart.ready --SIGNED_OUT#0--> cart.offline': {
        run: async (w) => {
          await w.page.goto(`${w.url}/#/my`);
          await vis(w.page, 'logout').click();
          await confirmInDialog(w.page, english('account.logout'));
          await vis(w.page, 'login-with-pi').waitFor();
        },
      },
      // A payment started from the cart ends (here the person cancels it in the host's wallet): the lines
      // that became orders leave the cart (issue 36; the order waits unpaid in To pay).
      'cart.ready --CHECKED_OUT#0--> cart.saving': {
        from: (m) => !editing(m) && items(m).some((i) => i.selected),
        event: (m) => ({ type: 'CHECKED_OUT', skuIds: items(m).filter((i) => i.selected).map((i) => i.skuId) }),
        run: checkOutAndCancel,
      },
      // The same while a save is in flight (held from the step before until the payment ended, then let go): the
      // lines that became orders leave the cart, and the account (issue 36: the save left behind lands first,
      // then the cart without them; before, it could land last and bring them back at the next login).
      'cart.saving --CHECKED_OUT#0--> cart.saving': {
        // A change on the cart tab saving (its lines known from an earlier save), then the checkout at once.
        from: (m) => known(m) && !editing(m) && items(m).some((i) => i.selected),
        event: (m) => ({ type: 'CHECKED_OUT', skuIds: items(m).filter((i) => i.selected).map((i) => i.skuId) }),
        arrangeEarly: (w) => holdSaveUntilReleased(w.page),
        run: async (w) => {
          await checkOutAndCancel(w);
          await heldSaves.get(w.page)?.();
        },
      },
      'cart.saving --xstate.done.actor.saveCart#0--> cart.ready': {
        event: (m) => ({ type: 'xstate.done.actor.saveCart', output: items(m).map((i) => ({ ...i })) }),
      },
      // The save fails on the way: the cart keeps the person's lines.
      'cart.saving --xstate.error.actor.saveCart#0--> cart.ready': {
        event: () => ({ type: 'xstate.error.actor.saveCart', error: new Error('network') }),
        arrange: (w) => failOnce(w.page, '/api/commodity/cart/save'),
      },
      'cart.saving --ADD#0--> cart.saving': saving.ADD,
      'cart.saving --SET_QUANTITY#0--> cart.saving': saving.SET_QUANTITY,
      'cart.saving --TOGGLE#0--> cart.saving': saving.TOGGLE,
      'cart.saving --TOGGLE_ALL#0--> cart.saving': saving.TOGGLE_ALL,
      'cart.saving --REMOVE_SELECTED#0--> cart.saving': saving.REMOVE_SELECTED,
      'cart.saving --SIGNED_OUT#0--> cart.offline': {
        arrangeEarly: (w) => holdNextSave(w.page),
        run: async (w) => {
          await w.page.goto(`${w.url}/#/my`);
          await vis(w.page, 'logout').click();
          await confirmInDialog(w.page, english('account.logout'));
          await vis(w.page, 'login-with-pi').waitFor();
          releaseHeldSave(w.page);
        },
      },
    },
    notWalkable: {},
  };
}
