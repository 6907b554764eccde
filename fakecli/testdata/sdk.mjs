// Drives the TypeScript Agent SDK (@anthropic-ai/claude-agent-sdk) against a
// fake CLI, for fakecli's interop test. Usage:
//
//   SDK_ENTRY=.../sdk.mjs FAKE_CLAUDE=.../claude node sdk.mjs MODE
//
// MODE: oneshot (a string prompt), multi (a streamed two-turn session),
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

for await (const m of sdk.query({ prompt, options })) {
  console.log(JSON.stringify(m));
  if (m.type === "result") resultSeen();
}
console.log(JSON.stringify({ done: true, asked }));
