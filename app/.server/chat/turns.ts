// A chat turn, end to end on the server: plan (check the model and plan), then one call to the account's object
// (chat/turn/begin.ts), which charges the credit (idempotent by request id), reads the thread, memory and attached
// image from its own storage, and hands the turn to its runner: the turn's machine (turn/machine.ts) sends the
// upstream request at once and owns the turn, its charge included, from there to its end. A visitor's charge is made
// on their address's counter first.
//
// With an owner hint (owner-hint.ts: whose this session was when this isolate last verified it) all of that happens
// before the session is read again (prepareTurn): the turn is handed over as launched, sent upstream but written and
// shown only once the session confirms the hint (decision 0009). A wrong hint (signed out, disabled, plan changed)
// cancels it, which gives the charge back, and the turn starts over for the real owner.
import type { ChatRequest } from "../../lib/schemas/chat";
import type { CreditAction, Locale } from "../../lib/constants";
import { canUseModel, findModel } from "../../lib/models";
import { availableModels, resolveTarget } from "../ai/providers";
import { accountObject } from "../account/client";
import { chargeAddress, chargeTerms, undoAddressCharge } from "../credits";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import type { Owner } from "../account/owner";
import { sameOwner } from "./owner-hint";
import type { BegunTurn, TurnAsk } from "./turn/begin";
import { ownerTurn, type ModelChoice, type TurnPlan } from "./turn/inputs";
import type { ToolTurn } from "./turn/types";

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
  ownerHint?: Owner;
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
  const modelFor = (who: Owner, withPhoto = sendsPhoto) => {
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

/**
 * A turn whose owner the caller is about to read (the web route: the session): planned, and on an owner hint already
 * launched. `for` begins it for the owner read (kept, if the hint was right); `drop` lets a launch go (the session
 * could not be read), its charge given back.
 */
export interface PreparedTurn {
  for(owner: Owner): Promise<StartedTurn>;
  drop(): Promise<void>;
}

/**
 * Plans the turn and, with a usable owner hint, launches it before the caller reads the session: read only once the
 * upstream request is on its way (not meanwhile: under `wrangler dev` the read's work shares the launch's one
 * thread), and the account's object shows nothing of a launched turn before `for` agrees.
 */
export async function prepareTurn(env: AppEnv, config: AppConfig, request: ChatRequest, options: TurnOptions): Promise<PreparedTurn> {
  const plan = planTurn(env, request, options);
  const hint = options.ownerHint && !plan.proRequired(options.ownerHint) ? options.ownerHint : undefined;
  if (!hint) return { for: (owner) => begin(env, config, plan, owner), drop: async () => undefined };
  const guess = await launchOnHint(env, config, plan, hint);
  return {
    for: async (owner) => {
      if (sameOwner(hint, owner)) return guess.keep();
      await guess.drop();
      return begin(env, config, plan, owner);
    },
    drop: guess.drop,
  };
}

/** A turn of an owner already known (a WhatsApp link's account). */
export async function startTurn(env: AppEnv, config: AppConfig, owner: Owner, request: ChatRequest, options: TurnOptions): Promise<StartedTurn> {
  return (await prepareTurn(env, config, request, { ...options, ownerHint: undefined })).for(owner);
}

/** The object's call for `who`: the charge's terms (none when their plan allows no model here), and a visitor's address charge. */
async function askFor(env: AppEnv, config: AppConfig, plan: TurnPlan, who: Owner): Promise<TurnAsk> {
  const action: CreditAction = plan.tool?.action ?? "chat";
  const charge = plan.proRequired(who) ? null : chargeTerms(config, { plan: who.plan, action, key: plan.creditKey, now: plan.now });
  const address = charge && who.plan === "guest" ? await chargeAddress(env, config, who.accountId, charge, who.address) : undefined;
  return { plan: ownerTurn(plan, who), who, charge, address };
}

/** One call to the owner's object; a visitor's address charge is given back if that call fails outright. */
async function callObject(env: AppEnv, ask: TurnAsk): Promise<BegunTurn> {
  try {
    return await accountObject(env, ask.who.accountId).beginTurn(ask);
  } catch (error) {
    if (ask.address && ask.charge) await undoAddressCharge(env, ask.who.accountId, ask.charge.key, ask.address);
    throw error;
  }
}

function refusal(begun: Extract<BegunTurn, { status: "refused" }>): AppError {
  return new AppError(begun.code, { resetsAt: begun.resetsAt });
}

/** The turn of a confirmed owner: refused, joined (a retry), or started, by their object in one call. */
async function begin(env: AppEnv, config: AppConfig, plan: TurnPlan, who: Owner): Promise<StartedTurn> {
  const begun = await callObject(env, await askFor(env, config, plan, who));
  if (begun.status === "refused") throw refusal(begun);
  if (begun.status !== "started") throw new AppError("chat/interrupted");
  return { threadId: begun.threadId, messageId: begun.messageId, stream: begun.stream };
}

/** A turn begun for a hinted owner: kept once the session agrees (its errors shown only then), else dropped, charge included. */
interface Guess {
  keep(): Promise<StartedTurn>;
  drop(): Promise<void>;
}

/**
 * Hands the turn to the hinted owner's object as launched (turn/begin.ts): charged, the request out, nothing written
 * or shown until keep() confirms it. A turn that is not launched is refused or begun by keep() as for a confirmed owner.
 */
async function launchOnHint(env: AppEnv, config: AppConfig, plan: TurnPlan, hint: Owner): Promise<Guess> {
  let begun: BegunTurn;
  try {
    begun = await callObject(env, { ...(await askFor(env, config, plan, hint)), launch: true });
  } catch (error) {
    // The object gave any charge back; the error is this owner's to see only.
    return { keep: () => Promise.reject(error), drop: async () => undefined };
  }
  if (begun.status === "refused") return { keep: () => Promise.reject(refusal(begun)), drop: async () => undefined };
  if (begun.status !== "launched") return { keep: () => begin(env, config, plan, hint), drop: async () => undefined };
  const { threadId, messageId } = begun;
  const account = accountObject(env, hint.accountId);
  // Dropped, and its charge given back, by the object in one call.
  const cancel = () => account.cancelLaunch(messageId);
  return {
    keep: async () => {
      let stream: ReadableStream<Uint8Array> | null;
      try {
        stream = await account.confirm(messageId);
      } catch (error) {
        await cancel();
        throw error;
      }
      if (stream) return { threadId, messageId, stream };
      // The launch was dropped before the session answered (a session read slower than CONFIRM_WITHIN_MS, under load):
      // nothing of it was kept and its charge is given back, so the turn begins again for the confirmed owner.
      await cancel();
      return begin(env, config, plan, hint);
    },
    drop: cancel,
  };
}
