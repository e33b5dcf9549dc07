// The account tab's data (app/.server/settings/account.ts) as its sections receive it.
import type { useLoaderData } from "@remix-run/react";
import type { loadAccountSettings } from "~/.server/settings/account";

export type AccountSettingsData = ReturnType<typeof useLoaderData<typeof loadAccountSettings>>;
export type AccountProfile = AccountSettingsData["profile"];
