// A chat turn, end to end on the server: plan (check the model and plan), charge the credit (idempotent by request
// id) while the thread and its recent messages load, then start: hand everything to the account's ChatRelay, whose
// turn machine (turn-machine.ts) sends the upstream request at once and owns the turn from there to its end.
//
// With an owner hint (owner-hint.ts: whose this session was when this isolate last verified it) all of that happens
// before the session is read again: the turn is handed over as launched, sent upstream but written and shown only
// once the session confirms the hint (decision 0009). A wrong hint (signed out, disabled, plan changed) cancels it,
// gives the charge back, and the turn starts over for the real owner.
import type { ChatRequest } from "../../lib/schemas/chat";
import type { CreditAction, Locale } from "../../lib/constants";
import { canUseModel, findModel } from "../../lib/models";
import { availableModels, resolveTarget } from "../ai/providers";
import { consumeCredits, type ConsumeResult } from "../credits";
import { inAccount } from "../account/client";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { joinAnswer } from "./join";
import { sameOwner } from "./owner-hint";
import { temporaryThread } from "./temporary-chat";
import { relayFor } from "./relay";
import { composeTurn, loadThread, ownedAttachment, type LoadedThread, type ModelChoice, type TurnPlan } from "./turn-inputs";
import type { TurnEnd } from "./turn-table";
import { settleTurnCharge } from "./turn-store";
import type { ToolTurn, TurnOwner } from "./turn-types";

export type { TurnOwner } from "./turn-types";

export interface StartedTurn {
  threadId: string;
  messageId: string;
  /** The answer as Server-Sent Events (live, or the saved answer for a repeated request). */
  stream: ReadableStream<Uint8Array>;
}

type TurnOptions = {
  locale: Locale;
  now?: number;
  tool?: ToolTurn;
  ownerHint?: TurnOwner;
  /** Where a new thread is shown as coming from (the web history marks WhatsApp conversations). */
  channel?: "web" | "whatsapp";
};

/** A catalogue model that a configured provider serves, with its target; null when none does. */
function servedModel(env: AppEnv, id: string | undefined): ModelChoice | null {
  const model = id ? findModel(id) : undefined;
  if (!model || !availableModels(env).some((candidate) => candidate.id === model.id)) return null;
  const target = resolveTarget(env, model.id);
  return target ? { model, target } : null;
}

/** Checks the request against the catalogue, the configured providers and its tool. Charges nothing. */
function planTurn(env: AppEnv, request: ChatRequest, options: TurnOptions): TurnPlan {
  const { tool } = options;
  const chosen = servedModel(env, tool?.fixedModel ?? request.model);
  const fallback = tool?.fallbackModel ? servedModel(env, tool.fallbackModel) : null;
  // A tool's question that carries a photo is read by a model that sees images; another gives way to the tool's
  // (decision 0030). Which question a regenerate or edit answers is known once its thread is loaded (composeTurn).
  const askedFor = (withPhoto: boolean) => (tool && withPhoto && chosen && !chosen.model.vision ? fallback : chosen);
  const sendsPhoto = Boolean(tool?.photoId);
  if (!askedFor(sendsPhoto)) throw new AppError("chat/model-unavailable");
  if (request.mode !== "send" && !request.threadId) throw new AppError("request/invalid");
  if (tool && (request.attachmentId || (tool.opening && (request.mode !== "send" || request.threadId)))) throw new AppError("request/invalid");
  const message = tool?.opening?.question ?? request.message;
  if (request.mode !== "regenerate" && !message) throw new AppError("request/invalid");
  // The model-access check: the asked model if the owner's plan allows it, else the tool's fast model, else none.
  const modelFor = (who: TurnOwner, withPhoto = sendsPhoto) => {
    const asked = askedFor(withPhoto);
    if (!asked) throw new AppError("chat/model-unavailable");
    return canUseModel(asked.model, who.plan) ? asked : fallback && canUseModel(fallback.model, who.plan) ? fallback : null;
  };
  return {
    modelFor,
    message,
    attachmentId: tool?.photoId ?? request.attachmentId,
    creditKey: `${tool?.action ?? "chat"}:${request.requestId}`,
    request,
    tool,
    locale: options.locale,
    now: options.now,
    channel: options.channel ?? "web",
    proRequired: (who) => modelFor(who) === null,
  };
}

/** What a turn needs from its owner, fetched together: the charge (none when the plan does not allow the model), the thread, the image. */
interface Prepared {
  charge: ConsumeResult | undefined;
  loaded: LoadedThread;
  attachedImage: string | undefined;
}

/** Charges `who` and loads what the turn continues. If a load fails, the charge is given back. */
async function prepareFor(env: AppEnv, config: AppConfig, plan: TurnPlan, who: TurnOwner): Promise<Prepared> {
  const { request } = plan;
  const action: CreditAction = plan.tool?.action ?? "chat";
  const charging = plan.proRequired(who)
    ? Promise.resolve(undefined)
    : consumeCredits(env, config, { accountId: who.accountId, plan: who.plan, action, key: plan.creditKey, now: plan.now, address: who.address });
  try {
    const [charge, loaded, attachedImage] = await Promise.all([
      charging,
      request.temporary
        ? temporaryThread(who.accountId, request, plan.now ?? Date.now())
        : request.threadId
          ? loadThread(env, who.accountId, request.threadId)
          : null,
      request.mode === "send" && plan.attachmentId ? ownedAttachment(env, who.accountId, plan.attachmentId) : undefined,
    ]);
    return { charge, loaded, attachedImage };
  } catch (error) {
    await giveBack(env, who, plan.creditKey, await charging.catch(() => undefined), "abandoned");
    throw error;
  }
}

