// Text logos: one well-formed SVG per docs/product.md §1 style, made from the person's words with every piece of text escaped.
import { describe, expect, it } from "vitest";
import { renderTextLogo } from "../../app/.server/images/logo-svg";
import { LOGO_STYLES } from "../../app/lib/tools";

/** Tags must open and close in order: a cheap well-formedness check (no DOM parser in Node). */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0;
}

describe("renderTextLogo", () => {
  for (const style of LOGO_STYLES) {
    it(`${style}: a well-formed 1200 x 600 SVG with the name and slogan`, () => {
      const svg = renderTextLogo({ brandName: "Acme Coffee", slogan: "Fresh every morning", style });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600">')).toBe(true);
      expect(balanced(svg)).toBe(true);
      expect(svg).toMatch(/Acme Coffee|ACME COFFEE/);
      expect(svg).toMatch(/Fresh every morning|FRESH EVERY MORNING/);
    });
  }

  it("escapes markup and quotes in every piece of text, and uses the chosen colours", () => {
    const svg = renderTextLogo({
      brandName: `"><script>x</script>`,
      slogan: `' onload='alert(1)`,
      style: "corporate",
      primaryColor: "#123456",
      secondaryColor: "#abcdef",
    });
    expect(svg).not.toMatch(/<script|onload='/);
    expect(svg).toContain("&#34;&#62;&#60;script&#62;");
    expect(svg).toContain('fill="#123456"');
    expect(svg).toContain('fill="#abcdef"');
    expect(balanced(svg)).toBe(true);
  });

  it("shrinks long names to fit instead of running off the canvas", () => {
    const short = renderTextLogo({ brandName: "Zed", style: "basic" });
    const long = renderTextLogo({ brandName: "The Extraordinarily Long Brand Name Co", style: "basic" });
    const size = (svg: string) => Number(/font-size="(\d+)"/.exec(svg)?.[1]);
    expect(size(long)).toBeLessThan(size(short));
    expect(size(long) * 0.62 * 38).toBeLessThanOrEqual(1000);
  });
});
