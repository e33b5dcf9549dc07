// Something the app tells a linked Pro number by itself, when no message of the person is being answered (a schedule's
// answer, docs/decisions/0045-schedules.md; a finished deep research, decision 0043): inside Meta's 24-hour window (the
// number's object knows when the person last wrote) as ordinary messages; outside it only as the approved template
// WHATSAPP_TEMPLATE_BRIEF names, or not at all. The answer says which, for the caller's history.
import { now as clockNow } from "../clock";
import { loadConfig, type AppEnv } from "../env";
import { splitForWhatsApp, toWhatsAppText } from "./format";
import { graphClient } from "./graph";
import { linkedPhoneOf, numberObject } from "./number";
import { REPLY_WINDOW_MS } from "./replies";

export type WhatsAppDeliveryNote =
  "whatsappPro" | "whatsappNotLinked" | "whatsappUnavailable" | "whatsappSent" | "whatsappNoTemplate" | "whatsappTemplate" | "whatsappFailed";

export interface WhatsAppDelivery {
  accountId: string;
  plan: "free" | "pro";
  locale: "en" | "tr";
  /** Markdown, sent as WhatsApp text inside the window. */
  text: string;
  /** The template's one text parameter outside the window (a schedule's name, a report's title). */
  templateText: string;
}

/** Meta allows a template's text parameter at most 1,024 characters and no new lines. */
const templateParameter = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 1024);

export async function deliverToWhatsApp(env: AppEnv, delivery: WhatsAppDelivery): Promise<WhatsAppDeliveryNote> {
  if (delivery.plan !== "pro") return "whatsappPro";
  const phone = await linkedPhoneOf(env, delivery.accountId);
  if (!phone) return "whatsappNotLinked";
  const { whatsapp } = loadConfig(env);
  if (!whatsapp.sending) return "whatsappUnavailable";
  const graph = graphClient(whatsapp);
  try {
    const windowStart = await numberObject(env, phone).windowStart();
    if (windowStart !== null && clockNow() - windowStart < REPLY_WINDOW_MS) {
      for (const part of splitForWhatsApp(toWhatsAppText(delivery.text))) await graph.sendText(phone, part);
      return "whatsappSent";
    }
    if (!whatsapp.templateBrief) return "whatsappNoTemplate";
    await graph.sendTemplate(phone, whatsapp.templateBrief, delivery.locale, templateParameter(delivery.templateText));
    return "whatsappTemplate";
  } catch (error) {
    console.error("whatsapp: delivery not sent", error instanceof Error ? error.message : "unknown");
    return "whatsappFailed";
  }
}
