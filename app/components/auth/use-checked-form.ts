// Client half of "one zod schema per form": validate on submit (and again as fields are fixed), block the
// submission while anything is wrong, and show the server's field errors the same way.
import { useCallback, useEffect, useState, type FocusEvent, type FormEvent } from "react";
import { checkForm, type FieldErrors, type FormSchema } from "~/lib/schemas/auth";

export function useCheckedForm<T>(schema: FormSchema<T>, serverErrors?: FieldErrors) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (serverErrors) setErrors(serverErrors);
  }, [serverErrors]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const result = checkForm(schema, new FormData(event.currentTarget));
      setTouched(true);
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
    [schema],
  );

  /** After the first attempt, errors update as the person types, so a fixed field stops being marked. */
  const recheck = useCallback(
    (event: FocusEvent<HTMLFormElement> | FormEvent<HTMLFormElement>) => {
      if (!touched) return;
      const result = checkForm(schema, new FormData(event.currentTarget));
      setErrors(result.success ? {} : result.fieldErrors);
    },
    [schema, touched],
  );

  return { errors, formProps: { onSubmit, onChange: recheck, noValidate: true } };
}
