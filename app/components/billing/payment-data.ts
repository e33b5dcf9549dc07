// The /payment page's data (app/.server/billing/screen.ts) as its two screens receive it.
import type { useLoaderData } from "@remix-run/react";
import type { loadPaymentPage } from "~/.server/billing/screen";

type PaymentData = ReturnType<typeof useLoaderData<typeof loadPaymentPage>>;
export type PlansData = Extract<PaymentData, { view: "plans" }>;
export type SuccessData = Extract<PaymentData, { view: "success" }>;
