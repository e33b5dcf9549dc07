import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { IntentButton } from "./account-action";
import type { AccountProfile } from "./account-data";
import { Section } from "./section";
import { Button } from "~/components/ui/button";

/**
 * The password: a change link by e-mail (after "Confirm it's you"), once the address is verified; an account without
 * one is sent to its sign-in methods.
 */
export function PasswordSection({ profile }: { profile: AccountProfile }) {
  const { t } = useTranslation("settings");
  return (
    <Section id="password-title" title={t("account.password.heading")} description={profile.hasPassword ? t("account.password.description") : undefined}>
      {!profile.hasPassword ? (
        <p className="text-sm text-muted-foreground">
          {t("account.password.noPassword")}{" "}
          <Link to="/settings/login-connection" className="text-primary underline-offset-4 hover:underline">
            {t("tabs.login-connection")}
          </Link>
        </p>
      ) : profile.emailVerified ? (
        <IntentButton intent="change-password" account={profile}>
          {t("account.password.change")}
        </IntentButton>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("account.password.unverified")}</p>
          <div>
            <Button type="button" disabled variant="outline" size="md">
              {t("account.password.change")}
            </Button>
          </div>
        </>
      )}
    </Section>
  );
}
