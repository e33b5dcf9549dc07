// The one button: variants and sizes are data here instead of class strings copied into each screen. Focus rings come from app.css (`:focus-visible`) and dark mode from the colour tokens, so every
// variant has both. `className` adds placement (margins, width, alignment) and never fights a size: geometry that no
// size has is written with size "none".
import { cva, type VariantProps } from "class-variance-authority";
import { forwardRef, type ComponentPropsWithoutRef } from "react";

// What every styled button shares: content centred in a row, dimmed while disabled.
const SHAPE = "inline-flex items-center justify-center disabled:opacity-60";

const variants = cva("", {
  variants: {
    variant: {
      primary: `${SHAPE} bg-primary font-medium text-primary-foreground hover:opacity-90`,
      secondary: `${SHAPE} border bg-background font-medium hover:bg-muted`,
      outline: `${SHAPE} border hover:bg-muted`,
      ghost: `${SHAPE} hover:bg-muted`,
      danger: `${SHAPE} bg-danger font-medium text-danger-foreground hover:opacity-90`,
      /** The quieter destructive action: a red outline (delete a memory, remove a link). */
      "danger-outline": `${SHAPE} border border-danger/40 text-danger hover:bg-danger/5`,
      /** A button that reads as a text link ("Resend code", a step switch inside the sign-in dialog). */
      link: "text-primary underline-offset-4 hover:underline disabled:opacity-60",
      /** A control that is not drawn as a button (a whole list row, a thumbnail, a switch): its className draws it. */
      unstyled: "",
    },
    size: {
      xs: "gap-1 rounded px-1.5 py-1 text-xs",
      sm: "gap-1.5 rounded-md px-3 py-1.5 text-sm",
      md: "gap-2 rounded-md px-4 py-2 text-sm",
      lg: "gap-2 rounded-lg px-4 py-2.5 text-sm",
      /** A pill: suggestions and switches in the chat. */
      pill: "gap-2 rounded-full px-3 py-1.5 text-sm",
      icon: "rounded p-1.5",
      none: "",
    },
  },
  defaultVariants: { variant: "outline", size: "sm" },
});

export type ButtonVariants = VariantProps<typeof variants>;

/** The classes of a button; a link or label that must look like one takes them (`<Link className={buttonVariants(...)}>`). */
export function buttonVariants({ variant, size, className }: ButtonVariants & { className?: string } = {}) {
  // A text link or an undrawn control has no box unless asked for one.
  const boxless = variant === "link" || variant === "unstyled";
  return variants({ variant, size: size ?? (boxless ? "none" : undefined), className });
}
export type ButtonProps = ComponentPropsWithoutRef<"button"> & ButtonVariants;

/** A `<button>` drawn by variant and size; links that must look like a button take `buttonVariants(...)` instead. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, className, ...props }, ref) {
  return <button ref={ref} {...props} className={buttonVariants({ variant, size, className })} />;
});
