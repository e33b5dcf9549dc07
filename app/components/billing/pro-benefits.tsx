import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";

const BENEFITS = ["models", "tools", "whatsapp"] as const;

/** What Pro gives (SPEC §1), as the payment page and the Pro dialogs list it. */
export function ProBenefits({ className = "flex flex-col gap-2" }: { className?: string }) {
  const { t } = useTranslation("billing");
  return (
    <ul className={className}>
      {BENEFITS.map((benefit) => (
        <li key={benefit} className="flex items-center gap-2 text-sm">
          <Check className="size-4 text-primary" aria-hidden />
          {t(`benefits.${benefit}`)}
        </li>
      ))}
    </ul>
  );
}
