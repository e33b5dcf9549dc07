// What each notification this app sends by itself says (decision 0042), in the account's language: the text
// lives in locales/<lang>/settings.json under notifications.push, the link is a path of this app.
import type { Locale } from "../../lib/constants";
import { resources } from "../i18n";
import type { PushMessage } from "./types";

type Texts = (typeof resources)["en"]["settings"]["notifications"]["push"];
export type NotificationText = keyof Texts;

export function notificationMessage(locale: Locale, text: NotificationText, url: string, vars: Record<string, string> = {}): PushMessage {
  const { title, body } = resources[locale].settings.notifications.push[text];
  const fill = (value: string) => value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? "");
  return { title: fill(title), body: fill(body), url, tag: text };
}
