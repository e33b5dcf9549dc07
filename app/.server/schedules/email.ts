// A schedule's e-mail (docs/decisions/0045-schedules.md): the answer as plain text, a link to its thread, and a
// link that pauses the schedule (a page that asks first, so a mail scanner opening it pauses nothing).
import type { Locale } from "../../lib/constants";
import type { EmailMessage } from "../email";
import { i18nServer } from "../i18n";
import { escapeMarkup } from "../markup";

export async function scheduleEmail(input: {
  to: string;
  locale: Locale;
  name: string;
  answer: string;
  threadUrl: string;
  unsubscribe: string;
}): Promise<EmailMessage> {
  const t = await i18nServer.getFixedT(input.locale, "schedules");
  const brand = (await i18nServer.getFixedT(input.locale, "common"))("brand");
  const values = { name: input.name, brand, interpolation: { escapeValue: false } };
  const subject = t("email.subject", values);
  const open = t("email.open", values);
  const stop = t("email.unsubscribe", values);
  const text = [input.answer, "", `${open}: ${input.threadUrl}`, "", `${stop}: ${input.unsubscribe}`, "", `— ${brand}`].join("\n");
  const paragraphs = input.answer
    .split(/\n{2,}/)
    .map((part) => `<p style="margin:0 0 12px;line-height:1.5;white-space:pre-wrap">${escapeMarkup(part)}</p>`)
    .join("\n");
  const html = `<!doctype html>
<html lang="${input.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0b1020">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px"><tr><td>
<p style="font-size:18px;font-weight:600;margin:0 0 16px">${escapeMarkup(input.name)}</p>
${paragraphs}
<p style="margin:16px 0"><a href="${escapeMarkup(input.threadUrl)}" style="color:#4f46e5">${escapeMarkup(open)}</a></p>
<p style="margin:16px 0 0;font-size:13px;color:#4b5563"><a href="${escapeMarkup(input.unsubscribe)}" style="color:#4b5563">${escapeMarkup(stop)}</a></p>
</td></tr></table></body></html>`;
  return { to: input.to, subject, text, html, locale: input.locale };
}
