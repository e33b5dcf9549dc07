// POST /v1/responses for the fake OpenAI server (fake-openai.mjs): a web search answer streamed in the Responses
// API's real event format (../shared/PROVIDERS.md "Web search: Responses API"; openai-node
// src/resources/responses/responses.ts): `event:` + `data:` pairs with sequence numbers, created -> in_progress ->
// a web_search_call item (in_progress, searching, completed) -> a message whose output_text streams as deltas, with
// url_citation annotations -> output_text.done -> response.completed. No [DONE].
//
// The model name picks the behaviour: "search-fail" streams part of the answer and then response.failed; anything
// else answers normally. A request without the web_search tool is refused with 400 (what the app must send); one
// that is not streamed gets the completed response as JSON.
// The text helpers have no Node imports, so the integration tests (inside workerd) can compute the expected answer.

/** The pages the fake "finds"; the answer cites the first two (the second twice: it must be listed once). */
export const SEARCH_SOURCES = [
  { url: "https://example.org/profile?id=1", title: "Example profile [official]" },
  { url: "https://news.example.com/story(2024)", title: "Example News story" },
];

/** The user's last input text (string content or input_text parts). */
export function lastInput(input) {
  if (typeof input === "string") return input;
  const list = Array.isArray(input) ? input : [];
  for (let index = list.length - 1; index >= 0; index--) {
    const item = list[index];
    if (item?.role !== "user") continue;
    if (typeof item.content === "string") return item.content;
    if (Array.isArray(item.content)) return item.content.map((part) => part?.text ?? "").join(" ");
  }
  return "";
}

/** The answer's text pieces, in order; the citations point into their concatenation. */
export function searchAnswerTokens(question) {
  const subject = String(question).split("·")[0]?.trim() || "the subject";
  return [
    "Summary: ",
    `public sources describe ${subject} `,
    "in two places",
    ` ([example.org](${SEARCH_SOURCES[0].url})).`,
    " A news story adds detail",
    ` ([news.example.com](${SEARCH_SOURCES[1].url})).`,
  ];
}

export function expectedSearchText(question) {
  return searchAnswerTokens(question).join("");
}

/** Annotations over the answer text: each inline link's range, with the page's url and title. */
export function searchAnnotations(text) {
  const cite = (source) => {
    const link = `](${source.url})`;
    const end = text.indexOf(link) + link.length;
    const start = text.lastIndexOf("[", end);
    return { type: "url_citation", start_index: start, end_index: end, url: source.url, title: source.title };
  };
  return [cite(SEARCH_SOURCES[0]), cite(SEARCH_SOURCES[1]), cite(SEARCH_SOURCES[1])];
}

/**
 * Streams the answer. `io` = { write(text) -> Promise (flushed), wait(ms), intervalMs, count(bucket, key), stats }.
 * Returns false when the body is not a Responses request this fake knows.
 */
