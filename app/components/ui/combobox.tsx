// A text input that filters a list of options: the WAI-ARIA combobox pattern (list autocomplete). The focus stays in
// the input; arrows move the active option (aria-activedescendant), Enter or a click chooses it, Escape closes the
// list. The dialog around it leaves Escape to an open list (ui/centered-dialog.tsx).
import { ChevronDown, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra text the filter matches besides the label (codes, other names). */
  keywords?: string;
}

interface ComboboxProps {
  label: string;
  options: ComboboxOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Text for the clear button, the list's accessible name and an empty result. */
  clearLabel: string;
  listLabel: string;
  emptyText: string;
  toggleLabel: string;
  placeholder?: string;
  /** Locale for case folding ("I" and "ı" in Turkish). */
  locale?: string;
  id?: string;
  /** An error shown next to the box: marks it invalid and names the message's element. */
  invalid?: boolean;
  describedBy?: string;
  /** The form field this box stands for (it has no name of its own): lib/use-form.ts focuses it when that field is in error. */
  field?: string;
}

/** Lower case without accents, so "turk" finds "Türkiye" and "cote" finds "Côte d’Ivoire". */
function fold(text: string, locale?: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase(locale);
}

export function Combobox({
  label,
  options,
  value,
  onChange,
  clearLabel,
  listLabel,
  emptyText,
  toggleLabel,
  placeholder,
  locale,
  id,
  invalid,
  describedBy,
  field,
}: ComboboxProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const selected = options.find((option) => option.value === value) ?? null;
  const [text, setText] = useState(selected?.label ?? "");
  const [open, setOpen] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // A choice made elsewhere (a preselection arriving, a clear) shows in the box unless the person is typing.
  useEffect(() => {
    if (!filtering) setText(selected?.label ?? "");
  }, [selected, filtering]);

  const matches = useMemo(() => {
    if (!filtering || !text.trim()) return options;
    const query = fold(text.trim(), locale);
    const starts: ComboboxOption[] = [];
    const contains: ComboboxOption[] = [];
    for (const option of options) {
      const name = fold(option.label, locale);
      if (name.startsWith(query)) starts.push(option);
      else if (
        name.includes(query) ||
        fold(option.keywords ?? "", locale)
          .split(" ")
          .includes(query)
      )
        contains.push(option);
    }
    return [...starts, ...contains];
  }, [filtering, text, options, locale]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  const show = (from: number) => {
    setOpen(true);
    setActive(Math.max(0, from));
  };
  const close = () => {
    setOpen(false);
    setFiltering(false);
    setText(selected?.label ?? "");
  };
  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setText(option.label);
    setFiltering(false);
    setOpen(false);
  };
  const clear = () => {
    onChange(null);
    setText("");
    setFiltering(false);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open || event.altKey) show(filtering ? 0 : matches.findIndex((option) => option.value === value));
      else setActive((index) => (index >= last ? 0 : index + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (event.altKey) close();
      else if (!open) show(last);
      else setActive((index) => (index <= 0 ? last : index - 1));
    } else if (event.key === "Enter" && open) {
      // Choosing an option must not submit the form around the box.
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (event.key === "Escape" && open) {
      close();
    }
  };

  const activeOption = open ? matches[active] : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          data-field={field}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFiltering(true);
            show(0);
            // Emptying the box is clearing the choice.
            if (!event.target.value.trim()) onChange(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          onClick={() => (open ? close() : show(matches.findIndex((option) => option.value === value)))}
          className="w-full rounded-md border bg-background py-2 pl-3 pr-16 text-sm outline-none transition-colors focus-visible:border-primary aria-[invalid=true]:border-danger"
        />
        <div className="absolute inset-y-0 right-1 flex items-center">
          {(value || text) && (
            <button
              type="button"
              onClick={clear}
              className="rounded p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
              aria-label={clearLabel}
              title={clearLabel}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          )}
          <button
            type="button"
            tabIndex={-1}
            // Keeps the focus in the input (the list closes when the input loses it).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (open ? close() : show(matches.findIndex((option) => option.value === value)))}
            className="rounded p-1.5 text-muted-foreground hover:bg-muted"
            aria-label={toggleLabel}
            aria-controls={listId}
            aria-expanded={open}
          >
            <ChevronDown className="size-4" aria-hidden />
          </button>
        </div>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={listLabel}
          hidden={!open || matches.length === 0}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-60 overflow-y-auto rounded-md border bg-card p-1 shadow-lg"
        >
          {matches.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${option.value}`}
              role="option"
              data-index={index}
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer rounded px-2 py-1.5 text-sm ${index === active ? "bg-accent" : ""} ${option.value === value ? "font-medium" : ""}`}
            >
              {option.label}
            </li>
          ))}
        </ul>
        {open && matches.length === 0 && (
          <p role="status" className="absolute inset-x-0 top-full z-10 mt-1 rounded-md border bg-card px-3 py-2 text-sm text-muted-foreground shadow-lg">
            {emptyText}
          </p>
        )}
      </div>
    </div>
  );
}
