// A new thread's first answer, handed from the screen that asked it (no thread yet) to the thread's page it opens
// (docs/decisions/0022): that page reads the POST's own stream instead of dropping it and joining the answer again,
// so the answer costs one request, and nothing streamed between the two is read twice. One at a time: a page that opens
// another thread lets it go (the answer goes on on the server either way).

interface HandedOver {
  messageId: string;
  body: ReadableStream<Uint8Array>;
  /** Aborts the POST (its reading), as leaving the page that reads it does. */
  abort: AbortController;
}

let handed: HandedOver | null = null;

export function handOver(answer: HandedOver): void {
  handed?.abort.abort();
  handed = answer;
}

/**
 * The answer handed over for `messageId`, taken once; one handed over for another message is let go. `missed`: an
 * answer was handed over but the page did not take it, because it had already ended when the page read the thread
 * (a quick answer): nothing reads its end then, so the page refreshes what an ended answer refreshes.
 */
export function takeHandedOver(messageId: string | undefined): { answer: HandedOver | null; missed: boolean } {
  const answer = handed;
  handed = null;
  if (answer && answer.messageId === messageId) return { answer, missed: false };
  answer?.abort.abort();
  return { answer: null, missed: answer !== null };
}
