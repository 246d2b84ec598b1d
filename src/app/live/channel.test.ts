import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The tab's one live channel holds at most one stream. A ticket that comes back after the channel moved
 * on (offline and back while it was on its way, or the last screen let go) must open nothing: before,
 * it opened a second EventSource that nothing closed, one of the browser's six connections to the server
 * held until the tab closed.
 */
const tickets: Array<(value: { ticket: string }) => void> = [];
vi.mock('../../api/live', () => ({
  liveTicket: () => new Promise<{ ticket: string }>((resolve) => tickets.push(resolve)),
  liveStreamUrl: (ticket: string) => `/api/live/stream?ticket=${ticket}`,
}));

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(): void {}
  close(): void {
    this.closed = true;
  }
}

const windowListeners = new Map<string, () => void>();
const open = () => FakeEventSource.opened.filter((es) => !es.closed).map((es) => es.url);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.resetModules();
  tickets.length = 0;
  FakeEventSource.opened = [];
  windowListeners.clear();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: () => void) => windowListeners.set(type, listener),
    removeEventListener: (type: string) => windowListeners.delete(type),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the live channel', () => {
  it('offline and back while the first ticket is on its way: one stream, the newer one', async () => {
    const { startLive } = await import('./channel');
    startLive();
    expect(tickets).toHaveLength(1);
    windowListeners.get('offline')?.();
    windowListeners.get('online')?.();
    expect(tickets).toHaveLength(2);
    tickets[0]?.({ ticket: 'first' });
    tickets[1]?.({ ticket: 'second' });
    await settle();
    expect(open()).toEqual(['/api/live/stream?ticket=second']);
  });

  it('let go before the ticket came back: no stream is left open', async () => {
    vi.useFakeTimers();
    try {
      const { startLive } = await import('./channel');
      const release = startLive();
      release();
      vi.advanceTimersByTime(1000);
      tickets[0]?.({ ticket: 'late' });
      await vi.runAllTimersAsync();
      expect(FakeEventSource.opened).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an ordinary start opens exactly one stream', async () => {
    const { startLive } = await import('./channel');
    startLive();
    tickets[0]?.({ ticket: 'only' });
    await settle();
    expect(open()).toEqual(['/api/live/stream?ticket=only']);
  });
});
