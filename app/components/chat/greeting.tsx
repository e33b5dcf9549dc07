import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNonce } from "~/components/nonce";

export type DayPart = "morning" | "afternoon" | "evening" | "night";

/** docs/product.md §2: greeting by the user's local time of day. */
export function dayPartOf(hour: number): DayPart {
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 17) return "afternoon";
  if (hour >= 17 && hour < 22) return "evening";
  return "night";
}

const DAY_PARTS: DayPart[] = ["morning", "afternoon", "evening", "night"];

// A script that runs while the page is parsed, before the heading is painted: `dayPartOf` itself (its source, so
// the hours are written once), applied to the visitor's clock.
const NAME_THE_DAY_PART = `document.documentElement.dataset.dayPart=(${dayPartOf.toString()})(new Date().getHours());`;

/**
 * The server does not know the visitor's clock, so it renders every greeting and the page's own clock picks one:
 * the script above names the day part on <html> before first paint and CSS (app.css, `data-greeting`) shows only
 * that greeting. The heading is then the screen's first paint (its largest element) instead of waiting for the
 * JavaScript to load and hydrate, and no greeting is replaced by another. Without scripts the neutral one shows.
 */
export function Greeting() {
  const { t } = useTranslation("chat");
  const nonce = useNonce();
  // Coming to the screen later in the same tab (client-side navigation; the script does not run again): the clock
  // may have moved on since the document loaded.
  useEffect(() => {
    document.documentElement.dataset.dayPart = dayPartOf(new Date().getHours());
  }, []);
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: NAME_THE_DAY_PART }} />
      <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">
        {DAY_PARTS.map((part) => (
          <span key={part} data-greeting={part}>
            {t(`greeting.${part}`)}
          </span>
        ))}
        <span data-greeting="neutral">{t("greeting.neutral")}</span>
      </h1>
    </>
  );
}
