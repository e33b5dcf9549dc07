// Projects (decision 0038-projects) in Chromium against the offline demo provider, in English and Turkish: make a
// project, upload two PDFs on its page, ask in a new project chat about something on page 12 of the second and follow
// the citation to that page; move an old chat into the project from the history's thread menu; delete the project
// keeping its chats, which go back to the history.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { assertNoErrors, hydrated, signUpAndSignIn, toast, useBrowser, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();
const withPage = (body) => withSession(browser(), {}, body);

const pdf = (name, pages) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(makePdf(pages)) });
const FIRST = pdf("roof-notes.pdf", numberedPages(30, { 5: "The roof warranty lasts twelve years." }));
const SECOND = pdf("tiles-guide.pdf", numberedPages(30, { 12: "The tile grout colour is Sandstone Beige." }));

const STRINGS = {
  en: {
    lng: "en",
    message: "Message",
    send: "Send",
    newProject: "New project",
    name: "Name",
    files: "Files",
    pages: "30 pages",
    newChat: "New chat in this project",
    question: "What is the tile grout colour?",
    cite: (page, name) => `Open page ${page} of ${name}`,
    pageOf: "Page 12 of 30",
    menu: (title) => `Options for “${title}”`,
    move: "Move to project",
    moved: "Chat moved",
    deleteProject: "Delete project",
    keep: "Move its chats to the history",
    deleted: "Project deleted",
    oldChat: "An old question about sourdough starters",
  },
  tr: {
    lng: "tr",
    message: "Mesaj",
    send: "Gönder",
    newProject: "Yeni proje",
    name: "Ad",
    files: "Dosyalar",
    pages: "30 sayfa",
    newChat: "Bu projede yeni sohbet",
    question: "Derz rengi nedir? tile grout colour",
    cite: (page, name) => `Sayfayı aç: ${name}, sayfa ${page}`,
    pageOf: "Sayfa 12 / 30",
    menu: (title) => `“${title}” için seçenekler`,
    move: "Projeye taşı",
    moved: "Sohbet taşındı",
    deleteProject: "Projeyi sil",
    keep: "Sohbetlerini geçmişe taşı",
    deleted: "Proje silindi",
    oldChat: "Ekşi maya hakkında eski bir soru",
  },
};

async function projectsFlow(page, s) {
  const query = s.lng === "tr" ? "?lng=tr" : "";
  // An old chat, in the history.
  await page.goto(`/web-main${query}`);
  await hydrated(page);
  await page.getByRole("textbox", { name: s.message }).fill(s.oldChat);
  await page.getByRole("button", { name: s.send }).click();
  await page.waitForURL(/\/web-main\/[^/?#]+$/);
  const history = page.locator("aside");
  await history.getByRole("link", { name: s.oldChat }).waitFor();

  // Make a project.
  await page.goto(`/projects${query}`);
  await hydrated(page);
  await page.getByLabel(s.name, { exact: true }).fill("Renovation");
  await page.getByRole("button", { name: s.newProject }).click();
  await page.waitForURL(/\/projects\/[^/?#]+$/);
  const projectUrl = page.url();
  await hydrated(page);

  // Two PDFs on its page, read in the background.
  const files = page.getByRole("region", { name: s.files });
  await files.locator("input[type=file]").setInputFiles([FIRST, SECOND]);
  await files.getByText(SECOND.name).waitFor({ timeout: 30_000 });
  await files.getByText(s.pages).nth(1).waitFor({ timeout: 60_000 });

  // A new chat in the project, about page 12 of the second file: the demo quotes it and cites it by name.
  await page.getByRole("link", { name: s.newChat }).click();
  await page.waitForURL(/\/web-main\?project=/);
  await hydrated(page);
  await page.getByRole("textbox", { name: s.message }).fill(s.question);
  await page.getByRole("button", { name: s.send }).click();
  await page.waitForURL(/\/web-main\/[^/?#]+$/);
  const citation = page.getByRole("button", { name: s.cite(12, SECOND.name) });
  await citation.waitFor({ timeout: 30_000 });
  await citation.click();
  const panel = page.getByRole("dialog", { name: SECOND.name });
  await panel.getByText(s.pageOf).waitFor();
  assert.match(await panel.locator("mark").textContent(), /Sandstone Beige/);
  await page.keyboard.press("Escape");
  await panel.waitFor({ state: "hidden" });

  // The old chat moves into the project from the history's thread menu.
  await history.getByRole("button", { name: s.menu(s.oldChat) }).click();
  await page.getByRole("menuitem", { name: s.move }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Renovation" }).click();
  await toast(page, s.moved).waitFor();
  await history.getByRole("link", { name: s.oldChat }).waitFor({ state: "detached" });
  await page.goto(projectUrl);
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: s.oldChat }).waitFor();

  // Deleting the project keeps its chats: they are back in the history.
  await page.getByRole("button", { name: s.deleteProject }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(s.keep).check();
  await dialog.getByRole("button", { name: s.deleteProject }).click();
  await toast(page, s.deleted).waitFor();
  await page.waitForURL(/\/projects$/);
  await history.getByRole("link", { name: s.oldChat }).waitFor();
  await history.getByRole("link", { name: s.question }).waitFor();
}

describe("projects (demo provider)", () => {
  for (const lng of ["en", "tr"]) {
    test(`${lng}: make a project, upload two PDFs, ask about page 12 of the second, move a chat in, delete the project keeping its chats`, async () => {
      await withPage(async ({ page, errors }) => {
        await signUpAndSignIn(page, { name: lng === "tr" ? "Proje Deniz" : "Project Pat", landing: "/web-main" });
        await projectsFlow(page, STRINGS[lng]);
        assertNoErrors(errors, `projects ${lng}`);
      });
    });
  }
});
