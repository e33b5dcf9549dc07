// The readers of one turn's answer: each a stream of Server-Sent Events, written as the machine tells them
// (runner.ts `tell` and `close`). A reader that went away (tab closed, network lost) fails its next write: it is let
// go, and the answer goes on without it.

type Sink = WritableStreamDefaultWriter<ArrayBuffer | ArrayBufferView>;

export class Readers {
  private readonly sinks = new Map<string, Sink>();
  /** Someone has read this answer: a page asked for it (not a WhatsApp message or a schedule, which no page reads). */
  opened = false;

  /** Someone read the answer and no one reads it now: the tab was closed (or went offline) mid-answer. */
  get abandoned(): boolean {
    return this.opened && this.sinks.size === 0;
  }

  /** A new reader: its id (what the machine's `attach` names) and the stream it reads. */
  open(): { id: string; stream: ReadableStream<Uint8Array> } {
    // A native stream, not a JS TransformStream: returned over RPC, a JS stream is pumped by JS inside the runtime,
    // and when the client goes away that pump's write fails as an uncaught "Network connection lost" while this
    // side never hears of it (cloudflare/workers-sdk#11071). The native stream fails our own next write instead.
    const { readable, writable } = new IdentityTransformStream();
    const id = crypto.randomUUID();
    this.opened = true;
    this.sinks.set(id, writable.getWriter());
    return { id, stream: readable };
  }

  /** Writes `chunk` to each reader named; `gone` hears of one whose write failed, once it is let go. */
  send(ids: readonly string[], chunk: Uint8Array, gone: (id: string) => void): void {
    for (const id of ids) {
      this.sinks
        .get(id)
        ?.write(chunk)
        .catch(() => {
          this.sinks.delete(id);
          gone(id);
        });
    }
  }

  close(ids: readonly string[]): void {
    for (const id of ids) {
      this.sinks
        .get(id)
        ?.close()
        .catch(() => undefined);
      this.sinks.delete(id);
    }
  }
}
