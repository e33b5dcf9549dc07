// Memory's rules in code (decision 0027): what is never kept (secrets always, health details unless the person asked), in
// English and Turkish; the demo provider's sentence patterns; markup refused; and the token budget that leaves a
// memory out whole rather than cutting it.
import { describe, expect, it } from "vitest";
import { estimateTokens, memorySystemText, searchQuery, withinBudget } from "../../app/.server/memory/context";
import { demoProposals } from "../../app/.server/memory/demo-extract";
import { mayKeepExtracted, mayKeepWritten, sensitiveKind } from "../../app/.server/memory/sensitive";
import { parseCommand } from "../../app/.server/whatsapp/commands";
import { memoryItemActionSchema } from "../../app/lib/schemas/memory";

describe("the sensitive-data rule", () => {
  it.each([
    ["My password is hunter2", "en password"],
    ["My card number is 4111 1111 1111 1111", "en card number"],
    ["4111-1111-1111-1111 expires 04/29", "a bare card number"],
    ["My SSN is 078-05-1120", "en identity number"],
    ["My IBAN is TR33 0006 1005 1978 6457 8413 26", "IBAN"],
    ["Here is my API key sk-proj-abcdefghijklmnop", "key"],
    ["Şifrem kedi123", "tr password"],
    ["Kart numaram 4111 1111 1111 1111", "tr card number"],
    ["TC kimlik numaram 12345678901", "tr identity number"],
  ])("never keeps a secret: %s (%s)", (text) => {
    expect(sensitiveKind(text)).toBe("secret");
    expect(mayKeepExtracted(text, text)).toBe(false);
    expect(mayKeepWritten(text)).toBe(false);
  });

  it("keeps nothing from a question that held a secret, however the model rephrased it", () => {
    expect(mayKeepExtracted("Has a door code", "My PIN is 4412 and I live in İzmir")).toBe(false);
    expect(mayKeepExtracted("Lives in İzmir", "Şifrem 4412, İzmir'de yaşıyorum")).toBe(false);
  });

  it.each([
    ["Was diagnosed with diabetes", "I was diagnosed with diabetes last year"],
    ["Takes antidepressants", "I take antidepressants"],
    ["Depresyon teşhisi kondu", "Bana depresyon teşhisi kondu"],
    ["Hamile", "Hamileyim, ne yemeliyim?"],
  ])("keeps a health detail only when asked to remember it: %s", (memory, question) => {
    expect(sensitiveKind(memory)).toBe("health");
    expect(mayKeepExtracted(memory, question)).toBe(false);
    expect(mayKeepExtracted(memory, `Please remember this: ${question}`)).toBe(true);
    expect(mayKeepExtracted(memory, `Bunu hatırla: ${question}`)).toBe(true);
    // Written by the person in Settings › Memory: their own choice.
    expect(mayKeepWritten(memory)).toBe(true);
  });

  it.each(["Lives in İzmir", "İzmir'de yaşıyor", "Is allergic to peanuts", "Fıstık alerjisi var", "Prefers short answers", "Is learning Spanish"])(
    "keeps an ordinary lasting fact: %s",
    (text) => {
      expect(sensitiveKind(text)).toBeNull();
      expect(mayKeepExtracted(text, text)).toBe(true);
    },
  );
});

describe("the demo provider's extraction", () => {
  it.each([
    ["My name is Ayşe Kaya.", "Name is Ayşe Kaya"],
    ["By the way, I live in İzmir.", "Lives in İzmir"],
    ["I live in New York and work remotely", "Lives in New York"],
    ["I am allergic to peanuts.", "Is allergic to peanuts"],
    ["I'm vegetarian, any ideas?", "Is vegetarian"],
    ["I am learning Spanish", "Is learning Spanish"],
    ["I prefer short answers.", "Prefers short answers"],
    ["Benim adım Mehmet", "Adı Mehmet"],
    ["Ben İzmir'de yaşıyorum", "İzmir'de yaşıyor"],
    ["Fıstık alerjim var", "Fıstık alerjisi var"],
    ["Vejetaryenim", "Vejetaryen"],
  ])("%s -> %s", (question, memory) => {
    expect(demoProposals(question, [])).toEqual([{ text: memory, replaces: null }]);
  });

  it("updates the kept memory on the same topic, and finds nothing in a plain question", () => {
    expect(demoProposals("I live in Ankara now.", [{ id: "m1", text: "Lives in İzmir" }])).toEqual([{ text: "Lives in Ankara", replaces: "m1" }]);
    expect(demoProposals("Ben Ankara'da yaşıyorum", [{ id: "m1", text: "Lives in İzmir" }])).toEqual([{ text: "Ankara'da yaşıyor", replaces: "m1" }]);
    expect(demoProposals("What is the capital of Portugal?", [])).toEqual([]);
  });
});

describe("memory in the prompt", () => {
  it("leaves out a memory that does not fit the budget, whole, and still fits smaller ones after it", () => {
    const long = { id: "long", text: "x".repeat(600) };
    const small = { id: "small", text: "Is vegetarian" };
    expect(withinBudget([long, small], 100)).toEqual([small]);
    expect(withinBudget([small, small], 100)).toEqual([small]);
    expect(estimateTokens("Is vegetarian")).toBe(6);
  });

  it("quotes the question's words for full-text search, so nothing in it is query syntax", () => {
    expect(searchQuery('How are my "bees" doing? NEAR(x) OR *')).toBe('"how" OR "are" OR "my" OR "bees" OR "doing" OR "near" OR "or"');
    expect(searchQuery("?!")).toBeNull();
  });

  it("sends instructions and memories verbatim, and nothing when there are none", () => {
    expect(memorySystemText({ aboutYou: "", answerStyle: "" }, [])).toBeNull();
    const text = memorySystemText({ aboutYou: "I am <b>bold</b>?", answerStyle: "" }, [{ id: "1", text: "Lives in İzmir" }]);
    expect(text).toContain("I am <b>bold</b>?");
    expect(text).toContain("\n- Lives in İzmir");
  });

  it("refuses markup, an empty text and one over 300 characters in a memory", () => {
    const edit = (text: string) => memoryItemActionSchema.safeParse({ intent: "edit", text });
    expect(edit("Lives in İzmir").success).toBe(true);
    expect(edit("<script>alert(1)</script>").error?.issues[0]?.message).toBe("validation.markup");
    expect(edit("   ").error?.issues[0]?.message).toBe("validation.required");
    expect(edit("a".repeat(301)).error?.issues[0]?.message).toBe("validation.tooLong");
  });
});

describe("WhatsApp memory commands", () => {
  it('reads "/forget" and "/memory" in any case', () => {
    const message = (text: string) => ({ id: "wamid.1", from: "447700900123", sentAt: 1, type: "text" as const, text });
    expect(parseCommand(message("/forget"), false)).toEqual({ kind: "memory-off" });
    expect(parseCommand(message(" /MEMORY "), true)).toEqual({ kind: "memory-list" });
  });
});
