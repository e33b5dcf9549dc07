// A chat turn's way to its upstream request, in one call to the account's object (`Account.beginTurn`, decision
// 0009): inside the object the turn is charged in the account's own ledger, its thread, memory and attached image are
// read from its own storage and R2, and it is composed and handed to the object's runner, started (or launched, on an
// owner hint), so the route waits on one RPC before the request leaves instead of one per read. A visitor's address
// counter (decision 0011) spans accounts and stays the route's own call, made first (credits/index.ts `chargeAddress`).
//
// The route plans the turn (its model for this owner resolved from the route's configuration) and sends it with the
// charge's terms; a refusal comes back as its code (an AppError's fields do not survive RPC) and the route throws it
// as it always did. A turn charged here and not sent is the runner's to give back (its abandon and cancel moves).
import type { Owner } from "../../account/owner";
import type { AccountContext } from "../../account/schema";
import { chargeAccount, type AddressCharge } from "../../credits/account-credits";
import type { ConsumeRequest, ConsumeResult } from "../../credits/ledger";
import { AppError, isAppError, type ErrorCode } from "../../errors";
import { joinMessage } from "../join";
import { noteAttachmentUse } from "../temporary-attachments";
import { temporaryThread } from "../temporary-chat";
import { composeTurn, loadThread, messageForCredit, ownedAttachment, type LoadedThread, type OwnerTurn } from "./inputs";
import type { TurnRunner } from "./runner";
import type { TurnStart } from "./types";

/** A turn as the route asks the account's object to begin it. */
export interface TurnAsk {
  plan: OwnerTurn;
  who: Owner;
  /** The charge's terms (credits/index.ts `chargeTerms`); null when the owner's plan allows none of the turn's models. */
  charge: ConsumeRequest | null;
  /** A visitor's charge already made on their address's counter. */
  address?: AddressCharge;
  /** An owner hint's turn (decision 0009): sent upstream, but written and shown only once the session confirms it. */
  launch?: boolean;
}

export type BegunTurn =
  | { status: "started"; threadId: string; messageId: string; stream: ReadableStream<Uint8Array> }
  /** Sent upstream for a hinted owner; the route confirms or cancels it by its message id. */
  | { status: "launched"; threadId: string; messageId: string }
  /** A hinted turn that is not launched (a retried request id): begun as usual once the owner is confirmed. */
  | { status: "notLaunched" }
  /** Refused before anything was written; any charge this call made is given back. */
  | { status: "refused"; code: ErrorCode; resetsAt?: number };

/** What a turn needs from its owner: the charge (none when the plan does not allow the model), the thread, the image. */
interface Prepared {
  charge: ConsumeResult | undefined;
  loaded: LoadedThread;
  attachedImage: string | undefined;
}

export async function beginTurn(account: AccountContext, runner: TurnRunner, ask: TurnAsk): Promise<BegunTurn> {
  try {
    const { plan } = ask;
    const prepared = await prepare(account, runner, plan, ask);
    return ask.launch ? await launch(account, runner, plan, ask.who, prepared) : await startFor(account, runner, plan, ask.who, prepared);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { status: "refused", code: error.code, resetsAt: error.resetsAt };
  }
}

/** Charges the owner and loads what the turn continues. If a load fails, the charge is given back. */
async function prepare(account: AccountContext, runner: TurnRunner, plan: OwnerTurn, ask: TurnAsk): Promise<Prepared> {
  const { request } = plan;
  // Held, not written: the turn writes it once its request has left (runner.ts), so no write waits before it.
  const charge = ask.charge ? await chargeAccount(account, ask.charge, ask.address, true) : undefined;
  try {
    const loaded = request.temporary
      ? temporaryThread(ask.who.accountId, request, plan.now ?? Date.now())
      : request.threadId
        ? loadThread(account, request.threadId)
        : null;
    const attached = request.mode === "send" ? plan.attachmentId : undefined;
    const attachedImage = attached ? await ownedAttachment(account, attached) : undefined;
    // A temporary chat's attachment goes an hour after its last use; a saved chat's is kept (decision 0027).
    if (attached) await noteAttachmentUse(account, attached, request.temporary === true);
    return { charge, loaded, attachedImage };
  } catch (error) {
    await abandon(account, runner, plan.creditKey, charge);
    throw error;
  }
}

/** A turn given up before it was sent: the runner gives back a charge this request made (not one a retry found made). */
async function abandon(account: AccountContext, runner: TurnRunner, creditKey: string, charge: ConsumeResult | undefined) {
  if (charge?.ok && !charge.duplicate) await runner.abandon({ ownerId: account.accountId, creditKey });
}

/** The turn of a confirmed owner: refused, joined (a retry), or started. */
async function startFor(account: AccountContext, runner: TurnRunner, plan: OwnerTurn, who: Owner, prepared: Prepared): Promise<BegunTurn> {
  const { charge } = prepared;
  if (!charge) throw new AppError("plan/pro-required");
  if (!charge.ok) throw new AppError("credits/exhausted", { resetsAt: charge.balance.resetsAt });
  if (charge.duplicate) {
    const same = await awaitMessageFor(account, runner, plan.creditKey);
    if (!same) throw new AppError("chat/interrupted");
    return { status: "started", threadId: same.threadId, messageId: same.id, stream: await joinMessage(account, runner, same) };
  }
  let input: TurnStart;
  try {
    input = await composeTurn(account, plan, who, prepared.loaded, prepared.attachedImage);
  } catch (error) {
    await abandon(account, runner, plan.creditKey, charge);
    throw error;
  }
  // The turn's machine owns it, and its charge, from here: a turn that could not write its rows has given it back.
  const stream = await runner.start(input);
  if (!stream) throw new AppError("chat/interrupted");
  return { status: "started", threadId: input.threadId, messageId: input.messageId, stream };
}

/**
 * A hinted owner's turn, launched (machine.ts): the request goes out, nothing is written or shown until the route
 * confirms it. Only a turn that would go ahead anyway is launched (charged and composable); a refusal is returned for
 * the route to show once the session agrees, a retried request id is begun again then.
 */
async function launch(account: AccountContext, runner: TurnRunner, plan: OwnerTurn, hint: Owner, prepared: Prepared): Promise<BegunTurn> {
  const { charge } = prepared;
  if (!charge?.ok || charge.duplicate) return charge?.duplicate ? { status: "notLaunched" } : startFor(account, runner, plan, hint, prepared);
  let input: TurnStart;
  try {
    input = await composeTurn(account, plan, hint, prepared.loaded, prepared.attachedImage);
  } catch (error) {
    await abandon(account, runner, plan.creditKey, charge);
    throw error;
  }
  try {
    await runner.launch(input);
  } catch {
    // Not launched: dropped with its charge (the machine's cancel, or abandon if it never got that far), and begun as
    // usual once the owner is confirmed.
    if (runner.state(input.messageId).status === "idle") await abandon(account, runner, plan.creditKey, charge);
    else await runner.cancel(input.messageId);
    return { status: "notLaunched" };
  }
  return { status: "launched", threadId: input.threadId, messageId: input.messageId };
}

/**
 * The answer of a request id charged by another (concurrent or earlier) request of the same owner, once that
 * request's rows exist and its turn has started, so a reader joining it gets the live stream. Bounded: about 2 s.
 * Only this account's own storage is searched: a request id another account also used never shows their answer.
 */
async function awaitMessageFor(account: AccountContext, runner: TurnRunner, creditKey: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = messageForCredit(account, creditKey);
    if (row && row.status !== "streaming") return row;
    if (row && runner.state(row.id).status !== "idle") return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}
