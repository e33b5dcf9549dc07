import { useCallback, useRef, useState } from "react";
import { callApi } from "./api-client";
import type { ErrorInfo } from "./error-body";
import { useErrorText } from "./error-text";
import { notify } from "./toast";
import { announceChange } from "./tab-sync";
import { useSafeRevalidate } from "./use-safe-revalidate";

/** A refusal in the one API answer shape (docs/product.md §7), with the HTTP status it came with (0: no answer). */
export type ApiFailure = { ok: false; status: number; error: ErrorInfo };
/** the one API answer shape (docs/product.md §7); a success carries what its route sends beside `ok` (`Success`). */
export type ApiResult<Success extends object = object> = ({ ok: true } & Success) | ApiFailure;

const UNKNOWN: ApiFailure = { ok: false, status: 0, error: { code: "app/unknown", message: "" } };

/**
 * Posts a form to one of our `/api/*` resource routes with a plain fetch, then refreshes the page's loader data and
 * tells the other tabs. `refresh: false` is for a form whose success the screen shows by itself (a new image job
 * joins the tool's list, the WhatsApp dialog shows its code): reloading the page's data there would only cost a
 * request. The body is a FormData, or a plain object sent as JSON (routes that take JSON, like the WhatsApp link).
 *
 * Not a Remix fetcher: with single fetch a fetcher posts to `<url>.data` and expects route data, while the API
 * routes answer with a Response carrying their real status (4xx + the error shape), which the `.data` channel
 * cannot carry ("Unable to decode turbo-stream response"). A request that never reached the server or an unreadable
 * answer reads as a code with no message (api-client.ts): the caller shows the code's text in the page's language.
 */
export function useApiAction<Success extends object = object>({ refresh = true }: { refresh?: boolean } = {}) {
  const revalidate = useSafeRevalidate();
  const [state, setState] = useState<"idle" | "submitting">("idle");
  const [formData, setFormData] = useState<FormData | undefined>();
  const [data, setData] = useState<ApiResult<Success> | undefined>();
  const inFlight = useRef<AbortController | null>(null);

  const submit = useCallback(
    async (action: string, body: FormData | Record<string, unknown>): Promise<ApiResult<Success>> => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setState("submitting");
      const json = !(body instanceof FormData);
      setFormData(json ? undefined : body);
      let result: ApiResult<Success>;
      try {
        const answer = await callApi<{ ok: true } & Success>(action, {
          method: "POST",
          body: json ? JSON.stringify(body) : body,
          headers: json ? { "Content-Type": "application/json" } : undefined,
          signal: controller.signal,
        });
        // A success keeps its whole body: some callers read what it carries (the share dialog's new link).
        result = answer.ok ? answer.data : { ok: false, status: answer.status, error: answer.error };
      } catch {
        // Aborted: a newer submission took over.
        return UNKNOWN;
      }
      if (inFlight.current !== controller) return result;
      inFlight.current = null;
      setData(result);
      setFormData(undefined);
      setState("idle");
      if (result.ok && refresh) {
        revalidate();
        announceChange();
      }
      return result;
    },
    [refresh, revalidate],
  );

  return { state, formData, data, submit };
}

/** A failed action that is not about a field says why in a toast (the server's message is already translated). */
export function useActionFailureToast() {
  const errorText = useErrorText();
  return useCallback(
    (result: ApiResult) => {
      if (!result.ok && !result.error.fieldErrors) notify("error", result.error.message || errorText(result.error.code));
    },
    [errorText],
  );
}
