// Drives the TypeScript Agent SDK (@anthropic-ai/claude-agent-sdk) against a
// fake CLI, for fakecli's interop test. Usage:
//
//   SDK_ENTRY=.../sdk.mjs FAKE_CLAUDE=.../claude node sdk.mjs MODE
//
// MODE: oneshot (a string prompt), multi (a streamed two-turn session),
// interrupt (q.interrupt() on the first text delta, then a second turn),
// permission-allow / permission-deny (canUseTool answers). Every message the
// SDK yields is printed as a JSON line; the last line is
// {"done":true,"asked":N}.
import { pathToFileURL } from "node:url";

const sdk = await import(pathToFileURL(process.env.SDK_ENTRY).href);
const mode = process.argv[2];
let asked = 0;
const options = {
  pathToClaudeCodeExecutable: process.env.FAKE_CLAUDE,
  env: { ...process.env },
  stderr: (s) => process.stderr.write(s),
};

function user(text) {
  return { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null, session_id: "" };
}

let prompt = "Say hello.";
let resultSeen = () => {};
if (mode === "multi") {
  prompt = (async function* () {
    const first = new Promise((resolve) => (resultSeen = resolve));
    yield user("First question.");
    await first;
    yield user("Second question.");
  })();
} else if (mode === "interrupt") {
  options.includePartialMessages = true;
  prompt = (async function* () {
    const first = new Promise((resolve) => (resultSeen = resolve));
    yield user("Tell me something long.");
    await first;
    yield user("Try again.");
  })();
} else if (mode.startsWith("permission")) {
  prompt = (async function* () {
    const done = new Promise((resolve) => (resultSeen = resolve));
    yield user("Write the file.");
    await done;
  })();
  options.canUseTool = async (toolName, input) => {
    asked++;
    if (mode === "permission-allow") return { behavior: "allow", updatedInput: input };
    return { behavior: "deny", message: "Not in tests." };
  };
}

const q = sdk.query({ prompt, options });
let interrupted = false;
for await (const m of q) {
  console.log(JSON.stringify(m));
  if (mode === "interrupt" && !interrupted && m.type === "stream_event" && m.event.type === "content_block_delta") {
    interrupted = true;
    await q.interrupt();
  }
  if (m.type === "result") resultSeen(); // lets a multi-turn prompt go on
}
console.log(JSON.stringify({ done: true, asked }));
