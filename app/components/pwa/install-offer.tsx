import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { promptInstall, useInstallOffer } from "~/lib/install-prompt";
import { lazyOverlay } from "../ui/lazy-overlay";
import { Button } from "~/components/ui/button";

const InstallInstructions = lazyOverlay(() => import("./install-instructions"));

/** docs/product.md §1: install as an app (the browser's own prompt) or, on Safari, instructions to add it to the home screen. */
export function InstallOffer() {
  const { t } = useTranslation();
  const offer = useInstallOffer();
  const [mounted, setMounted] = useState(false);
  const [showInstructions, setShowInstructions] = useState(false);
  useEffect(() => {
    setMounted(true);
  }, []);
  if (!mounted || !offer) return null;
  return (
    <>
      <Button
        type="button"
        onClick={() => (offer === "prompt" ? void promptInstall() : setShowInstructions(true))}
        variant="ghost"
        size="none"
        className="justify-start gap-2 rounded-md px-3 py-2 text-sm text-muted-foreground hover:text-foreground"
      >
        <Download className="size-4" aria-hidden />
        {offer === "prompt" ? t("install.app") : t("install.homeScreen")}
      </Button>
      {offer !== "prompt" && <InstallInstructions open={showInstructions} onOpenChange={setShowInstructions} platform={offer} />}
    </>
  );
}
