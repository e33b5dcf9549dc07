// The birth place: an ARIA 1.2 combobox over GET /api/places (the offline city list on the server). Typing searches,
// arrows move through the options, Enter or a click chooses; only a chosen city gives a place id, so free text
// cannot reach the server as a place.
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlaceOption } from "~/.server/horoscope/places";
import { callApi } from "~/lib/api-client";

const SEARCH_DELAY_MS = 150;

export function PlaceCombobox({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  id: string;
  /** The chosen place, or null while none is. */
  value: PlaceOption | null;
  onChange: (place: PlaceOption | null) => void;
  invalid: boolean;
  describedBy?: string;
  className: string;
}) {
  const { t } = useTranslation("horoscope");
  const listId = useId();
  const [text, setText] = useState(value?.label ?? "");
  const [options, setOptions] = useState<PlaceOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<"idle" | "searching" | "done" | "failed">("idle");
  const query = useRef("");

  useEffect(() => setText(value?.label ?? ""), [value?.id, value?.label]);

  useEffect(() => {
    const q = text.trim();
    if (!open || !q || q === value?.label) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus("searching");
      query.current = q;
      callApi<{ places: PlaceOption[] }>(`/api/places?q=${encodeURIComponent(q)}`, { signal: controller.signal })
        .then((answer) => {
          if (!answer.ok) return setStatus("failed");
          setOptions(answer.data.places);
          setActive(answer.data.places.length ? 0 : -1);
          setStatus("done");
        })
        // Aborted: the text changed and a newer search took over.
        .catch(() => undefined);
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open, value?.label]);

  const choose = (place: PlaceOption) => {
    onChange(place);
    setText(place.label);
    setOpen(false);
    setOptions([]);
    setStatus("idle");
  };

  const showList = open && status !== "idle" && text.trim() !== "";
  const message =
    status === "searching"
      ? t("form.placeSearching")
      : status === "failed"
        ? t("form.placeSearchFailed")
        : status === "done"
          ? options.length
            ? t("form.placeResults", { count: options.length })
            : t("form.placeNoMatch", { query: query.current })
          : "";

  return (
    <div className="relative">
      <input
        id={id}
        // The form's field this box fills (its value is the place's id): lib/use-form.ts focuses it when it is in error.
        data-field="placeId"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required
        placeholder={t("form.placePlaceholder")}
        value={text}
        className={className}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
            if (options.length) setActive((current) => (current + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
          } else if (event.key === "Enter" && showList && active >= 0 && options[active]) {
            event.preventDefault();
            choose(options[active]!);
          } else if (event.key === "Escape") {
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("form.place")}
        hidden={!showList || options.length === 0}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border bg-card p-1 text-sm shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer rounded px-2 py-1.5 ${index === active ? "bg-muted" : ""}`}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
            onMouseEnter={() => setActive(index)}
          >
            {option.label}
            <span className="ml-2 text-xs text-muted-foreground">{option.zone}</span>
          </li>
        ))}
      </ul>
      <p role="status" aria-live="polite" className="sr-only">
        {showList ? message : ""}
      </p>
      {showList && options.length === 0 && status !== "searching" && <p className="mt-1 text-sm text-muted-foreground">{message}</p>}
    </div>
  );
}
