import { useNavigation } from "@remix-run/react";
import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyOverlay } from "../ui/lazy-overlay";

/** A phone (coarse pointer, short viewport) held in landscape: the one case the warning is for. */
export const PHONE_LANDSCAPE_QUERY = "(orientation: landscape) and (max-height: 500px) and (pointer: coarse)";

const OrientationMessage = lazyOverlay(() => import("./orientation-message"));

/** Follows a media query after mount (the server, which cannot know the screen, renders false). */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

/**
 * docs/product.md §2: phones held sideways get a request to turn back. Nothing is in the page until a phone is actually in
 * landscape; the message's code loads then, like every other overlay (docs/product.md §2: "load the first time they open").
 */
export function OrientationWarning() {
  const sideways = useMediaQuery(PHONE_LANDSCAPE_QUERY);
  return <OrientationMessage open={sideways} />;
}

/** docs/product.md §2: the full-screen "Loading your content" overlay, only when a page takes noticeably long to load. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [slow, setSlow] = useState(false);
  const loading = navigation.state === "loading";
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), 800);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!slow) return null;
  return (
    <div className="fixed inset-0 z-[55] flex flex-col items-center justify-center gap-3 bg-background/80 backdrop-blur-sm" role="status" aria-live="polite">
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden />
      <p className="text-sm font-medium">{t("loading")}</p>
    </div>
  );
}
