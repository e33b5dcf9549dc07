import { BadgeCheck, CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { IntentButton } from "./account-action";
import type { AccountProfile } from "./account-data";
import { Section } from "./section";

/** The account's e-mail address, whether it is verified, and a new activation e-mail while it is not. */
export function EmailSection({ profile }: { profile: Pick<AccountProfile, "email" | "emailVerified"> }) {
  const { t } = useTranslation("settings");
  return (
    <Section id="email-title" title={t("account.email.heading")}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium" data-testid="account-email">
          {profile.email}
        </span>
        {profile.emailVerified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-600/10 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-400">
            <BadgeCheck className="size-3.5" aria-hidden />
            {t("account.email.verified")}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/10 px-2 py-0.5 text-xs font-medium text-amber-700 dark:text-amber-400">
            <CircleAlert className="size-3.5" aria-hidden />
            {t("account.email.unverified")}
          </span>
        )}
      </p>
      {!profile.emailVerified && <IntentButton intent="send-verification">{t("account.email.sendVerification")}</IntentButton>}
    </Section>
  );
}
