// Shared by the "Download my data" tests (decision 0018): an app whose data-exports producer the test can see (so the
// test decides when the consumer runs), asking for an export and reading the latest one as the settings page does.
import type { AppEnv } from "../../app/.server/env";
import type { DataExportMessage } from "../../app/.server/exports/messages";
import type { DataExportView } from "../../app/lib/schemas/exports";
import type { Client } from "./auth-helpers";
import { appEnv } from "./helpers";

export function exportsEnv(base: AppEnv = appEnv) {
  const sent: DataExportMessage[] = [];
  const env = { ...base, DATA_EXPORTS: { send: async (body: DataExportMessage) => void sent.push(body) } } as AppEnv;
  return { env, sent };
}

export const startExport = (client: Client, intent = "export-data") => client.fetch("/api/exports", { method: "POST", body: new URLSearchParams({ intent }) });

export async function latestExport(client: Client): Promise<DataExportView | null> {
  return ((await (await client.get("/api/exports/latest")).json()) as { export: DataExportView | null }).export;
}
