// The daily brief in one press (docs/decisions/0045-schedules.md): a link to /schedules with the
// form filled in (the tool, the reading or the topic, every day at 08:00), where "Create schedule" confirms it.
import { Link } from "@remix-run/react";
import { AlarmClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";

export function ScheduleThisLink({ kind, fields }: { kind: "sendEveryMorning" | "followTopic"; fields: Record<string, string> }) {
  // In the tools' strings, which the horoscope and web search pages load anyway (the chat's load on a first visit).
  const { t } = useTranslation("tools");
  const query = new URLSearchParams({ time: "08:00", ...fields }).toString();
  return (
    <Link to={`/schedules?${query}`} className={buttonVariants({ variant: "outline", size: "sm", className: "inline-flex items-center gap-1" })}>
      <AlarmClock className="size-4" aria-hidden />
      {t(`schedules.${kind}`)}
    </Link>
  );
}
