// sdk-check.mjs <baseURL>: the official TypeScript SDKs, pinned in
// package-lock.json, talk to the simulator at baseURL. Each check prints one
// JSON line {check, prompt, text, usage: {input, output}, ok, error, ...} to
// stdout; the Go test (client/sim/conformance_test.go) compares them with
// what the simulator meant. The agree/... checks (sdk-agree.mjs) compare
// streamed and whole replies with features on. Exit status 1 when any check
// failed.
//
// The SDKs keep their own retries and timeouts off or short, so that a
// protocol mismatch surfaces as an error instead of a slow retry loop.

import AlphaSDK from "@anthropic-ai/sdk";
import GammaSDK from "openai";
import { GoogleGenAI as BetaSDK } from "@google/genai";
import { createHash } from "node:crypto";
import { agreeChecks } from "./sdk-agree.mjs";

const base = (process.argv[2] ?? "").replace(/\/+$/, "");
if (!/^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d+)?$/.test(base)) {
  console.error("usage: node sdk-check.mjs http://127.0.0.1:<port>  (loopback only)");
  process.exit(2);
}

// The keys the Go test gives the simulator, one per group.
const keys = {
  alpha: process.env.SIM_KEY_ALPHA ?? "ka",
  beta: process.env.SIM_KEY_BETA ?? "kb",
  gamma: process.env.SIM_KEY_GAMMA ?? "kg",
};

// Fixed prompts: one per check, so that a reply read by the wrong check
// cannot pass. The Go test holds the same table.
const prompts = {
  "alpha/messages": "conformance alpha whole reply",
  "alpha/messages-stream": "conformance alpha streamed reply",
  "alpha/messages-raw-stream": "conformance alpha raw event stream",
  "beta/generate": "conformance beta whole reply",
  "beta/generate-stream": "conformance beta streamed reply",
  "gamma/responses": "conformance gamma whole reply",
  "gamma/responses-stream": "conformance gamma streamed reply",
  "gamma/images": "conformance lighthouse in fog",
  "gamma/images-stream": "conformance harbour at dawn",
};

const MAX_TOKENS = 8192; // far above any plain reply, so none is cut short
const IMAGE_SIZE = "256x256";
const IMAGE_MODEL = "gamma/image-2";

// This SDK sends apiKey as Authorization: Bearer (client.mjs apiKeyAuth),
// which the interface accepts for alpha. The interface prefers X-Api-Key:
// alpha swaps the SDK's header for it (a null default header removes one),
// and alphaBearer keeps the SDK's own way.
const alphaOptions = {
  apiKey: keys.alpha,
  baseURL: `${base}/bypass/alpha`, // the SDK appends /v1/messages
  maxRetries: 0,
  timeout: 30_000,
};
const alpha = new AlphaSDK({ ...alphaOptions, defaultHeaders: { "X-Api-Key": keys.alpha, Authorization: null } });
const alphaBearer = new AlphaSDK(alphaOptions);

const gamma = new GammaSDK({
  apiKey: keys.gamma, // sent as Authorization: Bearer
  baseURL: `${base}/bypass/gamma/v1`, // the SDK appends /responses, /images/generations
  maxRetries: 0,
  timeout: 30_000,
});

// The SDK sends its key as x-goog-api-key, which the interface does not
// list for this group; the interface's X-Beta-Api-Key goes in as an extra
// header. (The SDK's own header alone is refused with 401: see
// "beta/own-header" below, which records that.)
const betaHTTP = {
  baseUrl: `${base}/bypass/beta`,
  apiVersion: "v1", // -> /bypass/beta/v1/models/{model}:generateContent
  headers: { "X-Beta-Api-Key": keys.beta },
  retryOptions: { attempts: 1 },
  timeout: 30_000,
};
const beta = new BetaSDK({ apiKey: keys.beta, httpOptions: betaHTTP });

