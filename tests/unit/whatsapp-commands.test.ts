// What each inbound WhatsApp message asks for, decided from the message alone before any account is read: the first
// matching command wins (a link code anywhere, then "/new", "/projects" and "/project <name>", then a photo, a voice
// note, "/image", "/horoscope"), and `tasks` mode (decision 0010) turns anything that is not a task into the menu.
import { describe, expect, it } from "vitest";
import { parseCommand } from "../../app/.server/whatsapp/commands";
import type { InboxMessage } from "../../app/.server/whatsapp/inbox-message";

const base = { id: "wamid.1", from: "447700900123", sentAt: 1_700_000_000_000 };
const text = (body: string): InboxMessage => ({ ...base, type: "text", text: body });
const photo = (caption?: string): InboxMessage => ({ ...base, type: "image", image: { mediaId: "m-1", caption } });
const voice: InboxMessage = { ...base, type: "audio", audio: { mediaId: "a-1" } };
const other: InboxMessage = { ...base, type: "other" };

describe("parseCommand", () => {
  it("takes a link code wherever it is, in text or a photo's caption, before anything else", () => {
    expect(parseCommand(text("Please connect my number: LINK-ABCD-2345"), false)).toEqual({ kind: "link-code", code: "ABCD2345" });
    expect(parseCommand(photo("link abcd 2345"), true)).toEqual({ kind: "link-code", code: "ABCD2345" });
  });

  it('reads "/new" in any case, as text or as a caption', () => {
    expect(parseCommand(text("  /NEW "), false)).toEqual({ kind: "new-thread" });
    expect(parseCommand(photo("/new"), false)).toEqual({ kind: "new-thread" });
  });

  it("translates a photo captioned translate (into the named language, else the account's), and chats about any other", () => {
    expect(parseCommand(photo("translate de"), false)).toEqual({ kind: "photo-translate", mediaId: "m-1", language: "de" });
    expect(parseCommand(photo("çevir"), false)).toEqual({ kind: "photo-translate", mediaId: "m-1", language: null });
    expect(parseCommand(photo("translate into xx"), false)).toEqual({ kind: "photo-translate", mediaId: "m-1", language: null });
    expect(parseCommand(photo(" What is this? "), false)).toEqual({ kind: "photo-chat", mediaId: "m-1", text: "What is this?" });
    expect(parseCommand(photo(), false)).toEqual({ kind: "photo-chat", mediaId: "m-1", text: "" });
    // In tasks mode a photo is only ever translated.
    expect(parseCommand(photo("What is this?"), true)).toEqual({ kind: "photo-translate", mediaId: "m-1", language: null });
  });

  it("answers a voice note, except in tasks mode where it gets the menu", () => {
    expect(parseCommand(voice, false)).toEqual({ kind: "voice-note", mediaId: "a-1" });
    expect(parseCommand(voice, true)).toEqual({ kind: "menu", reply: "tasksMenu" });
  });

  it('reads "/image <description>" and "/horoscope <sign>" in English or Turkish; a bare "/image" is ordinary text', () => {
    expect(parseCommand(text("/image  a red fox "), false)).toEqual({ kind: "image", prompt: "a red fox" });
    expect(parseCommand(text(`/image ${"x".repeat(1200)}`), false)).toEqual({ kind: "image", prompt: "x".repeat(1000) });
    expect(parseCommand(text("/Horoscope Leo"), false)).toEqual({ kind: "horoscope", sign: "leo" });
    expect(parseCommand(text("/horoscope aslan"), false)).toEqual({ kind: "horoscope", sign: "leo" });
    expect(parseCommand(text("/horoscope dragon"), false)).toEqual({ kind: "horoscope", sign: null });
    expect(parseCommand(text("/image"), false)).toEqual({ kind: "chat", text: "/image" });
    expect(parseCommand(text("/image "), true)).toEqual({ kind: "menu", reply: "tasksMenu" });
    expect(parseCommand(text("/image a fox"), true)).toEqual({ kind: "image", prompt: "a fox" });
  });

  it('reads "/projects" and "/project <name>" (or Turkish "/projeler", "/proje"), except in tasks mode; "/projectx" is text', () => {
    expect(parseCommand(text("/projects"), false)).toEqual({ kind: "projects-list" });
    expect(parseCommand(text(" /Project "), false)).toEqual({ kind: "projects-list" });
    expect(parseCommand(text("/projeler"), false)).toEqual({ kind: "projects-list" });
    expect(parseCommand(text("/project  Trip to Rome "), false)).toEqual({ kind: "project-choose", name: "Trip to Rome" });
    expect(parseCommand(text("/PROJE İstanbul gezisi"), false)).toEqual({ kind: "project-choose", name: "İstanbul gezisi" });
    expect(parseCommand(text("/projectx"), false)).toEqual({ kind: "chat", text: "/projectx" });
    expect(parseCommand(text("/projects"), true)).toEqual({ kind: "menu", reply: "tasksMenu" });
  });

  it("chats with text, and answers what chat cannot take (or anything in tasks mode) with a menu", () => {
    expect(parseCommand(text(" Hello "), false)).toEqual({ kind: "chat", text: "Hello" });
    expect(parseCommand(text("   "), false)).toEqual({ kind: "menu", reply: "unsupported" });
    expect(parseCommand(other, false)).toEqual({ kind: "menu", reply: "unsupported" });
    expect(parseCommand(text("Write me a poem"), true)).toEqual({ kind: "menu", reply: "tasksMenu" });
  });
});
