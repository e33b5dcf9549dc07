// A schedule's run (docs/decisions/0045-schedules.md): an ordinary chat turn of the account, started as the
// WhatsApp path starts one (chat/turns.ts startTurn, then the answer read to its end), charged like any turn, in the
// schedule's own thread, titled with its name. A run the person cannot afford is skipped and they are told why; a
// provider failure is tried once more, then reported with the credit given back (the turn gives it back itself).
// Called by the object's alarm (schedules/part.ts) and by "Run now" (the route), each time with the app clock's now.
import type { ChatRequest } from "../../lib/schemas/chat";
import type { Locale } from "../../lib/constants";
import { defaultModelFor, findModel } from "../../lib/models";
import type { Schedule } from "../../../db/account-schema";
import { inAccount } from "../account/client";
import type { Owner } from "../account/owner";
import { toolTurnFor } from "../chat/tool-turn";
import { startTurn } from "../chat/turns";
import { loadConfig, type AppEnv } from "../env";
import { isAppError } from "../errors";
import { webSearchModelFor } from "../search/turn";
import { readAnswer } from "../whatsapp/answer-stream";
import { deliver, notifySkipped } from "./deliver";
import type { RunStatus } from "../../lib/schedules";
import { SUBJECT_MAX } from "../../lib/search-options";

/** A web-search schedule follows its topic in what is said about it publicly. */
const FOLLOW_CATEGORY = "public-mentions";

export interface RunOutcome {
  status: RunStatus;
  note: string | null;
  threadId?: string;
}

type ForRun = NonNullable<Awaited<ReturnType<typeof forRun>>>;
const forRun = (env: AppEnv, accountId: string, id: string, now: number) => inAccount(env, accountId, "schedules.forRun", { id, now });

/** The turn's request for the schedule's tool, or why it cannot be made. */
function requestFor(found: ForRun, threadId: string | undefined): ChatRequest | { missing: string } {
  const { schedule, plan, birth } = found;
  const requestId = crypto.randomUUID();
  if (schedule.tool === "web-search") {
    const input = { subject: schedule.prompt.slice(0, SUBJECT_MAX), category: FOLLOW_CATEGORY };
    return { requestId, model: webSearchModelFor(plan), mode: "send", tool: "web-search", toolPath: FOLLOW_CATEGORY, input } as ChatRequest;
  }
  if (schedule.tool === "horoscope") {
    const reading = schedule.reading ?? "daily";
    if (reading === "birth-chart" && !birth) return { missing: "birthData" };
    const sign = schedule.sign ?? "aries";
    const input: Record<string, string> = { type: reading, sign, partnerSign: sign, focus: "career", question: schedule.prompt, intention: schedule.prompt };
    if (birth) Object.assign(input, { birthDate: birth.birthDate, placeId: birth.placeId }, birth.birthTime ? { birthTime: birth.birthTime } : {});
    return { requestId, model: defaultModelFor("horoscope"), mode: "send", tool: "horoscope", toolPath: reading, input } as ChatRequest;
  }
  const model = schedule.model && findModel(schedule.model) ? schedule.model : defaultModelFor("web-main");
  return { requestId, threadId, model, message: schedule.prompt, mode: "send", tool: "web-main" } as ChatRequest;
}

/** One attempt: the answer read to its end, or the refusal's code. */
async function attempt(env: AppEnv, owner: Owner, schedule: Schedule, request: ChatRequest) {
  const locale = (schedule.locale === "tr" ? "tr" : "en") as Locale;
  const tool = toolTurnFor(env, request, { locale });
  const turn = await startTurn(env, loadConfig(env), owner, request, { locale, tool });
  const done = await readAnswer(turn.stream);
  return { ...done, threadId: turn.threadId, messageId: turn.messageId };
}

/** Runs one schedule now and records the run; null when the account has no such schedule (deleted meanwhile). */
export async function runSchedule(env: AppEnv, accountId: string, id: string, now: number): Promise<RunOutcome | null> {
  const found = await forRun(env, accountId, id, now);
  if (!found) return null;
  const { schedule } = found;
  const owner: Owner = { accountId, plan: found.plan };
  const record = async (outcome: RunOutcome & { messageId?: string }) => {
    await inAccount(env, accountId, "schedules.recordRun", { id, at: now, ...outcome });
    return outcome;
  };
  let threadId = schedule.tool === "chat" ? (schedule.threadId ?? undefined) : undefined;
  let failures = 0;
  while (failures < 2) {
    const request = requestFor(found, threadId);
    if ("missing" in request) return record({ status: "skipped", note: request.missing });
    try {
      const answer = await attempt(env, owner, schedule, request);
      if (answer.status !== "complete" || !answer.text.trim()) {
        // The turn gave its credit back; the provider is asked once more.
        failures++;
        continue;
      }
      const note = await deliver(env, found, { text: answer.text, threadId: answer.threadId });
      return record({ status: "ok", note, threadId: answer.threadId, messageId: answer.messageId });
    } catch (error) {
      if (!isAppError(error)) {
        console.error("schedules: run failed", id, error);
        failures++;
        continue;
      }
      // The thread was deleted: the schedule carries on in a new one.
      if (error.code === "chat/not-found" && threadId) {
        threadId = undefined;
        continue;
      }
      if (error.code === "credits/exhausted" || error.code === "plan/pro-required" || error.code === "chat/model-unavailable") {
        const note = error.code === "credits/exhausted" ? "credits" : "model";
        await notifySkipped(env, found, note);
        return record({ status: "skipped", note });
      }
      return record({ status: "failed", note: error.code });
    }
  }
  return record({ status: "failed", note: "provider" });
}

/** The alarm's runs: each due schedule in turn, oldest due first; one failing does not stop the others. */
export async function runSchedules(env: AppEnv, accountId: string, ids: string[], now: number): Promise<void> {
  for (const id of ids) {
    await runSchedule(env, accountId, id, now).catch((error: unknown) => console.error("schedules: run not recorded", id, error));
  }
}
