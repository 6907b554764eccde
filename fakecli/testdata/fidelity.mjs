// Drives the TypeScript Agent SDK against a CLI, real or fake, for
// fakecli's TestFidelitySDK. Usage:
//
//   SDK_ENTRY=.../sdk.mjs CLAUDE_PATH=.../claude node fidelity.mjs CASE
//
// CASE: text, multi-turn, allow, deny, interrupt, mode-and-model, hook,
// sdk-mcp, structured-output, resume. Every message the SDK yields is
// printed as a JSON line; the last line is {"done":true,...} with what the
// callbacks saw, or {"done":true,"error":"..."} when query() threw.
import { pathToFileURL } from "node:url";

const sdk = await import(pathToFileURL(process.env.SDK_ENTRY).href);
const mode = process.argv[2];
const counts = { asked: 0, hooked: 0, called: 0 };
const base = {
  pathToClaudeCodeExecutable: process.env.CLAUDE_PATH,
  env: { ...process.env },
  cwd: process.env.WORK_DIR || process.cwd(),
  stderr: (s) => process.stderr.write(s),
};
const skip = { permissionMode: "bypassPermissions", allowDangerouslySkipPermissions: true };

function user(text) {
  return { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null, session_id: "" };
}

// turns is a streamed prompt of the given texts, each sent once the
// previous turn's result came.
function turns(texts, state) {
  return (async function* () {
    for (const t of texts) {
      const seen = new Promise((resolve) => (state.resultSeen = resolve));
      yield user(t);
      await seen;
    }
  })();
}

async function run(prompt, options, state, onMessage) {
  const q = sdk.query({ prompt, options: { ...base, ...options } });
  if (state) state.q = q;
  for await (const m of q) {
    console.log(JSON.stringify(m));
    if (onMessage) await onMessage(q, m);
    if (m.type === "result" && state && state.resultSeen) state.resultSeen();
  }
  return q;
}

try {
  const state = {};
  switch (mode) {
    case "text":
      await run("Say hello.", {});
      break;
    case "multi-turn":
      await run(turns(["First question.", "Second question."], state), {}, state);
      break;
    case "allow":
    case "deny":
      await run(turns(["Run the command."], state), {
        permissionMode: "default",
        canUseTool: async (toolName, input) => {
          counts.asked++;
          return mode === "allow" ? { behavior: "allow", updatedInput: input } : { behavior: "deny", message: "Not in tests." };
        },
      }, state);
      break;
    case "interrupt": {
      let interrupted = false;
      await run(turns(["Tell me something long.", "Try again."], state), { includePartialMessages: true }, state, async (q, m) => {
        if (!interrupted && m.type === "stream_event" && m.event.type === "content_block_delta") {
          interrupted = true;
          await q.interrupt();
        }
      });
      break;
    }
    case "mode-and-model": {
      const prompt = (async function* () {
        await state.ready;
        yield user("Say hi.");
        await new Promise((resolve) => (state.resultSeen = resolve));
      })();
      let ready;
      state.ready = new Promise((resolve) => (ready = resolve));
      const q = sdk.query({ prompt, options: base });
      await q.setPermissionMode("acceptEdits");
      await q.setModel("claude-haiku-4-5");
      ready();
      for await (const m of q) {
        console.log(JSON.stringify(m));
        if (m.type === "result") state.resultSeen();
      }
      break;
    }
    case "hook":
      await run(turns(["Write out.txt."], state), {
        ...skip,
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [async () => {
            counts.hooked++;
            return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "writing files is not allowed here" } };
          }] }],
        },
      }, state);
      break;
    case "sdk-mcp": {
      const { createRequire } = await import("node:module");
      const { z } = createRequire(process.env.SDK_ENTRY)("zod");
      const calc = sdk.createSdkMcpServer({
        name: "calc",
        version: "1.0.0",
        tools: [
          sdk.tool("add", "Add two numbers", { a: z.number(), b: z.number() }, async ({ a, b }) => {
            counts.called++;
            return { content: [{ type: "text", text: String(a + b) }] };
          }),
          sdk.tool("divide", "Divide two numbers", { a: z.number(), b: z.number() }, async () => {
            counts.called++;
            return { content: [{ type: "text", text: "division by zero" }], isError: true };
          }),
        ],
      });
      await run(turns(["Add 2 and 3, then divide 1 by 0."], state), { ...skip, mcpServers: { calc } }, state);
      break;
    }
    case "structured-output":
      await run(turns(["What is the capital of France?"], state), {
        ...skip,
        outputFormat: { type: "json_schema", schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
      }, state);
      break;
    case "resume": {
      const id = "5d1c7a2e-8f4b-4c3a-9e6d-1a2b3c4d5e6f";
      await run("Remember 42.", { ...skip, extraArgs: { "session-id": id } });
      await run("What was the number?", { ...skip, resume: id });
      break;
    }
    default:
      throw new Error("unknown case " + mode);
  }
  console.log(JSON.stringify({ done: true, ...counts }));
} catch (e) {
  console.log(JSON.stringify({ done: true, ...counts, error: String(e && e.stack || e) }));
}
