import { Link, NavLink } from "@remix-run/react";
import { Crown, GalleryHorizontalEnd, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TOOL_KEYS } from "~/lib/constants";
import { TOOL_PATHS } from "~/lib/tools";
import { useRootData } from "~/components/root-data";
import { LanguageSwitcher, ThemeToggle } from "../preferences";
import { InstallOffer } from "../pwa/install-offer";
import { ChatHistory } from "./chat-history";
import { ToolIcon } from "./tool-icon";
import { UserMenu } from "./user-menu";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors ${
    isActive ? "bg-accent font-medium text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground"
  }`;

/** The sidebar body, shared by the desktop column and the phone drawer. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const isPro = useRootData()?.user?.accessLevel === "pro";
  return (
    <div className="flex h-full flex-col gap-4 p-3">
      <Link to="/web-main" onClick={onNavigate} className="flex items-center gap-2 px-2 pt-1 text-lg font-semibold">
        <img src="/favicon.svg" alt="" className="size-7" />
        {t("brand")}
      </Link>
      <Link
        to="/web-main"
        onClick={onNavigate}
        className="flex items-center justify-center gap-2 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:opacity-90"
      >
        <Plus className="size-4" aria-hidden />
        {t("nav.newChat")}
      </Link>
      <nav aria-label={t("nav.main")}>
        <ul className="flex flex-col gap-0.5">
          {TOOL_KEYS.map((tool) => (
            <li key={tool}>
              <NavLink to={TOOL_PATHS[tool]} onClick={onNavigate} className={navClass} prefetch="intent">
                <ToolIcon tool={tool} />
                {t(`tools.${tool}`)}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/gallery" onClick={onNavigate} className={navClass} prefetch="intent">
              <GalleryHorizontalEnd className="size-4" aria-hidden />
              {t("nav.gallery")}
            </NavLink>
          </li>
        </ul>
      </nav>
      <ChatHistory onNavigate={onNavigate} />
      <div className="flex flex-col gap-2 border-t pt-3">
        <InstallOffer />
        {/* Free users and visitors see the upgrade link (visitors sign in first); Pro users reach their plan. */}
        <Link
          to={isPro ? "/settings/my-plan" : "/payment"}
          onClick={onNavigate}
          className="flex items-center gap-2 rounded-md border border-primary/40 px-3 py-2 text-sm font-medium text-primary hover:bg-accent"
        >
          <Crown className="size-4" aria-hidden />
          {isPro ? t("nav.myPlan") : t("nav.upgrade")}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-1">
          <ThemeToggle />
          <LanguageSwitcher />
        </div>
        <UserMenu onNavigate={onNavigate} />
      </div>
    </div>
  );
}
