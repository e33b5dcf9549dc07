import { Languages, Moon, Sun } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/components/root-data";
import { LOCALES, STORAGE_KEYS, THEME_COLOR, type Locale, type Theme } from "~/lib/constants";
import { preferenceCookie, type SidebarState } from "~/lib/cookies";
import { switchLanguage } from "~/lib/strings";
import { writeStored } from "~/lib/storage";
import { useSafeRevalidate } from "~/lib/use-safe-revalidate";
import { Button } from "~/components/ui/button";

/**
 * Runs before first paint. The server renders from cookies; localStorage (docs/product.md §3 keys) is the browser's copy.
 * When storage says otherwise (set in another tab or by hand), adopt it once and reload so the server agrees.
 */
export function PreferenceSyncScript({
  nonce,
  locale,
  theme,
  sidebar,
  adopt,
}: {
  nonce: string;
  locale: Locale;
  theme: Theme;
  sidebar: SidebarState;
  adopt: string[];
}) {
  // `adopt`: preferences the URL set for this page (?lng=), which storage takes over instead of overruling.
  const script = `(function(){try{var s=localStorage,c=${JSON.stringify({ locale, theme, sidebar })},k={locale:["en","tr"],theme:["light","dark"],sidebar:["open","closed"]},a=${JSON.stringify(adopt)},r=false;
for(var n in k){var v=s.getItem(n);if(a.indexOf(n)>-1){s.setItem(n,c[n])}else if(v&&k[n].indexOf(v)>-1&&v!==c[n]){document.cookie=n+"="+v+"; Path=/; Max-Age=31536000; SameSite=Lax";r=r||document.cookie.indexOf(n+"="+v)>-1}else if(!v){s.setItem(n,c[n])}}
if(r&&!sessionStorage.getItem("pref-sync")){sessionStorage.setItem("pref-sync","1");location.reload()}else{sessionStorage.removeItem("pref-sync")}}catch(e){}})();`;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLOR[theme]);
}

/**
 * A device preference's setter: the cookie the server renders with, the stored copy the next visit starts from, the
 * change itself (`apply`, a module function so the setter stays the same), then the page's data read again.
 */
function usePreferenceSetter<Value extends Theme | Locale>(key: "theme" | "locale", apply: (next: Value) => void | Promise<void>) {
  const revalidate = useSafeRevalidate();
  return useCallback(
    async (next: Value) => {
      document.cookie = preferenceCookie(key, next);
      writeStored(STORAGE_KEYS[key], next);
      await apply(next);
      revalidate();
    },
    [key, apply, revalidate],
  );
}

export function useThemeSwitch() {
  const theme = useRootData()?.theme ?? "light";
  const setTheme = usePreferenceSetter<Theme>("theme", applyTheme);
  return { theme, setTheme };
}

export function ThemeToggle({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeSwitch();
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <Button
      type="button"
      onClick={() => void setTheme(next)}
      variant="ghost"
      size="none"
      className={`gap-2 rounded-md px-2 py-1.5 text-sm ${className}`}
      aria-label={t(next === "dark" ? "theme.switchToDark" : "theme.switchToLight")}
      title={t(next === "dark" ? "theme.switchToDark" : "theme.switchToLight")}
    >
      {theme === "dark" ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
      <span>{t(theme === "dark" ? "theme.light" : "theme.dark")}</span>
    </Button>
  );
}

export function useLanguageSwitch() {
  const locale = useRootData()?.locale ?? "en";
  const setLocale = usePreferenceSetter<Locale>("locale", switchLanguage);
  return { locale, setLocale };
}

export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLanguageSwitch();
  return (
    <label className={`inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm ${className}`}>
      <Languages className="size-4" aria-hidden />
      <span className="sr-only">{t("language.label")}</span>
      <select
        value={locale}
        onChange={(event) => void setLocale(event.target.value as Locale)}
        className="rounded-md border bg-background px-1.5 py-1 text-sm"
        aria-label={t("language.label")}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
