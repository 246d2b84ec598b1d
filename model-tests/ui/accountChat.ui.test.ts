import crypto from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConnectionUiModel, type ChatConnectionUiWorld } from '../../screens/chat/chatConnection.ui-model';
import { accountFormUiModel, type AccountFormUiWorld } from '../../screens/platform/accountForm.ui-model';
import { closeLiveStreams } from '../../server/http/liveStreams';
import { ApiCaller } from '../../server/testing/apiClient';
import { insertProduct } from '../../server/testing/commerceFixtures';
import { shot } from '../../e2e/support/shots';
import { vis } from './support/screen';
import { walkUi, type UiModel } from './support/uiWalk';
import { openStage, type Stage } from './support/world';
import { expectWalked, onlyFromEnv } from './support/expectWalked';

/**
 * The account form chart (through the console's notice form, as staff) and the chat's live connection
 * (through the chat room, as a buyer talking with a seller), walked through their screens in Chromium
 * (issue 36). One app and one browser for the file.
 */
let stage: Stage;
let buyerSession: Awaited<ReturnType<BrowserContext['storageState']>>;
let seller: ApiCaller;
let conversationId = '';

beforeAll(async () => {
  stage = await openStage(['demo_arbiter', 'demo_buyer']);
  // The buyer's stored session, for a fresh browser per chat path; the login's own tab is closed (its live stream with it).
  const buyer = stage.people.demo_buyer;
  buyerSession = await (buyer?.context as BrowserContext).storageState();
  await buyer?.context.close();
  const buyerApi = new ApiCaller(stage.app.url, () => Date.now());
  await buyerApi.loginAs('demo_buyer');
  seller = new ApiCaller(stage.app.url, () => Date.now());
  await seller.loginAs('demo_seller');
  const product = await insertProduct(stage.app.deps.db, { seller: 'demo_seller', title: 'Walker teapot', price: '2', shippingFee: '1' });
  const sellerId = (await stage.app.deps.db.selectFrom('users').select('id').where('username', '=', 'demo_seller').executeTakeFirstOrThrow()).id.toString();
  const opened = await buyerApi.post<{ id: string }>('/api/chat/conversation/open', { kind: 'seller', sellerId, subject: { kind: 'product', id: product.productId } });
  if (opened.code !== '0000') throw new Error(`no conversation: ${opened.code} ${opened.msg}`);
  conversationId = opened.object.id;
});
afterAll(async () => {
  await stage?.close();
});

const only = onlyFromEnv;
let counter = 0;


describe('the account form chart through the console’s notice form', () => {
  it('walks every transition; each state shows what the chart says', { timeout: 300_000 }, async () => {
    const page = stage.people.demo_arbiter?.page as Page;
    const db = stage.app.deps.db;
    const arbiterRoles = (await db.selectFrom('users').select('roles').where('username', '=', 'demo_arbiter').executeTakeFirstOrThrow()).roles;
    const setRoles = async (roles: string[]) => {
      await db.updateTable('users').set({ roles: JSON.stringify(roles) }).where('username', '=', 'demo_arbiter').execute();
    };
    const model: UiModel<AccountFormUiWorld> = {
      ...accountFormUiModel,
      begin: async () => {
        counter += 1;
        await page.goto(`${stage.app.url}/#/platform/console/notices`);
        await page.reload(); // a fresh form chart
        await vis(page, 'field-title').waitFor({ timeout: 15_000 });
        return { url: stage.app.url, page, title: `Walker notice ${counter}`, withdrawRole: () => setRoles(arbiterRoles.filter((r) => r !== 'arbiter')), restoreRole: () => setRoles(arbiterRoles) };
      },
      end: async () => {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await setRoles(arbiterRoles);
      },
      onFailure: async (w, f) => {
        await shot(w.page, `account-form-${f.step}-${Date.now()}`);
      },
    };
    expectWalked(await walkUi(model, { only }), model);
  });
});

describe('the chat connection through the chat room', () => {
  it('walks every transition through real outages; the line shows only when something is wrong', { timeout: 300_000 }, async () => {
    const model: UiModel<ChatConnectionUiWorld> = {
      ...chatConnectionUiModel,
      begin: async () => {
        const context = await stage.browser.newContext({ viewport: { width: 375, height: 780 }, deviceScaleFactor: 1, locale: 'en-US', storageState: buyerSession });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error('[page error]', error.message));
        await page.clock.install(); // the page's own clock: held while the chart waits to reconnect
        let opened = false;
        const world: ChatConnectionUiWorld = {
          url: stage.app.url,
          context,
          page,
          said: [],
          open: async () => {
            if (opened) return;
            opened = true;
            await page.goto(`${stage.app.url}/#/chatRoom?id=${conversationId}`);
            await vis(page, 'chat-input').waitFor({ timeout: 15_000 });
          },
          say: async (text) => {
            world.said.push(text);
            const sent = await seller.post('/api/chat/message/send', { conversationId, clientId: crypto.randomBytes(9).toString('base64url'), body: text });
            if (sent.code !== '0000') throw new Error(`the seller could not write: ${sent.code} ${sent.msg}`);
          },
          dropStreams: async () => {
            await closeLiveStreams();
          },
        };
        return world;
      },
      end: async (w) => {
        await w.context.close();
      },
      onFailure: async (w, f) => {
        await shot(w.page, `chat-connection-${f.step}-${Date.now()}`);
      },
    };
    expectWalked(await walkUi(model, { only }), model);
  });
});
