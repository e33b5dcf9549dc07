import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

interface TabsProps<Value extends string> {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  tabs: { value: Value; label: string; panel: ReactNode }[];
  className?: string;
}

/**
 * WAI-ARIA tabs (tablist / tab / tabpanel, arrow keys, Home / End) in a few lines, instead of a library that
 * would add ~9 KB to every first page for two tabs.
 */
export function Tabs<Value extends string>({ label, value, onChange, tabs, className = "" }: TabsProps<Value>) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.value);
    buttons.current[(index + tabs.length) % tabs.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  const active = tabs.find((tab) => tab.value === value) ?? tabs[0];
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1 text-xs">
        {tabs.map((tab, index) => {
          const selected = tab.value === active?.value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`rounded px-2 py-1 ${selected ? "bg-background shadow-sm" : ""}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          role="tabpanel"
          id={`${id}-panel-${active.value}`}
          aria-labelledby={`${id}-tab-${active.value}`}
          tabIndex={0}
          className="mt-2 min-h-0 flex-1 overflow-y-auto"
        >
          {active.panel}
        </div>
      )}
    </div>
  );
}
