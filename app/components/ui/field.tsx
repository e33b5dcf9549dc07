// The one labelled field of the app (auth, settings, image tools, horoscope): a label, the control, an optional hint
// and an optional error, with the ids and the aria wiring made here, so no form can forget to point its control at
// its hint and error. Forms pass the error already in the person's language. Beside it, the on/off setting saved as it
// changes (CheckboxRow), wired the same way, and the options of a select whose choices are a fixed list (Options).
import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/** The look of a field's text input, select or textarea (an invalid one gets the danger border). */
export const fieldClass =
  "w-full rounded-lg border bg-background px-3 py-2 text-base outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary aria-[invalid=true]:border-danger";

/** What a field's control must carry so the label names it and its hint and error are read with it. */
export interface ControlWiring {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export function Field({
  label,
  error,
  hint,
  className = "flex flex-col gap-1.5",
  children,
}: {
  label: ReactNode;
  /** The translated message; none when the field is fine. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (wiring: ControlWiring) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A Field around one input with the field look, for the forms that keep each value in state and pass it a new one. */
export function InputField({
  label,
  error,
  hint,
  onValueChange,
  ...input
}: { label: ReactNode; error?: string; hint?: ReactNode; onValueChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "onChange" | "className"
>) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(wiring) => <input {...wiring} {...input} onChange={(event) => onValueChange(event.target.value)} className={fieldClass} />}
    </Field>
  );
}

/**
 * A setting that is on or off, saved as soon as it changes (a project's "Keep apart", WhatsApp's voice replies): the box,
 * its label and a hint that describes it. The caller keeps the state and saves it.
 */
export function CheckboxRow({
  label,
  hint,
  checked,
  onChange,
  disabled,
  asSwitch = false,
}: {
  label: ReactNode;
  hint: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Announced as a switch (on/off) rather than a checkbox: it changes something at once, no form is sent. */
  asSwitch?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        role={asSwitch ? "switch" : undefined}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4"
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** One `<option>` a value, in the list's order; `label` names it for the person (usually a translation). */
export function Options<Value extends string>({ values, label }: { values: readonly Value[]; label: (value: Value) => string }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
