// Client half of "one zod schema per form": validate on submit (and again as fields are fixed), block the
// submission while anything is wrong, and show the server's field errors the same way.
//
// The schemas (and zod, 24 KB gzip) are fetched when a form is first focused, not with the page: a form names its
// schema by picking it from the module. A submit that comes before they arrive waits for them and is then sent
// again (with the same button); if they cannot be fetched (offline), it goes unchecked and the action checks it.
import { useCallback, useEffect, useState, type FocusEvent, type FormEvent } from "react";
import type * as AuthSchemas from "~/lib/schemas/auth";
import type { FieldErrors, FormSchema } from "~/lib/schemas/auth";
import { importOnce } from "~/lib/schemas/lazy";

type AuthForms = typeof AuthSchemas;

const loadAuthForms = importOnce(() => import("~/lib/schemas/auth"));
let authForms: AuthForms | undefined;
/** Set when the schemas could not be fetched: forms are then sent as they are, and the server checks them. */
let authFormsFailed = false;
const fetchAuthForms = () =>
  loadAuthForms().then(
    (forms) => {
      authForms = forms;
      authFormsFailed = false;
    },
    () => {
      authFormsFailed = true;
    },
  );
const warmAuthForms = () => void fetchAuthForms();

/** `pick` names the form's schema, e.g. `(forms) => forms.signInSchema`. */
export function useCheckedForm<T>(pick: (forms: AuthForms) => FormSchema<T>, serverErrors?: FieldErrors) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (serverErrors) setErrors(serverErrors);
  }, [serverErrors]);

  const check = useCallback((form: HTMLFormElement) => (authForms ? authForms.checkForm(pick(authForms), new FormData(form)) : null), [pick]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const result = check(form);
      setTouched(true);
      if (!result) {
        if (authFormsFailed) return warmAuthForms();
        // A very quick submit: wait for the schemas, then submit again with the same button (checked this time).
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        void fetchAuthForms().then(() => {
          if (form.isConnected) form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
        });
        return;
      }
      if (result.success) {
        setErrors({});
        return;
      }
      event.preventDefault();
      setErrors(result.fieldErrors);
      const first = Object.keys(result.fieldErrors)[0];
      const field = first ? event.currentTarget.elements.namedItem(first) : null;
      if (field instanceof HTMLElement) field.focus();
    },
    [check],
  );

  /** After the first attempt, errors update as the person types, so a fixed field stops being marked. */
  const recheck = useCallback(
    (event: FocusEvent<HTMLFormElement> | FormEvent<HTMLFormElement>) => {
      if (!touched) return;
      const result = check(event.currentTarget);
      if (result) setErrors(result.success ? {} : result.fieldErrors);
    },
    [check, touched],
  );

  return { errors, formProps: { onSubmit, onChange: recheck, onFocus: warmAuthForms, noValidate: true } };
}
