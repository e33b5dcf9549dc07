// Background mode of POST /v1/responses for the fake OpenAI server (fake-openai.mjs), as deep research uses it
// (openai-node src/resources/responses/responses.ts: `background: true`, `retrieve`, `cancel`): the create call
// answers at once with a `queued` response object; each GET /v1/responses/{id} moves it on: `in_progress` with one
// more web_search_call item per GET, then `completed` after `steps` GETs with a Markdown report whose output_text has
// url_citation annotations. POST /v1/responses/{id}/cancel turns a queued or running response `cancelled`.
//
// The model name picks the behaviour ("?steps=N" sets how many GETs it takes, default 3):
//   research-fail        ends `failed` with an error and no message
//   research-incomplete  ends `incomplete` with the title, the summary and the first section only
//   anything else        ends `completed`
// Requests without `store: true` or without a web_search_preview tool are refused with 400, as OpenAI does.
// The report helpers have no Node imports, so the integration tests (inside workerd) can compute what to expect.

/** The pages the fake cites, with the exact words the report quotes from each. */
export const RESEARCH_SOURCES = [
  { url: "https://example.org/heat-pumps", title: "Heat pumps explained", quote: "a heat pump moves heat instead of making it" },
  { url: "https://news.example.com/2025/boilers(report)", title: "Boilers report", quote: "gas boilers reach about 90 percent efficiency" },
];

/** The plan items of the request's input: its numbered lines after "Plan:". */
export function planItems(input) {
  const text = typeof input === "string" ? input : JSON.stringify(input ?? "");
  const after = text.split("Plan:")[1] ?? "";
  return [...after.matchAll(/^\d+\.\s+(.+)$/gm)].map((match) => match[1].trim());
}

/** The report's Markdown pieces; each citation is an inline link the annotations point at. */
export function researchReportText(plan) {
  const [first = "Background", second = "Comparison"] = plan;
  const link = (source) => `([${new URL(source.url).hostname}](${source.url}))`;
  const title = "# Heat pumps and boilers\n\n";
  const summary = `Heat pumps are efficient: "${RESEARCH_SOURCES[0].quote}" ${link(RESEARCH_SOURCES[0])}.\n\n`;
  const sectionOne = `## ${first}\n\nIn short, "${RESEARCH_SOURCES[0].quote}" ${link(RESEARCH_SOURCES[0])}.\n\n`;
  const sectionTwo = `## ${second}\n\n| Kind | Efficiency |\n|---|---|\n| Heat pump | 300% |\n| Gas boiler | 90% |\n\nA report finds "${RESEARCH_SOURCES[1].quote}" ${link(RESEARCH_SOURCES[1])}.\n`;
  return { full: title + summary + sectionOne + sectionTwo, partial: title + summary + sectionOne };
}

/** url_citation annotations over the text: each inline link's range. */
export function researchAnnotations(text) {
  const annotations = [];
  for (const source of RESEARCH_SOURCES) {
    let from = 0;
    for (;;) {
      const end = text.indexOf(`](${source.url})`, from);
      if (end === -1) break;
      const stop = end + source.url.length + 3;
      const start = text.lastIndexOf("[", end);
      annotations.push({ type: "url_citation", start_index: start, end_index: stop, url: source.url, title: source.title });
      from = stop;
    }
  }
  return annotations.sort((a, b) => a.start_index - b.start_index);
}

function searchItem(id, index) {
  const source = RESEARCH_SOURCES[index % RESEARCH_SOURCES.length];
  return {
    id: `ws_${id.slice(5)}_${index}`,
    type: "web_search_call",
    status: "completed",
    action: index % 2 === 0 ? { type: "search", query: `heat pumps step ${index + 1}` } : { type: "open_page", url: source.url },
  };
}

/** One background store per fake server: response id -> state. */
export function backgroundStore() {
  return new Map();
}

function json(response, status, body) {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** POST /v1/responses with background: true. */
export function createBackground(body, response, store) {
  const hasTool = Array.isArray(body?.tools) && body.tools.some((tool) => tool?.type === "web_search_preview" || tool?.type === "web_search");
  if (!hasTool || body?.store !== true) {
    json(response, 400, {
      error: { message: "Deep research needs store: true and a web_search_preview tool.", type: "invalid_request_error", param: "tools", code: null },
    });
    return;
  }
  const model = String(body.model ?? "");
  const steps = Math.max(1, Number(/[?&]steps=(\d+)/.exec(model)?.[1] ?? 3));
  const id = `resp_bg${Math.random().toString(36).slice(2, 12)}`;
  const state = {
    gets: 0,
    steps,
    plan: planItems(body.input),
    object: {
      id,
      object: "response",
      created_at: Math.floor(Date.now() / 1000),
      status: "queued",
      background: true,
      error: null,
      incomplete_details: null,
      instructions: null,
      model,
      output: [],
      parallel_tool_calls: true,
      previous_response_id: null,
      store: true,
      tools: body.tools,
      metadata: body.metadata ?? {},
      usage: null,
    },
  };
  store.set(id, state);
  json(response, 200, state.object);
}

function message(id, text) {
  const part = { type: "output_text", text, annotations: researchAnnotations(text), logprobs: [] };
  return { id: `msg_${id.slice(5)}`, type: "message", status: "completed", role: "assistant", content: [part] };
}

/** GET /v1/responses/{id}: one step further. */
export function retrieveBackground(id, response, store) {
  const state = store.get(id);
  if (!state) return json(response, 404, { error: { message: `No response found with id '${id}'.`, type: "invalid_request_error", param: null, code: null } });
  const object = state.object;
  if (object.status === "queued" || object.status === "in_progress") {
    state.gets += 1;
    const searches = Array.from({ length: Math.min(state.gets, state.steps) }, (_, index) => searchItem(id, index));
    if (state.gets <= state.steps) {
      object.status = "in_progress";
      object.output = searches;
    } else if (object.model.startsWith("research-fail")) {
      object.status = "failed";
      object.error = { code: "server_error", message: "The research could not be completed." };
      object.output = searches;
    } else {
      const text = researchReportText(state.plan);
      const incomplete = object.model.startsWith("research-incomplete");
      object.status = incomplete ? "incomplete" : "completed";
      if (incomplete) object.incomplete_details = { reason: "max_output_tokens" };
      object.output = [...searches, message(id, incomplete ? text.partial : text.full)];
      object.usage = {
        input_tokens: 50,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 120,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 170,
      };
    }
  }
  json(response, 200, object);
}

/** POST /v1/responses/{id}/cancel. */
export function cancelBackground(id, response, store) {
  const state = store.get(id);
  if (!state) return json(response, 404, { error: { message: `No response found with id '${id}'.`, type: "invalid_request_error", param: null, code: null } });
  if (state.object.status === "queued" || state.object.status === "in_progress") state.object.status = "cancelled";
  json(response, 200, state.object);
}
