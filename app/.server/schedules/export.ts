// Schedules in "Download my data" (docs/decisions/0045-schedules.md): schedules.json, each schedule with its rule,
// zone, delivery, its thread's chat file and its run history.
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import type { StreamingZip } from "../exports/zip-writer";
import { isoTime } from "../exports/archive-format";

export async function writeSchedules(
  env: AppEnv,
  ownerId: string,
  { zip, chatFiles, now }: { zip: StreamingZip; chatFiles: Map<string, string>; now: number },
) {
  const schedules = (await inAccount(env, ownerId, "schedules.export")).map((schedule) => ({
    name: schedule.name,
    prompt: schedule.prompt,
    tool: schedule.tool,
    model: schedule.model,
    reading: schedule.reading,
    sign: schedule.sign,
    rule: schedule.rule,
    timeZone: schedule.timeZone,
    delivery: schedule.delivery,
    paused: schedule.paused,
    nextRunAt: isoTime(schedule.nextRunAt),
    chat: schedule.threadId && chatFiles.has(schedule.threadId) ? `${chatFiles.get(schedule.threadId)}.md` : null,
    runs: schedule.runs.map((run) => ({ at: isoTime(run.at), status: run.status, note: run.note })),
  }));
  await zip.addText("schedules.json", `${JSON.stringify(schedules, null, 2)}\n`, now);
}
