import { useId } from "react";

/** A set of radio buttons drawn as pills: native inputs, so keyboard and screen readers work as usual. */
export function ChoiceGroup<Value extends string>({
  label,
  name,
  value,
  options,
  onChange,
  columns = false,
}: {
  label: string;
  name: string;
  value: Value;
  options: readonly { value: Value; label: string; hint?: string }[];
  onChange: (value: Value) => void;
  /** Lay out as a grid of cards (with hints) instead of a row of pills. */
  columns?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className={columns ? "grid gap-2 sm:grid-cols-2" : "flex flex-wrap gap-2"}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={`${id}-${option.value}`}
              className={`relative cursor-pointer border text-sm transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary ${
                columns ? "flex flex-col gap-0.5 rounded-lg px-3 py-2" : "rounded-full px-3 py-1.5"
              } ${checked ? "border-primary bg-accent font-medium text-foreground" : "hover:bg-muted"}`}
            >
              <input
                id={`${id}-${option.value}`}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                // Covers the whole pill, invisible: the click lands on the radio itself, as with a native control.
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span>{option.label}</span>
              {option.hint && <span className="text-xs font-normal text-muted-foreground">{option.hint}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
