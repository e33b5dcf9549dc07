// One entry of a drop-down menu (the thread's menu, the signed-in person's menu): an icon and its label, drawn the
// same everywhere, doing one of three things: an action, a page of the app, or a file the server names.
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link } from "@remix-run/react";
import type { ComponentType } from "react";

const itemClass = "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted";

type Icon = ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" | "false" }>;
type Target =
  | { onSelect: () => void }
  /** A page of the app; `onClick` runs as it is followed (closing the drawer the menu sits in). */
  | { to: string; onClick?: () => void }
  /** A real link with `download`: the browser saves the file the server names (Content-Disposition: attachment). */
  | { download: string };

export function MenuItem({ icon: Icon, label, ...target }: { icon: Icon; label: string } & Target) {
  const content = (
    <>
      <Icon className="size-4" aria-hidden />
      {label}
    </>
  );
  if ("onSelect" in target) {
    return (
      <DropdownMenu.Item className={itemClass} onSelect={target.onSelect}>
        {content}
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      {"to" in target ? (
        <Link to={target.to} onClick={target.onClick}>
          {content}
        </Link>
      ) : (
        <a href={target.download} download>
          {content}
        </a>
      )}
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-border" />;
}
