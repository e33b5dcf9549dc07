// The root route's data (app/.server/root-data.ts) for any component, without importing the root route module:
// root.tsx renders these components, so importing it from them made every one of them a cycle.
import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/.server/root-data";

export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
