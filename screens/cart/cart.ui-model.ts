import type { Page } from 'playwright-core';
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
}

const items = (m: AnyMachineSnapshot) => (m.context as CartContext).items;
const editing = (m: AnyMachineSnapshot) => (m.context as CartContext).editing;

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

/** The cart tab shows the model's lines, quantities and selection, and the edit mode or the checkout. */
async function cartShows(w: CartUiWorld, m: AnyMachineSnapshot): Promise<void> {
  await onCart(w);
  const lines = items(m);
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

/** Holds the next cart save for a while, so that the person acts while it is in flight. */
async function holdNextSave(page: Page): Promise<void> {
  let held = false;
  await page.route('**/api/commodity/cart/save', async (route) => {
    if (held) return route.fallback();
    held = true;
    await new Promise((r) => setTimeout(r, 2500));
    return route.fallback();
  });
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
  return {
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
}

const visitor = 'a visitor (the cart offline) has no cart tab, which asks to log in first (screens/routes.ts): the device’s cart only grows on the product page; the chart walk takes it';

/** The cart's UI model for one product that every path puts in the cart (the model's lines name it). */
export function cartUiModel(product: Product): Omit<UiModel<CartUiWorld>, 'begin' | 'end'> {
  const offline = personSteps(product, false);
  const ready = personSteps(product, false);
  const saving = personSteps(product, true);
  return {
    chart: 'cart',
    machine: cartMachine,
    input: { items: [] },
    project: (m) => ({ value: m.value, editing: editing(m), lines: items(m).length, selected: items(m).map((i) => i.selected) }),
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
        },
      },
    },
    notWalkable: {
      'cart.offline --SET_QUANTITY#0--> (self)': visitor,
      'cart.offline --TOGGLE#0--> (self)': visitor,
      'cart.offline --TOGGLE_ALL#0--> (self)': visitor,
      'cart.offline --REMOVE_SELECTED#0--> (self)': visitor,
      'cart.ready --CHECKED_OUT#0--> cart.saving':
        'taken when a payment started from the cart ends (the order form sends it); walked by the e2e checkout journeys (e2e/checkout.test.ts), not in this walk: the path would go through the payment chart, walked above',
      'cart.saving --CHECKED_OUT#0--> cart.saving': 'the order form sends it when a payment started from the cart ends (walked by e2e/checkout), here while a save is in flight',
    },
  };
}
