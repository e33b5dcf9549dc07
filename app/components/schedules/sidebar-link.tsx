import { NavLink } from "@remix-run/react";
import { AlarmClock } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The sidebar's way to /schedules, beside the projects (docs/decisions/0045-schedules.md). */
export function SidebarSchedulesLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("chat");
  return (
    <NavLink
      to="/schedules"
      onClick={onNavigate}
      className="mb-3 flex items-center gap-2 px-3 pb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground hover:text-foreground"
    >
      <AlarmClock className="size-3.5" aria-hidden />
      {t("schedules.nav")}
    </NavLink>
  );
}