// pngSize reads width and height from a PNG's IHDR chunk, and hashes the
// bytes so that the Go test can tell the very image the simulator sent.
function pngSize(b64) {
  const b = Buffer.from(b64, "base64");
  const sig = "89504e470d0a1a0a";
  if (b.length < 24 || b.subarray(0, 8).toString("hex") !== sig || b.subarray(12, 16).toString() !== "IHDR") {
    throw new Error(`not a PNG (${b.length} bytes)`);
  }
  return {
    width: b.readUInt32BE(16),
    height: b.readUInt32BE(20),
    bytes: b.length,
    sha256: createHash("sha256").update(b).digest("hex"),
  };
}

function must(cond, msg) {
  if (!cond) throw new Error(msg);
}

const alphaText = (msg) => msg.content.filter((b) => b.type === "text").map((b) => b.text).join("");

const checks = {
  async "alpha/messages"(prompt) {
    const msg = await alpha.messages.create({
      model: "sim-alpha",
      max_tokens: MAX_TOKENS,
      messages: [{ role: "user", content: prompt }],
    });
    must(msg.type === "message" && msg.role === "assistant", `type ${msg.type} role ${msg.role}`);
    must(msg.stop_reason === "end_turn", `stop_reason ${msg.stop_reason}`);
    return { text: alphaText(msg), usage: { input: msg.usage.input_tokens, output: msg.usage.output_tokens } };
  },

  // The SDK's MessageStream folds the events into the final message itself.
  async "alpha/messages-stream"(prompt) {
    const stream = alpha.messages.stream({
      model: "sim-alpha",
      max_tokens: MAX_TOKENS,
      messages: [{ role: "user", content: prompt }],
    });
    let deltas = "";
    stream.on("text", (t) => {
      deltas += t;
    });
    const msg = await stream.finalMessage();
    const text = alphaText(msg);
    must(deltas === text, "text deltas differ from the final message");
    must(msg.stop_reason === "end_turn", `stop_reason ${msg.stop_reason}`);
    return { text, usage: { input: msg.usage.input_tokens, output: msg.usage.output_tokens } };
  },

  // create({stream: true}) yields the raw events; every one must be a type
  // the SDK knows, in the protocol's order. Sent with the SDK's own Bearer.
  async "alpha/messages-raw-stream"(prompt) {
    const events = await alphaBearer.messages.create({
      model: "sim-alpha",
      max_tokens: MAX_TOKENS,
      messages: [{ role: "user", content: prompt }],
      stream: true,
    });
    let text = "";
    let input = -1;
    let output = -1;
    const seen = [];
    for await (const ev of events) {
      seen.push(ev.type);
      if (ev.type === "message_start") input = ev.message.usage.input_tokens;
      if (ev.type === "content_block_delta" && ev.delta.type === "text_delta") text += ev.delta.text;
      if (ev.type === "message_delta") output = ev.usage.output_tokens;
    }
    must(seen[0] === "message_start" && seen.at(-1) === "message_stop", `event order ${seen[0]} ... ${seen.at(-1)}`);
    return { text, usage: { input, output } };
  },

  async "beta/generate"(prompt) {
    const r = await beta.models.generateContent({ model: "sim-beta", contents: prompt });
    must(r.candidates?.[0]?.finishReason === "STOP", `finishReason ${r.candidates?.[0]?.finishReason}`);
    return { text: r.text, usage: { input: r.usageMetadata?.promptTokenCount, output: r.usageMetadata?.candidatesTokenCount } };
  },

  async "beta/generate-stream"(prompt) {
    const chunks = await beta.models.generateContentStream({ model: "sim-beta", contents: prompt });
    let text = "";
    let usage = {};
    let finish;
    for await (const c of chunks) {
      text += c.text ?? "";
      if (c.usageMetadata) usage = { input: c.usageMetadata.promptTokenCount, output: c.usageMetadata.candidatesTokenCount };
      finish = c.candidates?.[0]?.finishReason ?? finish;
    }
    must(finish === "STOP", `finishReason ${finish}`);
    return { text, usage };
  },

  async "gamma/responses"(prompt) {
    const r = await gamma.responses.create({ model: "sim-gamma", input: prompt });
    must(r.status === "completed", `status ${r.status}`);
    // output_text is computed by the SDK from the output items.
    return { text: r.output_text, usage: { input: r.usage?.input_tokens, output: r.usage?.output_tokens } };
  },

  // The SDK's ResponseStream rebuilds the response from the events and
  // checks their indexes as it goes.
  async "gamma/responses-stream"(prompt) {
    const stream = gamma.responses.stream({ model: "sim-gamma", input: prompt });
    let deltas = "";
    stream.on("response.output_text.delta", (ev) => {
      deltas += ev.delta;
    });
    const r = await stream.finalResponse();
    must(r.status === "completed", `status ${r.status}`);
    must(deltas === r.output_text, "text deltas differ from the final output_text");
    return { text: r.output_text, usage: { input: r.usage?.input_tokens, output: r.usage?.output_tokens } };
  },

  async "gamma/images"(prompt) {
    const r = await gamma.images.generate({ model: IMAGE_MODEL, prompt, size: IMAGE_SIZE });
    must(Array.isArray(r.data) && r.data.length === 1, `data has ${r.data?.length} images`);
    const img = pngSize(r.data[0].b64_json);
    return { text: "", images: [img], usage: { input: r.usage?.input_tokens, output: r.usage?.output_tokens } };
  },

  async "gamma/images-stream"(prompt) {
    const events = await gamma.images.generate({ model: IMAGE_MODEL, prompt, size: IMAGE_SIZE, stream: true, partial_images: 2 });
    const partials = [];
    let final;
    for await (const ev of events) {
      if (ev.type === "image_generation.partial_image") partials.push(pngSize(ev.b64_json));
      else if (ev.type === "image_generation.completed") final = ev;
      else throw new Error(`unexpected event ${ev.type}`);
    }
    must(final, "no image_generation.completed event");
    must(partials.length === 2, `${partials.length} partial images, want 2`);
    return {
      text: "",
      images: [pngSize(final.b64_json)],
      partials,
      usage: { input: final.usage?.input_tokens, output: final.usage?.output_tokens },
    };
  },
};

