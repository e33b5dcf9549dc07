// Deep research's own loop against fakes (docs/decisions/0046-own-research-loop.md), served by the fake OpenAI
// server (fake-openai.mjs):
// - GET /res/v1/web/search: the Brave Search API's web search (`q`, `count`, header X-Subscription-Token), answering
//   in its JSON shape `{ type: "search", query, web: { type: "search", results: [{ title, url, description,
//   page_age, age, meta_url: { hostname, ... } }] } }`; 401 with Brave's error body without a token. Every query
//   finds the pages of LOOP_PAGES, starting at a place that depends on the query, so each plan item reads others.
// - The own loop's chat requests (non-streamed, told apart by their system message): the plan, a step's note
//   (findings citing the pages given as [[k]], and each page's first sentence as its quote) and the report (one
//   section per plan item, citing [n]). A "claude-*" model wraps its JSON in a code fence, as Anthropic ignores
//   `response_format`.
// The pages themselves live on public-looking hosts: the tests answer the Worker's fetch of them (they are not
// served here, since the loop's safe reader refuses 127.0.0.1). No Node imports: the tests import LOOP_PAGES.

/** What the search finds. "gone" answers 404 when read; "private" is on a host the loop must never fetch. */
export const LOOP_PAGES = [
  {
    url: "https://energy.example.org/heat-pumps",
    title: "How heat pumps work",
    text: "Heat pumps move heat from outside air into a house instead of burning fuel. They deliver about three units of heat per unit of electricity.",
    age: "2025-04-02T00:00:00",
  },
  {
    url: "https://costs.example.net/running-costs",
    title: "Running costs compared",
    text: "A heat pump costs less to run than a gas boiler when electricity is cheap. Installation costs more at the start.",
    age: "2024-12-10T00:00:00",
  },
  {
    url: "https://archive.example.com/old-study",
    title: "An old study",
    text: "This study has been removed.",
    gone: true,
  },
  {
    url: "https://climate.example.org/cold-weather",
    title: "Heat pumps in cold weather",
    text: "Modern heat pumps keep working at minus twenty degrees. Their efficiency falls as the air gets colder.",
    age: "2025-01-15T00:00:00",
  },
  {
    url: "https://intranet.local/secret",
    title: "An internal page",
    text: "Internal only.",
    private: true,
  },
];

/** The page as the Worker's fetch would get it, or null (a 404) when it is gone or unknown. */
export function loopPageHtml(url) {
  const page = LOOP_PAGES.find((candidate) => candidate.url === url);
  if (!page || page.gone) return null;
  return `<!doctype html><html><head><title>${page.title}</title></head><body><nav>Menu</nav><h1>${page.title}</h1><p>${page.text}</p></body></html>`;
}

/** Brave's results for a query: every page, rotated by the query so consecutive plan items start elsewhere. */
export function braveResults(query, count) {
  const shift = [...String(query)].reduce((sum, char) => sum + char.codePointAt(0), 0) % LOOP_PAGES.length;
  const rotated = [...LOOP_PAGES.slice(shift), ...LOOP_PAGES.slice(0, shift)];
  return rotated.slice(0, count).map((page) => {
    const url = new URL(page.url);
    return {
      type: "search_result",
      title: `<strong>${page.title}</strong>`,
      url: page.url,
      description: page.text.split(". ")[0],
      ...(page.age ? { page_age: page.age, age: "2 months ago" } : {}),
      meta_url: { scheme: "https", netloc: url.hostname, hostname: url.hostname, path: url.pathname },
    };
  });
}

/** GET /res/v1/web/search. Returns false for any other request. */
export function handleBraveRequest(request, url, response) {
  if (request.method !== "GET" || url.pathname !== "/res/v1/web/search") return false;
  const json = { "Content-Type": "application/json" };
  if (!request.headers["x-subscription-token"]) {
    response.writeHead(401, json).end(
      JSON.stringify({
        type: "ErrorResponse",
        error: { id: "fake", status: 401, code: "SUBSCRIPTION_TOKEN_INVALID", detail: "The provided subscription token is invalid." },
        time: Math.floor(Date.now() / 1000),
      }),
    );
    return true;
  }
  const query = url.searchParams.get("q") ?? "";
  const count = Math.min(20, Number(url.searchParams.get("count") ?? "20") || 20);
  response.writeHead(200, json).end(
    JSON.stringify({
      type: "search",
      query: { original: query, more_results_available: false },
      web: { type: "search", results: braveResults(query, count) },
    }),
  );
  return true;
}

const messageText = (messages, role) =>
  (Array.isArray(messages) ? messages : [])
    .filter((message) => message?.role === role)
    .map((message) => (typeof message.content === "string" ? message.content : ""))
    .join("\n");

const firstSentence = (text) => (/^.*?[.!?](\s|$)/.exec(text)?.[0] ?? text).trim();

/** The pages a note request gives: "Page [[k]]: title (url)" and the page's text on the next line. */
function notePages(user) {
  return [...user.matchAll(/^Page \[\[(\d+)\]\]: (.*) \((\S+)\)\n(.*)$/gm)].map((match) => ({ k: Number(match[1]), title: match[2], text: match[4] }));
}

/** The own loop's answer as JSON text for a request it recognises, else null. */
export function researchLoopReply(body) {
  const system = messageText(body?.messages, "system");
  const user = messageText(body?.messages, "user");
  let answer = null;
  if (system.startsWith("Plan a deep web research")) {
    answer = { items: ["How does a heat pump work?", "What does it cost to run?", "Does it work in cold weather?"] };
  } else if (system.startsWith("You take the notes of a deep web research")) {
    const pages = notePages(user);
    answer = {
      findings: pages.map((page) => `${page.title}: ${firstSentence(page.text)} [[${page.k}]]`),
      quotes: pages.map((page) => firstSentence(page.text)),
    };
  } else if (system.startsWith("Write the final report of a deep web research")) {
    const items = [...user.matchAll(/^Plan item (\d+): (.*)$/gm)];
    answer = {
      title: "Heat pumps, researched",
      summary: "Heat pumps move heat rather than make it [1]. They cost less to run where electricity is cheap.",
      sections: items.map((item, index) => ({
        markdown:
          index === 0
            ? `The first answer, from the notes [1].\n\n| Point | Source |\n| --- | --- |\n| Efficiency | [1] |`
            : `Answer ${index + 1} [${index + 1}] [99].`,
      })),
    };
  }
  if (!answer) return null;
  const text = JSON.stringify(answer);
  return String(body?.model ?? "").startsWith("claude") ? `Here is the JSON:\n\`\`\`json\n${text}\n\`\`\`` : text;
}
