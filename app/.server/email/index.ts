// One way to send email. Development and tests keep every message in the D1 outbox (shown at /dev/mailbox);
// production posts it to an HTTP email API (Resend-style JSON with a bearer key). Production never stores bodies:
// they carry one-time links.
import { getDb, schema } from "../db";
import { loadConfig, type AppEnv } from "../env";
import type { Locale } from "../../lib/constants";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: Locale;
}

export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
}

/** Sends (or, locally, stores) one email. Throws EmailDeliveryError when the provider refuses it or cannot be reached. */
export async function sendEmail(env: AppEnv, message: EmailMessage): Promise<void> {
  const config = loadConfig(env);
  const db = getDb(env);
  const id = crypto.randomUUID();
  if (!config.isProduction) {
    await db.insert(schema.emailOutbox).values({
      id,
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      status: "local",
    });
    return;
  }
  let status: "sent" | "failed" = "failed";
  try {
    if (!config.email.providerUrl) throw new EmailDeliveryError("EMAIL_PROVIDER_URL is not set");
    const response = await fetch(config.email.providerUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(config.email.apiKey ? { Authorization: `Bearer ${config.email.apiKey}` } : {}),
      },
      body: JSON.stringify({
        from: config.email.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { "Content-Language": message.locale },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new EmailDeliveryError(`email provider answered ${response.status}`);
    status = "sent";
  } catch (error) {
    // The message (with its link) is never logged; the reason is.
    console.error("email: delivery failed:", error instanceof Error ? error.message : "unknown error");
    throw error instanceof EmailDeliveryError ? error : new EmailDeliveryError("email provider unreachable", { cause: error });
  } finally {
    await db
      .insert(schema.emailOutbox)
      .values({ id, toAddress: message.to, subject: message.subject, textBody: "", htmlBody: "", status })
      .catch(() => undefined);
  }
}
