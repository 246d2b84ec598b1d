import type { BrowserContext, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { chatConnectionMachine, type ChatConnectionContext } from '../../machines/chatConnection.machine';
import { reconnectDelay } from '../../src/domain/customerService';
import type { UiModel } from '../../model-tests/ui/support/uiWalk';
import { english, until, vis } from '../../model-tests/ui/support/screen';

/**
 * The chat's live connection (machines/chatConnection.machine.ts, run by the tab's live channel,
 * src/app/live/channel.ts) as the chat room shows it (screens/chat/ChatPanel.tsx), issue 36; the walk is
 * model-tests/ui/accountChat.ui.test.ts. Test code: nothing in the app imports it.
 *
 * The outages are real ones: the server ends its streams (as a restart or a drain does,
 * server/http/liveStreams.ts closeLiveStreams), the device goes offline and back (the browser context's
 * own switch), the stream's ticket request fails on the way. While the chart waits to reconnect, the
 * page's clock is held (Playwright's page.clock, installed before the page loads) so that the person has
 * the time to tap "Try again"; the walk moves it on by the chart's back-off for the timer's step, and lets
 * it run again once the stream is open (opening needs no timer of the page).
 *
 * The line says the state aloud always and shows only when something is wrong. Every message the other
 * side sent in a path, live or while the buyer was down, is in the room exactly once whenever the
 * connection is live again (the channel resumes after its remembered position: POSITION).
 */
export interface ChatConnectionUiWorld {
  url: string;
  context: BrowserContext;
  /** The buyer's page (the session stored, the clock installed); on the chat room once `open` ran. */
  page: Page;
  /** Opens the chat room (the channel starts with the app); does nothing when it is open. */
  open(): Promise<void>;
  /** The seller writes in the conversation (through the API the seller's screen uses). */
  say(text: string): Promise<void>;
  /** The server ends every live stream (a restart's drain, with its retry hint). */
  dropStreams(): Promise<void>;
  /** What the seller said in this path, in order. */
  said: string[];
}

const line = (p: Page) => p.getByTestId('chat-connection');

/** Holds the page's timers where they are (the back-off waits until the walk moves the clock). */
async function hold(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 20);
}

/** Fails the next ticket for the stream on the way, once, and holds the page's clock as it fails (the back-off starts then). */
async function failTicketOnce(page: Page): Promise<void> {
  let done = false;
  await page.route('**/api/live/ticket', async (route) => {
    if (done) return route.fallback();
    done = true;
    await hold(page);
    return route.abort('failed');
  });
}

async function shown(w: ChatConnectionUiWorld, key: string): Promise<void> {
  await until('the connection line', async () => {
    const box = await line(w.page).boundingBox();
    return [(await line(w.page).textContent())?.trim().startsWith(english(key)), (box?.height ?? 0) > 10];
  }, [true, true], 10_000);
}

/** Each message said in this path is in the room once. */
async function everyMessageOnce(w: ChatConnectionUiWorld): Promise<void> {
  for (const text of w.said) {
    await until(`the message ${JSON.stringify(text)} in the room`, () => w.page.getByTestId('chat-message').filter({ hasText: text }).count(), 1, 10_000);
  }
}

const attempt = (m: AnyMachineSnapshot) => (m.context as ChatConnectionContext).attempt;

export const chatConnectionUiModel: Omit<UiModel<ChatConnectionUiWorld>, 'begin' | 'end'> = {
  chart: 'chatConnection',
  machine: chatConnectionMachine,
  input: { lastEventId: null },
  states: {
    // Live: the line is only said aloud (1 px, clipped), no button; every message in the room once.
    live: async (w) => {
      await until('the connection line', async () => [(await line(w.page).textContent())?.trim(), ((await line(w.page).boundingBox())?.height ?? 99) <= 1], [english('chat.connection.live'), true], 15_000);
      if ((await vis(w.page, 'chat-reconnect').count()) > 0) throw new Error('the line offers Try again while connected');
      await everyMessageOnce(w);
    },
    // Waiting to reconnect: the line shows it, with Try again.
    reconnecting: async (w) => {
      await shown(w, 'chat.connection.reconnecting');
      await until('Try again in the line', async () => (await vis(w.page, 'chat-reconnect').textContent({ timeout: 3000 }))?.trim(), english('app.retry'), 5000);
    },
    // Offline: the line says messages will come when the device is back; trying again would not help.
    offline: async (w) => {
      await shown(w, 'chat.connection.offline');
      if ((await vis(w.page, 'chat-reconnect').count()) > 0) throw new Error('the line offers Try again while offline');
    },
  },
  passing: { connecting: 'the ticket asked for and the stream opening (requests in flight); the state after it is checked' },
  steps: {
    // The stream opened (at the room's first load, or again after a wait, a tap or the network's return).
    'chatConnection.connecting --xstate.done.actor.openStream#0--> chatConnection.live': {
      event: () => ({ type: 'xstate.done.actor.openStream', output: undefined }),
      follows: true,
      run: async (w) => {
        await w.open();
        await w.page.clock.resume(); // connected: the page's timers run again
      },
    },
    // The ticket request fails on the way: the chart waits its back-off (the clock held as it fails).
    'chatConnection.connecting --xstate.error.actor.openStream#0--> chatConnection.reconnecting': {
      event: () => ({ type: 'xstate.error.actor.openStream', error: new Error('network') }),
      arrange: (w) => failTicketOnce(w.page),
      follows: true,
      run: (w) => w.open(),
    },
    // The server ends the stream; the seller writes while the buyer is down (replayed when back).
    'chatConnection.live --DROPPED#0--> chatConnection.reconnecting': {
      arrange: (w) => hold(w.page),
      run: async (w) => {
        await w.dropStreams();
        await w.say(`While you were away ${w.said.length + 1}`);
      },
    },
    // The back-off passes on the page's clock.
    'chatConnection.reconnecting --xstate.after.reconnectBackoff.chatConnection.reconnecting#0--> chatConnection.connecting': {
      follows: true,
      // (The clock stays held until the stream is open again: an outcome arranged for this connection holds it anew.)
      run: async (w, m) => {
        await w.page.clock.runFor(reconnectDelay(attempt(m)) + 50);
      },
    },
    'chatConnection.reconnecting --RETRY_NOW#0--> chatConnection.connecting': {
      run: async (w) => {
        await vis(w.page, 'chat-reconnect').click();
      },
    },
    'chatConnection --OFFLINE#0--> chatConnection.offline': {
      // From a live connection (the device's network goes; the same edge from every state).
      from: (m) => m.matches('live'),
      run: (w) => w.context.setOffline(true),
    },
    'chatConnection.offline --ONLINE#0--> chatConnection.connecting': {
      run: (w) => w.context.setOffline(false),
    },
    // A message on the stream: the channel remembers its position (resumed from after a drop).
    'chatConnection --POSITION#0--> (self)': {
      from: (m) => m.matches('live'),
      event: () => ({ type: 'POSITION', id: '1.1' }),
      run: async (w) => {
        const text = `Live from the seller ${w.said.length + 1}`;
        await w.say(text);
        await w.page.getByTestId('chat-message').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
      },
    },
  },
  notWalkable: {},
};