export async function handleResponsesRequest(body, response, io) {
  const model = String(body?.model ?? "");
  const hasSearchTool = Array.isArray(body?.tools) && body.tools.some((tool) => tool?.type === "web_search");
  if (!hasSearchTool) {
    io.count(io.stats.byStatus, 400);
    response.writeHead(400, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        error: { message: "This fake only answers requests with the web_search tool.", type: "invalid_request_error", param: "tools", code: null },
      }),
    );
    return true;
  }
  const failing = model.startsWith("search-fail");
  io.count(io.stats.byBehaviour, failing ? "search-fail" : "search");
  io.count(io.stats.byStatus, 200);

  const question = lastInput(body.input);
  const tokens = searchAnswerTokens(question);
  const text = tokens.join("");
  const annotations = searchAnnotations(text);
  const id = `resp_fake${Math.random().toString(36).slice(2, 12)}`;
  const created = Math.floor(Date.now() / 1000);
  const searchItem = { id: `ws_${id.slice(5)}`, type: "web_search_call", status: "in_progress" };
  const searchDone = {
    ...searchItem,
    status: "completed",
    action: { type: "search", query: question, sources: SEARCH_SOURCES.map((source) => ({ type: "url", url: source.url })) },
  };
  const messageId = `msg_${id.slice(5)}`;
  const base = {
    id,
    object: "response",
    created_at: created,
    status: "in_progress",
    background: false,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: null,
    model,
    output: [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: "text" }, verbosity: "medium" },
    tool_choice: "auto",
    tools: body.tools,
    top_p: 1,
    truncation: "disabled",
    usage: null,
    metadata: {},
  };

  if (!body.stream) {
    // Not streamed (deep research's own loop searching: research/web-find.ts): the completed response at once.
    const message = {
      id: messageId,
      type: "message",
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text, annotations, logprobs: [] }],
    };
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ...base, status: "completed", output: [searchDone, message] }));
    io.stats.completed += 1;
    return true;
  }

  let sequence = 0;
  const send = (type, payload) => io.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...payload })}\n\n`);

  response.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
    "x-request-id": `req_${id.slice(-8)}`,
  });
  await send("response.created", { response: base });
  await send("response.in_progress", { response: base });
  await send("response.output_item.added", { output_index: 0, item: searchItem });
  await send("response.web_search_call.in_progress", { output_index: 0, item_id: searchItem.id });
  await io.wait(io.intervalMs);
  await send("response.web_search_call.searching", { output_index: 0, item_id: searchItem.id });
  await io.wait(io.intervalMs);
  await send("response.web_search_call.completed", { output_index: 0, item_id: searchItem.id });
  await send("response.output_item.done", { output_index: 0, item: searchDone });
  await send("response.output_item.added", {
    output_index: 1,
    item: { id: messageId, type: "message", status: "in_progress", role: "assistant", content: [] },
  });
  await send("response.content_part.added", {
    item_id: messageId,
    output_index: 1,
    content_index: 0,
    part: { type: "output_text", text: "", annotations: [], logprobs: [] },
  });

  let sent = "";
  let annotationIndex = 0;
  const stopAt = failing ? 2 : tokens.length;
  for (let index = 0; index < stopAt; index++) {
    if (response.destroyed || response.socket?.destroyed) return true;
    await io.wait(io.intervalMs);
    await send("response.output_text.delta", { item_id: messageId, output_index: 1, content_index: 0, delta: tokens[index], logprobs: [] });
    sent += tokens[index];
    // Each annotation is announced once the text it covers has streamed.
    while (annotationIndex < annotations.length && annotations[annotationIndex].end_index <= sent.length) {
      await send("response.output_text.annotation.added", {
        item_id: messageId,
        output_index: 1,
        content_index: 0,
        annotation_index: annotationIndex,
        annotation: annotations[annotationIndex],
      });
      annotationIndex++;
    }
  }

  if (failing) {
    io.stats.broken += 1;
    await send("response.failed", {
      response: { ...base, status: "failed", error: { code: "server_error", message: "The search could not be completed." } },
    });
    response.end();
    return true;
  }

  const part = { type: "output_text", text, annotations, logprobs: [] };
  const message = { id: messageId, type: "message", status: "completed", role: "assistant", content: [part] };
  await send("response.output_text.done", { item_id: messageId, output_index: 1, content_index: 0, text, logprobs: [] });
  await send("response.content_part.done", { item_id: messageId, output_index: 1, content_index: 0, part });
  await send("response.output_item.done", { output_index: 1, item: message });
  const words = (value) => (String(value).match(/\S+/g) ?? []).length;
  const inputTokens = words(JSON.stringify(body.input ?? "")) + words(body.instructions ?? "");
  await send("response.completed", {
    response: {
      ...base,
      status: "completed",
      output: [searchDone, message],
      usage: {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: tokens.length,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: inputTokens + tokens.length,
      },
    },
  });
  response.end();
  io.stats.completed += 1;
  return true;
}
