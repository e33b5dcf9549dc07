import { Check, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { openWhatsAppDialog } from "~/lib/ui-store";
import { Button } from "~/components/ui/button";

const BENEFITS = ["models", "tools", "whatsapp"] as const;

/**
 * What Pro gives (docs/product.md §1), as the payment page and the Pro dialogs list it. The WhatsApp benefit is also the way
 * in: it opens the WhatsApp dialog (closing a Pro dialog it sits in).
 */
export function ProBenefits({ className = "flex flex-col gap-2" }: { className?: string }) {
  const { t } = useTranslation("billing");
  return (
    <ul className={className}>
      {BENEFITS.map((benefit) => (
        <li key={benefit} className="flex items-center gap-2 text-sm">
          <Check className="size-4 shrink-0 text-primary" aria-hidden />
          {benefit === "whatsapp" ? (
            <Button
              type="button"
              onClick={() => openWhatsAppDialog()}
              variant="unstyled"
              className="inline-flex items-center gap-1 rounded text-left underline decoration-dotted underline-offset-4 hover:text-primary"
              aria-haspopup="dialog"
            >
              {t(`benefits.${benefit}`)}
              <ChevronRight className="size-3.5 shrink-0" aria-hidden />
            </Button>
          ) : (
            t(`benefits.${benefit}`)
          )}
        </li>
      ))}
    </ul>
  );
}
