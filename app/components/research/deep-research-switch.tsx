// The web-search page's "Deep research" switch (decision 0043): on, the form asks for a plan
// instead of searching once. A visitor is told to sign in; a server that cannot research says so.
import { Telescope } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button";

export function DeepResearchSwitch({
  on,
  onChange,
  available,
  signedIn,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  available: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation("search");
  return (
    <div className="mb-4 flex flex-col gap-2">
      <Button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={!available || !signedIn}
        onClick={() => onChange(!on)}
        variant="outline"
        size="pill"
        className={`self-start ${on ? "border-primary bg-accent text-primary" : "text-muted-foreground"}`}
      >
        <Telescope className="size-4" aria-hidden />
        {t("research.switch")}
      </Button>
      <p className="text-xs text-muted-foreground">{!available ? t("research.unavailable") : !signedIn ? t("research.signIn") : t("research.switchHint")}</p>
    </div>
  );
}