/** Settles a charge this request made (not one a retry of it found already made) for a turn that ended early. */
async function giveBack(env: AppEnv, who: TurnOwner, creditKey: string, charge: ConsumeResult | undefined, end: TurnEnd) {
  if (charge?.ok && !charge.duplicate) await settleTurnCharge(env, { ownerId: who.accountId, creditKey }, end);
}

export async function startTurn(
  env: AppEnv,
  config: AppConfig,
  /** Reads who is asking (the session); called once, after a hinted turn's charge is on its way. */
  readOwner: () => Promise<TurnOwner>,
  request: ChatRequest,
  options: TurnOptions,
): Promise<StartedTurn> {
  const plan = planTurn(env, request, options);
  const hint = options.ownerHint && !plan.proRequired(options.ownerHint) ? options.ownerHint : undefined;
  if (hint) {
    // The session is read once the upstream request is on its way: its answer's first token takes far longer than
    // this read, and the account's object shows nothing of a launched turn before the session agrees.
    const guess = await launchOnHint(env, config, plan, hint);
    const known = await readOwner().catch(async (error: unknown) => {
      await guess.drop();
      throw error;
    });
    if (sameOwner(hint, known)) return guess.keep();
    await guess.drop();
    return startFor(env, plan, known, await prepareFor(env, config, plan, known));
  }
  const who = await readOwner();
  return startFor(env, plan, who, await prepareFor(env, config, plan, who));
}

/** A turn begun for a hinted owner: kept once the session agrees (its errors shown only then), else dropped, charge included. */
interface Guess {
  keep(): Promise<StartedTurn>;
  drop(): Promise<void>;
}

/**
 * Charges the hinted owner and hands the turn to their object as launched (turn-machine.ts): the request goes out,
 * nothing is written or shown until keep() confirms it. Only a turn that would go ahead anyway is launched (charged
 * and composable); any other is refused, joined or started by keep() as for a confirmed owner.
 */
async function launchOnHint(env: AppEnv, config: AppConfig, plan: TurnPlan, hint: TurnOwner): Promise<Guess> {
  let prepared: Prepared;
  try {
    prepared = await prepareFor(env, config, plan, hint);
  } catch (error) {
    // prepareFor gave the charge back; the error is this owner's to see only.
    return { keep: () => Promise.reject(error), drop: async () => undefined };
  }
  const notLaunched: Guess = {
    keep: () => startFor(env, plan, hint, prepared),
    drop: () => giveBack(env, hint, plan.creditKey, prepared.charge, "abandoned"),
  };
  if (!prepared.charge?.ok || prepared.charge.duplicate) return notLaunched;
  const input = await composeTurn(env, plan, hint, prepared.loaded, prepared.attachedImage).catch(() => undefined);
  if (!input) return notLaunched;
  const relay = relayFor(env, hint.accountId);
  const cancel = async () => {
    await relay.cancel(input.messageId).catch(() => undefined);
    await giveBack(env, hint, plan.creditKey, prepared.charge, "cancelled");
  };
  try {
    await relay.launch(input);
  } catch {
    // An object that could not launch it drops it (cancel, or its own time-out); keep() then starts it as usual.
    await relay.cancel(input.messageId).catch(() => undefined);
    return notLaunched;
  }
  return {
    keep: async () => {
      try {
        const stream = await relay.confirm(input.messageId);
        if (!stream) throw new AppError("chat/interrupted");
        return { threadId: input.threadId, messageId: input.messageId, stream };
      } catch (error) {
        await cancel();
        throw error;
      }
    },
    drop: cancel,
  };
}

/** The turn of a confirmed owner, from what was prepared for them: refused, joined (a retry), or started. */
async function startFor(env: AppEnv, plan: TurnPlan, who: TurnOwner, prepared: Prepared): Promise<StartedTurn> {
  const { charge } = prepared;
  if (!charge) throw new AppError("plan/pro-required");
  if (!charge.ok) throw new AppError("credits/exhausted", { resetsAt: charge.balance.resetsAt });
  if (charge.duplicate) {
    const same = await awaitMessageFor(env, who.accountId, plan.creditKey);
    if (!same) throw new AppError("chat/interrupted");
    return { threadId: same.threadId, messageId: same.id, stream: await joinAnswer(env, who.accountId, same) };
  }
  try {
    const input = await composeTurn(env, plan, who, prepared.loaded, prepared.attachedImage);
    const stream = await relayFor(env, who.accountId).start(input);
    if (!stream) throw new AppError("chat/interrupted");
    return { threadId: input.threadId, messageId: input.messageId, stream };
  } catch (error) {
    await settleTurnCharge(env, { ownerId: who.accountId, creditKey: plan.creditKey }, "abandoned");
    throw error;
  }
}

/**
 * The answer of a request id charged by another (concurrent or earlier) request of the same owner, once that
 * request's rows exist and its relay has started, so a reader joining it gets the live stream. Bounded: about 2 s.
 * Only the owner's own object is searched: a request id another account also used never shows their answer.
 */
async function awaitMessageFor(env: AppEnv, ownerId: string, creditKey: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await inAccount(env, ownerId, "chat.messageForCredit", creditKey);
    if (row && row.status !== "streaming") return row;
    if (row && (await relayFor(env, ownerId).state(row.id)).status !== "idle") return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}
