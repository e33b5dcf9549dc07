import { useTranslation } from "react-i18next";
import { ProBenefits } from "./pro-benefits";

/** The payment page's "what Pro gives" section, on the plans screen and again once the plan is active. */
export function BenefitsSection() {
  const { t } = useTranslation("billing");
  return (
    <section aria-labelledby="benefits-title">
      <h2 id="benefits-title" className="mb-3 font-medium">
        {t("benefitsLabel")}
      </h2>
      <ProBenefits />
    </section>
  );
}
