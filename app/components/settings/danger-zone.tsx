import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AccountProfile } from "./account-data";
import { ConfirmAction } from "./confirm-action";
import { Section } from "./section";

/** Deleting every chat, and deleting the account (after "Confirm it's you"; a running Pro plan is pointed out first). */
export function DangerZone({ profile, proActive }: { profile: AccountProfile; proActive: boolean }) {
  const { t } = useTranslation("settings");
  return (
    <>
      <Section id="chats-title" title={t("account.chats.heading")} description={t("account.chats.description")}>
        <ConfirmAction copy="account.chats" trigger="deleteAll" intent="delete-chats" />
      </Section>

      <Section id="delete-title" title={t("account.delete.heading")} description={t("account.delete.description")}>
        {proActive && (
          <p className="rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2 text-sm">
            {t("errors:account/pro-active")}{" "}
            <Link to="/settings/my-plan" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("tabs.my-plan")}
            </Link>
          </p>
        )}
        <ConfirmAction copy="account.delete" trigger="button" intent="delete-account" account={profile} />
      </Section>
    </>
  );
}
