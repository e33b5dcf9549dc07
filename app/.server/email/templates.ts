// The account emails, in the recipient's language: plain text plus a simple HTML version with the same link. They carry
// no text a visitor chose (not even the display name): they can go to an address nobody has proven yet, and a
// stranger who signed up with it would otherwise write into someone else's inbox in our name (SECURITY.md). The one
// exception, the passkeys notice (decision 0028), names the account's own passkeys, stripped to letters, digits and a
// few marks so that no name can carry an address or a link.
import type { Locale } from "../../lib/constants";
import { i18nServer } from "../i18n";
import { escapeMarkup } from "../markup";
import type { EmailMessage } from "./index";

export type AccountEmailKind =
  "verifyEmail" | "resetPassword" | "changePassword" | "signInLink" | "dataExportReady" | "researchReady" | "securityChange" | "passkeysNotice";

/** A passkey as the passkeys notice lists it. */
export interface ListedPasskey {
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** Letters (any script), digits, spaces and `·-_'()`: no dot, colon or slash, so no name reads as an address or link. */
function plainName(name: string): string {
  return name.replace(/[^\p{L}\p{N} ·\-_'()]/gu, "").trim() || "—";
}

function passkeyLines(t: (key: string, values?: Record<string, unknown>) => string, locale: Locale, passkeys: ListedPasskey[]): string[] {
  const date = new Intl.DateTimeFormat(locale === "tr" ? "tr-TR" : "en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  return passkeys.map((passkey) =>
    t("emails.passkeysNotice.item", {
      name: plainName(passkey.name),
      added: date.format(passkey.createdAt),
      used: passkey.lastUsedAt ? date.format(passkey.lastUsedAt) : t("emails.passkeysNotice.neverUsed"),
      interpolation: { escapeValue: false },
    }),
  );
}

/**
 * `change` names what changed for a security notice (`emails.<kind>.changes.<change>`): our own words, never a name
 * the person typed. `passkeys`: the passkeys notice's list (names made plain by `plainName`), shown before the link.
 */
export async function accountEmail(
  kind: AccountEmailKind,
  input: { to: string; link: string; locale: Locale; change?: string; passkeys?: ListedPasskey[] },
): Promise<EmailMessage> {
  const t = await i18nServer.getFixedT(input.locale, "auth");
  const brand = (await i18nServer.getFixedT(input.locale, "common"))("brand");
  const changes = kind === "passkeysNotice" ? "passkeysNotice" : "securityChange";
  const values = { brand, change: input.change ? t(`emails.${changes}.changes.${input.change}`, { brand }) : "" };
  const list = input.passkeys ? passkeyLines(t, input.locale, input.passkeys) : [];
  const subject = t(`emails.${kind}.subject`, values);
  const greeting = t("emails.greeting", values);
  const body = t(`emails.${kind}.body`, values);
  const button = t(`emails.${kind}.button`, values);
  const expiry = t(`emails.${kind}.expiry`, values);
  const ignore = t(`emails.${kind}.ignore`, values);
  // The list, and the button's words before its link (the plain-text reader sees what the link does).
  const listText = list.length > 0 ? [...list.map((line) => `• ${line}`), "", `${button}:`] : [];
  const text = [greeting, "", body, "", ...listText, input.link, "", expiry, ignore, "", `— ${brand}`].join("\n");
  const listHtml =
    list.length > 0
      ? `<ul style="margin:0 0 20px;padding-left:20px;line-height:1.5">${list.map((line) => `<li>${escapeMarkup(line)}</li>`).join("")}</ul>\n`
      : "";
  const html = `<!doctype html>
<html lang="${input.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0b1020">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<tr><td>
<p style="font-size:18px;font-weight:600;margin:0 0 16px">${escapeMarkup(brand)}</p>
<p style="margin:0 0 12px">${escapeMarkup(greeting)}</p>
<p style="margin:0 0 20px;line-height:1.5">${escapeMarkup(body)}</p>
${listHtml}<p style="margin:0 0 20px"><a href="${escapeMarkup(input.link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${escapeMarkup(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4b5563;word-break:break-all">${escapeMarkup(input.link)}</p>
<p style="margin:16px 0 0;font-size:13px;color:#4b5563">${escapeMarkup(expiry)} ${escapeMarkup(ignore)}</p>
</td></tr></table></body></html>`;
  return { to: input.to, subject, text, html, locale: input.locale };
}
