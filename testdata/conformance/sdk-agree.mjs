// sdk-agree.mjs: for requests that switch features on (thinking, tools,
// web search, reasoning summaries, limits, the simulator's markers), each
// SDK folds the streamed reply with its own accumulator, and the result
// must equal the whole (non-streamed) reply to the same request. A stream
// whose events the SDK cannot fold, or that folds to something else, fails.
// Used by sdk-check.mjs; each check prints one line named agree/<family>/<case>.

import { isDeepStrictEqual } from "node:util";

// Fields the two sides may differ in by design: ids derive from the request
// body, which differs by its stream flag, and the SDKs' stream helpers add
// parsed fields (null) that their plain calls leave out. Timestamps are the
// clock's at each of the two requests, which may fall on either side of a
// second: only their presence and type are compared.
const sdkAdded = new Set(["parsed_output", "output_parsed", "parsed", "parsed_arguments"]);
const timestamps = new Set(["created_at", "completed_at", "created"]);

function plain(v, dropIDs) {
  return JSON.parse(
    JSON.stringify(v, function (k, val) {
      if (sdkAdded.has(k)) return undefined;
      if (timestamps.has(k) && typeof val === "number") return "a number";
      if (dropIDs && k === "id" && typeof val === "string" && /^(msg|resp|rs|fc|ws)_sim/.test(val)) return undefined;
      return val;
    }),
  );
}

// diff lists where a and b differ, at most a few paths.
function diff(a, b, path = "$", out = []) {
  if (out.length >= 5 || isDeepStrictEqual(a, b)) return out;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
    out.push(`${path}: whole ${JSON.stringify(a)?.slice(0, 80)} / stream ${JSON.stringify(b)?.slice(0, 80)}`);
    return out;
  }
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diff(a[k], b[k], `${path}.${k}`, out);
  return out;
}

const alphaCases = {
  thinking: { thinking: { type: "enabled", budget_tokens: 2048 }, prompt: "think about tea" },
  "thinking-omitted": { thinking: { type: "enabled", budget_tokens: 2048, display: "omitted" }, prompt: "think in private" },
  tool: {
    tools: [{ name: "get_weather", description: "weather", input_schema: { type: "object", properties: { city: { type: "string" } } } }],
    prompt: "weather in Lisbon",
  },
  "web-search": { tools: [{ type: "web_search_20260209", name: "web_search" }], prompt: "news about tides" },
  "max-tokens": { max_tokens: 20, prompt: "cut short" },
  "stop-sequence": { stop_sequences: ["###"], prompt: "stop at the heading" },
  pause: { prompt: "long research [[pause]]" },
  refusal: { prompt: "something refused [[refusal]]" },
};

const gammaCases = {
  reasoning: { reasoning: { effort: "low", summary: "auto" }, prompt: "reason about tea" },
  tool: {
    tools: [{ type: "function", name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
    prompt: "weather in Lisbon",
  },
  "web-search": { tools: [{ type: "web_search" }], include: ["web_search_call.action.sources"], prompt: "news about tides" },
  incomplete: { max_output_tokens: 20, prompt: "cut short" },
  failed: { prompt: "doomed [[fail]]" },
};

const betaCases = {
  thoughts: { config: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } }, prompt: "think about tea" },
  tool: {
    config: { tools: [{ functionDeclarations: [{ name: "get_weather", parameters: { type: "OBJECT", properties: { city: { type: "STRING" } } } }] }] },
    prompt: "weather in Lisbon",
  },
  "max-tokens": { config: { maxOutputTokens: 20 }, prompt: "cut short" },
  blocked: { prompt: "blocked at input [[block]]" },
};

// betaFold folds streamed chunks the way the SDK's own .text does, part by
// part: the SDK has no stream accumulator for this protocol.
function betaFold(r) {
  const parts = r.candidates?.[0]?.content?.parts ?? [];
  return {
    text: parts.filter((p) => !p.thought && p.text).map((p) => p.text).join(""),
    thought: parts.filter((p) => p.thought).map((p) => p.text).join(""),
    calls: parts.filter((p) => p.functionCall).map((p) => ({ name: p.functionCall.name, args: p.functionCall.args })),
    finish: r.candidates?.[0]?.finishReason ?? null,
    usage: plain(r.usageMetadata ?? null),
    feedback: plain(r.promptFeedback ?? null),
  };
}

// agreeChecks returns the checks, by name, for sdk-check.mjs to run.
export function agreeChecks({ alpha, beta, gamma, maxTokens }) {
  const checks = {};
  for (const [name, { prompt, ...opts }] of Object.entries(alphaCases)) {
    checks[`agree/alpha/${name}`] = async () => {
      const req = { model: "sim-alpha", max_tokens: maxTokens, messages: [{ role: "user", content: prompt }], ...opts };
      const whole = plain(await alpha.messages.create(req), true);
      const folded = plain(await alpha.messages.stream(req).finalMessage(), true);
      // The streamed server_tool_use start carries no caller, as recorded
      // from the real protocol (PROTOCOLS.md, content_block_start), while
      // the whole message has one.
      for (const b of whole.content) if (b.type === "server_tool_use") delete b.caller;
      return diff(whole, folded);
    };
  }
  for (const [name, { prompt, ...opts }] of Object.entries(gammaCases)) {
    checks[`agree/gamma/${name}`] = async () => {
      const req = { model: "sim-gamma", input: prompt, ...opts };
      const whole = plain(await gamma.responses.create(req), true);
      const folded = plain(await gamma.responses.stream(req).finalResponse(), true);
      return diff(whole, folded);
    };
  }
  for (const [name, { prompt, ...opts }] of Object.entries(betaCases)) {
    checks[`agree/beta/${name}`] = async () => {
      const req = { model: "sim-beta", contents: prompt, ...opts };
      const whole = betaFold(await beta.models.generateContent(req));
      const acc = { text: "", thought: "", calls: [], finish: null, usage: null, feedback: null };
      for await (const chunk of await beta.models.generateContentStream(req)) {
        const f = betaFold(chunk);
        acc.text += f.text;
        acc.thought += f.thought;
        acc.calls.push(...f.calls);
        acc.finish = f.finish ?? acc.finish;
        acc.usage = f.usage ?? acc.usage;
        acc.feedback = f.feedback ?? acc.feedback;
      }
      return diff(whole, acc);
    };
  }
  return checks;
}
