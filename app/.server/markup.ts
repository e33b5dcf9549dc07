// The one escape for markup the server writes by hand: e-mails, the offline page, the demo logos and the birth chart's
// SVG. Numeric character references are valid in HTML and XML alike, so one function serves both.

/** Text safe inside an element or a quoted attribute: `& < > " '` as numeric character references. */
export const escapeMarkup = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
