import { useTranslation } from "react-i18next";
import { TitledSection } from "~/components/ui/titled-section";
import { ProBenefits } from "./pro-benefits";

/** The payment page's "what Pro gives" section, on the plans screen and again once the plan is active. */
export function BenefitsSection() {
  const { t } = useTranslation("billing");
  return (
    <TitledSection id="benefits-title" title={t("benefitsLabel")} headingClassName="mb-3 font-medium">
      <ProBenefits />
    </TitledSection>
  );
}
