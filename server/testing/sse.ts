/** One event of a Server-Sent Events body: its name ('message' when unnamed), its id and its data. */
export interface ServerEvent {
  event: string;
  id: string | null;
  data: string | null;
}

/**
 * Reads a Server-Sent Events body the way a browser's EventSource does, for tests and benches: each
 * event is handed to `onEvent` as it arrives (comment lines, the keep-alives, are skipped). Resolves when
 * the body ends or its request is aborted.
 */
export async function readServerEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ServerEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const lines = block.split('\n').filter((l) => l !== '' && !l.startsWith(':'));
        if (lines.length === 0) continue;
        const fields = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
        onEvent({ event: fields.event ?? 'message', id: fields.id ?? null, data: fields.data ?? null });
      }
    }
  } catch {
    // aborted: the reader closed the stream
  }
}