let failed = 0;
for (const [name, run] of Object.entries(checks)) {
  const prompt = prompts[name];
  const line = { check: name, prompt, text: "", usage: { input: null, output: null }, ok: false, error: "" };
  try {
    Object.assign(line, await run(prompt), { ok: true });
  } catch (err) {
    failed++;
    line.error = `${err?.constructor?.name ?? "Error"}: ${err?.message ?? err}`;
  }
  console.log(JSON.stringify(line));
}

// Streams with features on must fold, in the SDKs, to the whole reply.
for (const [name, run] of Object.entries(agreeChecks({ alpha, beta, gamma, maxTokens: MAX_TOKENS }))) {
  const line = { check: name, ok: false, error: "" };
  try {
    const diffs = await run();
    line.ok = diffs.length === 0;
    line.error = diffs.length === 0 ? "" : `the streamed reply, folded by the SDK, differs from the whole reply: ${diffs.join("; ")}`;
  } catch (err) {
    line.error = `${err?.constructor?.name ?? "Error"}: ${err?.message ?? err}`;
  }
  if (!line.ok) failed++;
  console.log(JSON.stringify(line));
}

// Not a check of the simulator but a record of a difference: the SDK's own
// credential header alone, without X-Beta-Api-Key.
{
  const bare = new BetaSDK({ apiKey: keys.beta, httpOptions: { ...betaHTTP, headers: {} } });
  const line = { check: "beta/own-header", prompt: "x", status: 200, ok: true, error: "" };
  try {
    await bare.models.generateContent({ model: "sim-beta", contents: "x" });
  } catch (err) {
    line.status = err?.status ?? 0;
    line.error = `${err?.constructor?.name ?? "Error"}: ${err?.message ?? err}`;
  }
  console.log(JSON.stringify(line));
}

process.exit(failed === 0 ? 0 : 1);
