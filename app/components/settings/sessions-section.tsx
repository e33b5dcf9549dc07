import { useTranslation } from "react-i18next";
import { IntentButton } from "./account-action";
import { Section } from "./section";

/** How many other devices are signed in, and a way to sign them all out. */
export function SessionsSection({ otherSessions }: { otherSessions: number }) {
  const { t } = useTranslation("settings");
  return (
    <Section id="devices-title" title={t("account.sessions.heading")} description={t("account.sessions.others", { count: otherSessions })}>
      {/*
        Hidden, not removed, once no other device is signed in: the button's own fetcher says "Action completed", and
        the page's data that drops the count to 0 can arrive in the same render as that answer, which a removed button
        would never show.
      */}
      <div hidden={otherSessions === 0}>
        <IntentButton intent="sign-out-others">{t("account.sessions.signOutOthers")}</IntentButton>
      </div>
    </Section>
  );
}
