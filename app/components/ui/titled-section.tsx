import type { ReactNode } from "react";

/**
 * A region named by its own heading: the section is labelled by the heading's id, so a screen reader's landmark list
 * reads the title the eye sees. `id` must be unique on the page (tests and other labels point at it).
 */
export function TitledSection({
  id,
  title,
  level = 2,
  className,
  headingClassName = "font-medium",
  children,
}: {
  id: string;
  title: ReactNode;
  level?: 2 | 3;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
