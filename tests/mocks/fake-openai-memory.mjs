// What the fake OpenAI-compatible server (fake-openai.mjs) answers for memory (decision 0027), as pure functions with no
// Node imports so the integration tests can compute the same:
//   - the "system" behaviour streams back the request's first system message (or NO_SYSTEM), then any documents block
//     the app sent as a user message (documents in chat, decision 0031), so a test reads exactly what the model was
//     given as context;
//   - a request with response_format json_schema "memory_extraction" is the extraction job: it proposes what the
//     person said (`person_said`) itself as a memory (a model that extracts naively: the app's own rule must refuse
//     what is sensitive), nothing for words ending in "?", and, obeying whatever it reads, as a change of the memory
//     it names when they say "replace memory <id> with: <text>" (the app must refuse an id it did not show); for the model names
//     "memory-invalid" / "memory-fail" an answer outside the schema / a 500.

export const NO_SYSTEM = "NO_SYSTEM_MESSAGE";

/** The first system message's text, or NO_SYSTEM. */
export function systemText(messages) {
  const system = (Array.isArray(messages) ? messages : []).find((message) => message?.role === "system");
  return typeof system?.content === "string" ? system.content : NO_SYSTEM;
}

/** What the model was given as context: the system text (or NO_SYSTEM), then any documents block sent as a user message. */
export function contextText(messages) {
  const blocks = (Array.isArray(messages) ? messages : [])
    .filter((message) => message?.role === "user" && typeof message.content === "string" && message.content.startsWith("<<<DOCUMENTS "))
    .map((message) => message.content);
  return [systemText(messages), ...blocks].join("\n\n");
}

/** The "system" behaviour's chunks: the context text in pieces of about 40 characters. */
export function systemTokens(messages) {
  const text = contextText(messages);
  const chunks = [];
  for (let start = 0; start < text.length; start += 40) chunks.push(text.slice(start, start + 40));
  return chunks;
}

/** Whether a request is the memory extraction job's. */
export function isMemoryExtraction(body) {
  return body?.response_format?.type === "json_schema" && body.response_format.json_schema?.name === "memory_extraction";
}

/** The extraction's answer content (a JSON string, or text outside the schema for "memory-invalid"). */
export function memoryExtractionReply(body) {
  if (String(body.model ?? "") === "memory-invalid") return "Sure! The person lives in İzmir.";
  const user = (Array.isArray(body.messages) ? body.messages : []).find((message) => message?.role === "user");
  let turn = {};
  try {
    turn = JSON.parse(String(user?.content ?? "{}"));
  } catch {
    turn = {};
  }
  const question = String(turn.person_said ?? "").trim();
  if (!question || question.endsWith("?")) return JSON.stringify({ memories: [] });
  const named = /replace memory ([0-9a-f-]{36}) with: (.+)$/i.exec(question);
  if (named) return JSON.stringify({ memories: [{ text: named[2].slice(0, 200), replaces: named[1] }] });
  return JSON.stringify({ memories: [{ text: question.slice(0, 200), replaces: null }] });
}
