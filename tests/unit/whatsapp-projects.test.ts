// "/project <name>" picks a project as someone types its name on a phone (decision 0038-projects): any case, Turkish
// dotted and dotless i alike, accents ignored; an exact name first, else every name it starts.
import { describe, expect, it } from "vitest";
import type { ProjectSummary } from "../../app/lib/projects";
import { matchProjects } from "../../app/.server/whatsapp/projects";

const project = (name: string): ProjectSummary => ({ id: name, name, emoji: null, colour: null, chats: 0, lastActivity: 0 });
const projects = ["Thesis", "Thesis notes", "Trip to Rome", "Trip to Oslo", "İstanbul gezisi", "Işık", "Café plans"].map(project);
const names = (typed: string) => matchProjects(projects, typed).map((found) => found.name);

describe("matchProjects", () => {
  it("prefers an exact name, in any case, over longer names it starts", () => {
    expect(names("THESIS")).toEqual(["Thesis"]);
    expect(names("thesis n")).toEqual(["Thesis notes"]);
  });

  it("answers every project a start of a name fits, and none for a name no project has", () => {
    expect(names("trip")).toEqual(["Trip to Rome", "Trip to Oslo"]);
    expect(names("trip to r")).toEqual(["Trip to Rome"]);
    expect(names("garden")).toEqual([]);
  });

  it("folds Turkish i's, accents and spaces as a phone keyboard would type them", () => {
    expect(names("istanbul")).toEqual(["İstanbul gezisi"]);
    expect(names("İSTANBUL  GEZİSİ")).toEqual(["İstanbul gezisi"]);
    expect(names("isik")).toEqual(["Işık"]);
    expect(names("cafe")).toEqual(["Café plans"]);
  });
});
