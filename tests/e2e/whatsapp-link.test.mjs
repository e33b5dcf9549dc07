// WhatsApp end to end in Chromium against `wrangler dev` with both workers (decision 0010): a Pro user gets a
// link code from the dialog, the message carrying it arrives as Meta would send it (signed with the app secret) and
// links the number, a question sent over WhatsApp is answered through the fake Graph API, and the conversation shows
// in the web history with its WhatsApp mark. tests/e2e/run.mjs starts the fake Graph API and passes its address.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { messageDelivery } from "../mocks/whatsapp-payloads.mjs";
import { BASE_URL, assertNoErrors, hydrated, openAccountMenu, openPage, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();
const GRAPH = process.env.FAKE_GRAPH_URL ?? "http://127.0.0.1:9000";
const SECRET = process.env.WHATSAPP_APP_SECRET ?? "e2e-app-secret";
/** A number of this run's own, so a rerun against the same fake never reads an older reply. */
const FROM = `90532${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

/** POSTs one text message to the app's webhook exactly as the Cloud API would, signed with the app secret. */
async function deliver(text) {
  const body = JSON.stringify(messageDelivery({ from: FROM, id: `wamid.e2e.${Date.now()}.${Math.random()}`, name: "Ada", text }));
  const signature = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
  const response = await fetch(`${BASE_URL}/whatsapp/webhook`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
  });
  assert.equal(response.status, 200, await response.text());
}

/** The texts the app sent to FROM so far, oldest first. */
async function replies() {
  const log = await (await fetch(`${GRAPH}/__requests`)).json();
  return log.filter((request) => request.status === 200 && request.body?.to === FROM && request.body?.type === "text").map((request) => request.body.text.body);
}

/** Waits (bounded) for the reply number `count` and returns it: the answer is made after the webhook's 200. */
async function nthReply(count) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const texts = await replies();
    if (texts.length >= count) return texts[count - 1];
    if (Date.now() > deadline) throw new Error(`no WhatsApp reply number ${count}; got ${JSON.stringify(texts)}`);
    // The fake Graph API has no push channel to the test process; its log is polled.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let session;

describe("WhatsApp: link a number, chat, see it on the web", () => {
  before(async () => {
    session = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signUpAndSignIn(session.page, { name: "Ada Linked", landing: "/payment" });
  });

  after(async () => {
    await session?.close();
  });

  test("a signed message with the dialog's code links the number; a question is answered and shows in the history", async () => {
    const { page, errors } = session;
    // Pro through the demo checkout, as a person would.
    await hydrated(page);
    await page.getByText("Weekly", { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("period") === "week");
    await page.getByRole("button", { name: "Continue to demo checkout" }).click();
    await page.waitForURL((url) => url.pathname === "/payment/demo-checkout");
    await hydrated(page);
    await page.getByRole("button", { name: "Complete demo payment" }).click();
    const success = page.getByRole("dialog", { name: "Welcome to Pro!" });
    await success.waitFor();
    await success.getByRole("button", { name: "Close" }).click();

    // An unknown number is told how to link, with the app's address (in Turkish: it is a +90 number).
    await deliver("Hello?");
    assert.match(await nthReply(1), /henüz bir Nova Asistan hesabına bağlı değil/);
    assert.ok((await nthReply(1)).includes(BASE_URL), "the reply names the app's address");

    // The dialog's link carries the code; the prefilled message is what the person sends.
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: /WhatsApp/ }).click();
    const dialog = page.getByRole("dialog", { name: "Chat on WhatsApp" });
    const country = dialog.getByRole("combobox", { name: "Country" });
    await country.waitFor();
    await country.fill("Türk");
    await dialog.getByRole("option", { name: "Türkiye (+90)" }).click();
    await dialog.getByLabel("Phone number", { exact: true }).fill(FROM.slice(2));
    await dialog.getByRole("button", { name: "Get my WhatsApp link" }).click();
    const link = dialog.getByRole("link", { name: "Open WhatsApp" });
    await link.waitFor();
    const prefilled = new URL(await link.getAttribute("href")).searchParams.get("text");
    assert.match(prefilled, /LINK-[0-9A-Z]{4}-[0-9A-Z]{4}/);

    await deliver(prefilled);
    assert.match(await nthReply(2), /now linked to your Nova Assistant account \(Ada Linked\)/);

    await deliver("What is the tallest lighthouse?");
    const answer = await nthReply(3);
    assert.ok(answer.length > 20, answer);

    // The same conversation on the web: a thread with the WhatsApp mark, holding the question and the answer.
    await page.keyboard.press("Escape");
    await page.goto("/web-main");
    await hydrated(page);
    const item = page.locator("aside").getByRole("link", { name: /What is the tallest lighthouse\?/ });
    await item.waitFor();
    await item.getByRole("img", { name: "WhatsApp" }).waitFor();
    await item.click();
    await page.getByText("What is the tallest lighthouse?").last().waitFor();

    // The dialog now shows the number masked, with Disconnect.
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: /WhatsApp/ }).click();
    await dialog.getByText(FROM.slice(-4), { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Disconnect" }).waitFor();
    assertNoErrors(errors, "the WhatsApp link flow");
  });
});
