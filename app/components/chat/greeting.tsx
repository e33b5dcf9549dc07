import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export type DayPart = "morning" | "afternoon" | "evening" | "night";

/** SPEC §2: greeting by the user's local time of day. */
export function dayPartOf(hour: number): DayPart {
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 22) return "evening";
  return "night";
}

export function Greeting() {
  const { t } = useTranslation("chat");
  // The server does not know the visitor's clock; the local greeting appears once the page runs in the browser.
  const [part, setPart] = useState<DayPart | null>(null);
  useEffect(() => {
    setPart(dayPartOf(new Date().getHours()));
  }, []);
  // Until then the heading keeps its place but shows nothing, rather than one greeting replaced by another.
  return (
    <h1 className={`text-3xl font-semibold tracking-tight md:text-4xl ${part ? "" : "invisible"}`}>{part ? t(`greeting.${part}`) : t("greeting.neutral")}</h1>
  );
}
