// Settings › Login Connection › Recent security activity (decision 0028): the newest changes to how the account signs
// in, each of which was also e-mailed to the account.
import { useTranslation } from "react-i18next";
import type { SecurityEvent } from "~/.server/auth/security-activity";
import { Section } from "./section";

export function SecurityActivity({ events }: { events: SecurityEvent[] }) {
  const { t, i18n } = useTranslation("settings");
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Section id="security-activity-heading" title={t("security.activity.heading")} description={t("security.activity.description")}>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("security.activity.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" data-testid="security-activity">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="flex flex-wrap justify-between gap-2">
              <span>{t(`security.activity.kinds.${event.kind}`)}</span>
              <time dateTime={new Date(event.at).toISOString()} className="text-muted-foreground">
                {format.format(new Date(event.at))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
