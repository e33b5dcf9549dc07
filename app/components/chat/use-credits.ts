// The viewer's daily credits, shared by every component that shows them and refreshed after each action.
import { useEffect } from "react";
import { useRootData } from "~/components/root-data";
import { callApi } from "~/lib/api-client";
import { createStore, useStore } from "~/lib/store";

export interface CreditsView {
  plan: "guest" | "free" | "pro";
  used: number;
  limit: number | null;
  remaining: number | null;
  resetsAt: number;
}

type CreditsState = { status: "idle" | "loading" } | { status: "ready"; credits: CreditsView } | { status: "error" };

const credits = createStore<CreditsState>({ status: "idle" });

export async function refreshCredits(): Promise<void> {
  if (credits.get().status === "idle") credits.set({ status: "loading" });
  const answer = await callApi<CreditsView>("/api/credits");
  credits.set(answer.ok ? { status: "ready", credits: answer.data } : { status: "error" });
}

export function useCredits(): CreditsState {
  const current = useStore(credits);
  useEffect(() => {
    if (credits.get().status === "idle") void refreshCredits();
  }, []);
  // The plan changed (upgraded, signed in or out, Pro ran out): the balance shown belongs to the old plan.
  const user = useRootData()?.user;
  const plan = user ? (user.accessLevel === "pro" ? "pro" : "free") : "guest";
  useEffect(() => {
    const state = credits.get();
    if (state.status === "ready" && state.credits.plan !== plan) void refreshCredits();
  }, [plan]);
  return current;
}
