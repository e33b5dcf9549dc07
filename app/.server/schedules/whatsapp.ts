// A schedule's answer on WhatsApp (docs/decisions/0045-schedules.md), for a Pro account with a linked number:
// inside Meta's 24-hour window (the number's object knows when the person last wrote) as ordinary messages; outside
// it only as the approved template WHATSAPP_TEMPLATE_BRIEF names, or not at all (the run's note says so).
import type { Schedule } from "../../../db/account-schema";
import { now as clockNow } from "../clock";
import { loadConfig, type AppEnv } from "../env";
import { splitForWhatsApp, toWhatsAppText } from "../whatsapp/format";
import { graphClient } from "../whatsapp/graph";
import { linkedPhoneOf, numberObject } from "../whatsapp/number";
import { REPLY_WINDOW_MS } from "../whatsapp/replies";

/** A template's text parameter: the schedule's name (Meta allows at most 1,024 characters, no new lines). */
const templateText = (name: string) => name.replace(/\s+/g, " ").slice(0, 1024);

export async function deliverToWhatsApp(env: AppEnv, found: { schedule: Schedule; plan: "free" | "pro" }, text: string): Promise<string> {
  const { schedule } = found;
  if (found.plan !== "pro") return "whatsappPro";
  const phone = await linkedPhoneOf(env, schedule.ownerId);
  if (!phone) return "whatsappNotLinked";
  const { whatsapp } = loadConfig(env);
  if (!whatsapp.sending) return "whatsappUnavailable";
  const graph = graphClient(whatsapp);
  try {
    const windowStart = await numberObject(env, phone).windowStart();
    if (windowStart !== null && clockNow() - windowStart < REPLY_WINDOW_MS) {
      for (const part of splitForWhatsApp(toWhatsAppText(text))) await graph.sendText(phone, part);
      return "whatsappSent";
    }
    if (!whatsapp.templateBrief) return "whatsappNoTemplate";
    await graph.sendTemplate(phone, whatsapp.templateBrief, schedule.locale === "tr" ? "tr" : "en", templateText(schedule.name));
    return "whatsappTemplate";
  } catch (error) {
    console.error("schedules: WhatsApp not sent", error instanceof Error ? error.message : "unknown");
    return "whatsappFailed";
  }
}
