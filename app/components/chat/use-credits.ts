// The viewer's daily credits, shared by every component that shows them and refreshed after each action.
import { useEffect, useSyncExternalStore } from "react";
import { useRootData } from "~/components/root-data";
import { callApi } from "~/lib/api-client";

export interface CreditsView {
  plan: "guest" | "free" | "pro";
  used: number;
  limit: number | null;
  remaining: number | null;
  resetsAt: number;
}

type CreditsState = { status: "idle" | "loading" } | { status: "ready"; credits: CreditsView } | { status: "error" };

let state: CreditsState = { status: "idle" };
const listeners = new Set<() => void>();

function set(next: CreditsState) {
  state = next;
  for (const listener of listeners) listener();
}

export async function refreshCredits(): Promise<void> {
  if (state.status === "idle") set({ status: "loading" });
  const answer = await callApi<CreditsView>("/api/credits");
  set(answer.ok ? { status: "ready", credits: answer.data } : { status: "error" });
}

export function useCredits(): CreditsState {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
  useEffect(() => {
    if (state.status === "idle") void refreshCredits();
  }, []);
  // The plan changed (upgraded, signed in or out, Pro ran out): the balance shown belongs to the old plan.
  const user = useRootData()?.user;
  const plan = user ? (user.accessLevel === "pro" ? "pro" : "free") : "guest";
  useEffect(() => {
    if (state.status === "ready" && state.credits.plan !== plan) void refreshCredits();
  }, [plan]);
  return current;
}
