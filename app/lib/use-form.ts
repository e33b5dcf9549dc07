// The one form mechanism (decision 0023): check with the server's own schema on submit, check again as fields are fixed
// after that first attempt, move the focus to the first field in error, and show the server's field errors the same
// way. Every error is held as the text to show: the form words its schema's keys with `translate`, and an error body's
// fieldErrors already are texts (lib/error-body.ts).
//
// Two ways to send, one hook. A Remix form (no `send`) decides synchronously in its submit event; a submit that comes
// before the schema has arrived is held and sent again with the same button once it has (unchecked, for the action to
// check, if it cannot be fetched: offline). A form sent by code (`send`: an /api call) awaits the schema, then sends
// the checked data; a second press while the first is on its way does nothing.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { LazyForm } from "./schemas/lazy";

export type FormValues = Record<string, unknown>;
type Texts = Record<string, string>;

/** The control named `field` (or marked `data-field`, for one without a name, like a combobox), focused if found. */
function focusField(form: HTMLFormElement | null, field: string | undefined) {
  if (!form || !field) return;
  const named = form.elements.namedItem(field);
  const control = named instanceof RadioNodeList ? named[0] : (named ?? form.querySelector(`[data-field="${CSS.escape(field)}"]`));
  if (control instanceof HTMLElement) control.focus();
}

/** A form's own values: every named control's text (files are sent as they are and checked by the server). */
function formValues(form: HTMLFormElement): FormValues {
  return Object.fromEntries([...new FormData(form).entries()].filter((entry) => typeof entry[1] === "string"));
}

export function useForm<T>({
  schema,
  translate,
  serverErrors,
  values,
  send,
  onOffline,
}: {
  /** The form's check, fetched on the form's first focus (lazy.ts `lazyForm`). */
  schema: LazyForm<T>;
  /** Words one of the schema's `validation.*` keys in the page's language (the form namespace's `t`). */
  translate: (key: string) => string;
  /** The field errors of an action's refusal (a Remix form's answer), shown like the form's own. */
  serverErrors?: Texts;
  /** A form whose values live in state (controls without names): what is checked, instead of the form's own fields. */
  values?: FormValues;
  /** A form sent by code: called with the checked data; it may answer with the server's field errors to show. */
  send?: (data: T) => Promise<Texts | void> | Texts | void;
  /** A form sent by code whose schema could not be fetched: offline, so nothing could be sent; the form says so. */
  onOffline?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Texts>({});
  const [attempted, setAttempted] = useState(false);
  const sending = useRef(false);

  const verdict = useCallback(
    (checker: NonNullable<ReturnType<LazyForm<T>["current"]>>, form: HTMLFormElement | null) => {
      const result = checker(values ?? (form ? formValues(form) : {}));
      if (result.success) return { data: result.data, errors: {} as Texts };
      return { data: undefined, errors: Object.fromEntries(Object.entries(result.fieldErrors).map(([field, key]) => [field, translate(key)])) };
    },
    [values, translate],
  );

  /** Shows `found` and moves the focus to its first field. */
  const showErrors = useCallback((found: Texts) => {
    setErrors(found);
    focusField(formRef.current, Object.keys(found)[0]);
  }, []);

  useEffect(() => {
    if (serverErrors) showErrors(serverErrors);
  }, [serverErrors, showErrors]);

  /** After the first attempt, errors follow the fields as they are fixed. */
  const recheck = useCallback(() => {
    const checker = schema.current();
    if (attempted && checker) setErrors(verdict(checker, formRef.current).errors);
  }, [attempted, schema, verdict]);

  // A form whose values live in state is checked again when they change (a Remix form on its change events); by
  // content, since such a form builds its values anew on every render.
  const valuesKey = values ? JSON.stringify(values) : undefined;
  useEffect(() => {
    if (valuesKey !== undefined) recheck();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `recheck` follows `values`, which valuesKey stands for
  }, [valuesKey, attempted]);

  /**
   * Checks the form now, waiting for its schema: the data when it may be sent; otherwise its errors are shown and the
   * first one focused, or `offline` says the schema could not be fetched (nothing could be sent anyway).
   */
  const validate = useCallback(async (): Promise<{ ok: true; data: T } | { ok: false; offline: boolean }> => {
    setAttempted(true);
    const checker = await schema.get().catch(() => null);
    if (!checker) return { ok: false, offline: true };
    const checked = verdict(checker, formRef.current);
    if (checked.data === undefined) {
      showErrors(checked.errors);
      return { ok: false, offline: false };
    }
    setErrors({});
    return { ok: true, data: checked.data };
  }, [schema, verdict, showErrors]);

  /**
   * A form sent by code: checked, then given to `sendData`, whose answer may be the server's field errors to show;
   * once at a time. Says whether it was sent, and when not, whether the schema could not be fetched (offline).
   */
  const submitByCode = useCallback(
    async (sendData: (data: T) => Promise<Texts | void> | Texts | void): Promise<{ sent: boolean; offline: boolean }> => {
      if (sending.current) return { sent: false, offline: false };
      sending.current = true;
      try {
        const checked = await validate();
        if (!checked.ok) return { sent: false, offline: checked.offline };
        const refused = await sendData(checked.data);
        if (refused && Object.keys(refused).length > 0) showErrors(refused);
        return { sent: true, offline: false };
      } finally {
        sending.current = false;
      }
    },
    [validate, showErrors],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (send) {
        event.preventDefault();
        void submitByCode(send).then((outcome) => {
          if (outcome.offline) onOffline?.();
        });
        return;
      }
      setAttempted(true);
      const form = event.currentTarget;
      const checker = schema.current();
      if (!checker) {
        if (schema.failed()) return schema.warm();
        // A very quick submit: wait for the schema, then submit again with the same button (checked this time).
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        void schema
          .get()
          .catch(() => undefined)
          .then(() => {
            if (form.isConnected) form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
          });
        return;
      }
      const checked = verdict(checker, form);
      if (checked.data !== undefined) return setErrors({});
      event.preventDefault();
      showErrors(checked.errors);
    },
    [send, onOffline, submitByCode, schema, verdict, showErrors],
  );

  return {
    errors,
    /** Errors to show that no schema knows (a place the server does not know), or none. */
    showErrors,
    /** For a second button that sends the form another way (the horoscope's "save birth data"). */
    submitByCode,
    formProps: { ref: formRef, onSubmit, onChange: values ? undefined : recheck, onFocus: schema.warm, noValidate: true },
  };
}
