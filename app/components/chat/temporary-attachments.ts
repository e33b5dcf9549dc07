// A temporary chat keeps nothing (decision 0027), its photos and documents included: the page names the files the chat
// attached and asks the server to remove them when the chat ends (the tab closes, reloads or leaves the chat, or the
// switch is turned off). navigator.sendBeacon carries the request while the page goes away; the server removes any the
// page could not name within the hour anyway.
import { useCallback, useEffect, useRef } from "react";
import { TEMPORARY_ATTACHMENTS_MAX } from "~/lib/constants";

const END_URL = "/api/uploads/temporary";

function sendEnd(ids: string[]): void {
  if (ids.length === 0) return;
  const form = new FormData();
  for (const id of ids) form.append("id", id);
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(END_URL, form)) return;
  // No beacon (or its queue is full): a request kept alive past the page does the same.
  void fetch(END_URL, { method: "POST", body: form, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
}

/** The files a temporary chat attached (`track`), removed on the server when it ends (`end`, also on pagehide and unmount). */
export function useTemporaryAttachments() {
  const ids = useRef(new Set<string>());
  const end = useCallback(() => {
    const named = [...ids.current].slice(-TEMPORARY_ATTACHMENTS_MAX);
    ids.current.clear();
    sendEnd(named);
  }, []);
  useEffect(() => {
    window.addEventListener("pagehide", end);
    return () => {
      window.removeEventListener("pagehide", end);
      end();
    };
  }, [end]);
  const track = useCallback((id: string) => void ids.current.add(id), []);
  return { track, end };
}
