// Who a paid piece of work is for (a chat turn, an image job, a WhatsApp task): one shape, read from the session (or
// the WhatsApp link) once and passed on as a plain value. A leaf module: it imports nothing of the app, so naming an
// owner pulls no domain code into the importer's graph.

export type Plan = "guest" | "free" | "pro";

export interface Owner {
  accountId: string;
  plan: Plan;
  /** The client's network address: a guest's charges are also counted on it (docs/decisions/0011). */
  address?: string;
}
