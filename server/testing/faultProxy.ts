import net from 'node:net';

/**
 * A TCP proxy in front of a real server (the sandbox Horizon and platform, s3rver) that injects the faults an
 * outside service shows in production (issue 34), switched at any time by `proxy.mode = …`:
 * - `pass`: bytes both ways, untouched;
 * - `hang`: connections are accepted and never answered (a hung Horizon, a store behind a dead balancer);
 * - `reset`: each connection is reset (TCP RST) as soon as it is accepted;
 * - `slow`: the server's answer is passed on `delayMs` late (a slow answer).
 * A mode applies to connections opened after it was set; `cutOpen()` resets the ones already open (a client's
 * kept-alive connection would otherwise go on working). Test code only: the product never imports it.
 */
export type FaultMode = 'pass' | 'hang' | 'reset' | 'slow';

export interface FaultProxy {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  mode: FaultMode;
  delayMs: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Resets every connection open now; resolves once clients had a moment to see it (a pool would hand out a dead socket). */
  cutOpen(): Promise<void>;
  close(): Promise<void>;
}

/** `target` may be a function: a test server's port is known only once it listens, after its clients were made. */
export async function startFaultProxy(target: { host?: string; port: number } | (() => { host?: string; port: number }), mode: FaultMode = 'pass'): Promise<FaultProxy> {
  const targetOf = () => (typeof target === 'function' ? target() : target);
  const open = new Set<net.Socket>();
  const state = { mode, delayMs: 0, accepted: 0 };
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    state.accepted += 1;
    track(client);
    const mode = state.mode;
    if (mode === 'hang') return; // read nothing, answer nothing, keep the connection open
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const { host = '127.0.0.1', port } = targetOf();
    const upstream = net.connect({ host, port });
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    if (mode === 'slow') {
      const delay = state.delayMs;
      upstream.on('data', (chunk: Buffer) => {
        setTimeout(() => {
          if (!client.destroyed) client.write(chunk);
        }, delay).unref();
      });
      upstream.on('end', () => setTimeout(() => client.end(), delay).unref());
    } else upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get mode() {
      return state.mode;
    },
    set mode(next: FaultMode) {
      state.mode = next;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get accepted() {
      return state.accepted;
    },
    async cutOpen() {
      for (const socket of open) socket.resetAndDestroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
