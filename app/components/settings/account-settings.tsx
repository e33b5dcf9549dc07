// The account tab of the settings (/settings/account): one section per thing the account holds.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import type { AccountSettingsData } from "./account-data";
import { ChatgptImport } from "./chatgpt-import";
import { useIdentityConfirmedNotice } from "./confirm-identity";
import { DangerZone } from "./danger-zone";
import { DataExport } from "./data-export";
import { NameSection } from "./display-name-section";
import { EmailSection } from "./email-section";
import { PasswordSection } from "./password-section";
import { PhotoSection } from "./profile-photo-section";
import { Section } from "./section";
import { SessionsSection } from "./sessions-section";
import { SharedLinks } from "./shared-links";
import { StorageUsage } from "./storage-usage";
import { VoiceSetting } from "./voice-setting";

export function AccountSettings(data: AccountSettingsData) {
  const { profile, emailVerifiedNotice, error } = data;
  const { t } = useTranslation("settings");
  useEffect(() => {
    if (emailVerifiedNotice) notify("success", t("account.notices.emailVerified"));
    if (error) notify("error", t(`errors:${error}`));
  }, [emailVerifiedNotice, error, t]);
  useIdentityConfirmedNotice();

  return (
    <section aria-labelledby="settings-tab-title">
      <h2 id="settings-tab-title" className="text-lg font-semibold">
        {t("account.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("account.description")}</p>
      <div className="mt-6 flex flex-col">
        <PhotoSection profile={profile} />
        <NameSection key={profile.displayName} displayName={profile.displayName} />
        <EmailSection profile={profile} />
        <PasswordSection profile={profile} />
        <SessionsSection otherSessions={data.otherSessions} />

        <Section id="voice-title" title={t("voice.heading")} description={t("voice.description")}>
          <VoiceSetting initial={data.voice} />
        </Section>
        <Section id="shared-links-title" title={t("account.sharedLinks.heading")} description={t("account.sharedLinks.description")}>
          <SharedLinks links={data.sharedLinks} />
        </Section>

        <Section id="data-export-title" title={t("account.dataExport.heading")} description={t("account.dataExport.description")}>
          <DataExport latest={data.dataExport} />
        </Section>

        <Section id="chatgpt-import-title" title={t("account.chatgptImport.heading")} description={t("account.chatgptImport.description")}>
          <ChatgptImport latest={data.chatImport} />
        </Section>

        <Section id="storage-title" title={t("account.storage.heading")} description={t("account.storage.description")}>
          <StorageUsage usedBytes={data.storage.usedBytes} quotaBytes={data.storage.quotaBytes} byKind={data.storage.byKind} />
        </Section>

        <DangerZone profile={profile} proActive={data.proActive} />
      </div>
    </section>
  );
}
