// Package claude drives Claude Code CLI processes in stream-json mode.
//
// Provisioning is package cliinstall's: [cliinstall.Install] puts a pinned
// version of the CLI into a per-user cache with npm (or takes an explicit
// binary) and returns a [cliinstall.Binary] to run; [Connect] calls it
// when [Options.Binary] is not given.
//
// Driving: [Start] runs one CLI process with
// "-p --input-format stream-json --output-format stream-json --verbose".
// By default it runs as the Agent SDKs run it: the user's CLI in the
// caller's working directory with the caller's environment (less
// CLAUDECODE, with CLAUDE_CODE_ENTRYPOINT=sdk-go), so the user's login,
// settings, CLAUDE.md and proxies apply. [Isolation] seals it off for
// tests instead: its own HOME, config folder, working directory and
// temporary folder, a clean environment pointing it at a given API base
// URL (normally a fake of the Anthropic Messages API) with a dummy key, no
// network but that API's host, and updates, telemetry and other
// nonessential traffic off. A [Session] sends stdin messages ([Session.Send]),
// reads stdout messages ([Session.ReadTurn], [Session.ReadUntil],
// [Session.Messages]), keeps the tail of stderr and a transcript of both
// directions, and [Session.Close] leaves no process, goroutine or temporary
// folder behind.
//
// Clients: [Connect] starts a CLI as [Options] say (model, permission
// mode, tools, limits, prompts, session, partial messages...; each option
// maps to a CLI flag, checked against the CLI's version before the process
// starts) and performs the initialize handshake. A [Client] then runs
// turns ([Client.Query], [Client.Stream], [Client.ReceiveTurn],
// [Client.Events]) and speaks the control protocol: [Client.Interrupt],
// [Client.SetPermissionMode], [Client.SetModel],
// [Client.SetMaxThinkingTokens], and the CLI's permission requests, which
// [Options.CanUseTool] answers ([Allow], [AllowWithInput], [Deny],
// [AnswerQuestions] for AskUserQuestion...). [Query] does it all for one
// prompt.
//
// Hooks: [Options.Hooks] registers Go callbacks ([HookFunc]) by hook event
// and tool matcher in the initialize request, as the Agent SDKs do; the
// CLI calls them with hook_callback requests, whose input and output are
// typed ([protocol.HookInput], [protocol.HookOutput]). A PreToolUse hook
// can block a call ([BlockTool]), allow it ([AllowTool]) or change its
// input ([RewriteToolInput]); hooks add context for the model
// ([AddContext]), stop the session ([StopSession]) or drop a prompt
// ([BlockPrompt]).
//
// Bounds and errors: a misbehaving CLI cannot make a client hold without
// limit. Its control requests are answered by at most
// [Options.ControlHandlers] goroutines, the rest queued; more in flight
// than [Options.MaxControlQueue] allows, or more output held for reads
// than [Options.MaxBufferedBytes], ends the session with a [*LimitError]
// that names the option. Every deadline and cancellation (of a read, a
// send, a control request, [Options.ControlTimeout], a wait) is a
// [*ContextError] matching context.DeadlineExceeded or context.Canceled;
// a CLI that exits is an [*ExitError], a failed turn a [*TurnError].
//
// In-process MCP tools: [Options.MCPServers] runs [MCPServer] values in
// the client, as the SDKs' createSdkMcpServer does: tools are Go functions
// with a typed input struct ([NewTool]), whose JSON Schema [SchemaOf]
// derives from the struct. The client declares each server to the CLI as
// type "sdk" (--mcp-config, and sdkMcpServers in initialize) and answers
// the CLI's mcp_message requests (JSON-RPC initialize, tools/list,
// tools/call, ping, notifications); the model calls the tools as
// mcp__<server>__<tool>.
//
// Next to the Agent SDKs (the README has the full table, with the
// scenario or test that proves each row on the real CLIs):
//
//	feature                    Python SDK / TS SDK          ccwire
//	permission callback        can_use_tool / canUseTool    Options.CanUseTool
//	hooks (hook_callback)      hooks / hooks                Options.Hooks, BlockTool, RewriteToolInput, AddContext...
//	in-process MCP tools       create_sdk_mcp_server /      Options.MCPServers, NewTool
//	                           createSdkMcpServer
//	interrupt, mode, model     yes / yes                    Interrupt, SetPermissionMode, SetModel
//	mcp_status, rewind_files   yes / yes                    MCPStatus, RewindFiles
//	get_context_usage,         yes / 0.3.330                ContextUsage, StopTask (CLI 2.1.330; an
//	stop_task                                               [UnsupportedRequestError] at once on 2.1.37)
//	structured output          output_format / outputFormat Options.OutputSchema, Turn.StructuredOutput
//	max budget                 max_budget_usd /             Options.MaxBudgetUSD (--max-budget-usd)
//	                           maxBudgetUsd
//	setting sources            setting_sources /            Options.SettingSources (--setting-sources)
//	                           settingSources
//	programmatic subagents     agents / agents              Options.Agents, AgentDefinition (--agents)
//	resume a session           resume / resume              Options.Resume (--resume)
//	continue the latest one    continue_conversation /      Options.Continue (--continue)
//	                           continue
//	fork a resumed session     fork_session / forkSession   Options.ForkSession (--fork-session)
//	stderr callback            stderr / stderr              Options.Stderr
//	local plugins              plugins / plugins            Options.Plugins (--plugin-dir)
//	settings, sandbox          settings, sandbox / sandbox  Options.Settings, Options.Sandbox (one --settings)
//	file checkpointing         enable_file_checkpointing /  Options.FileCheckpointing, RewindFiles
//	                           enableFileCheckpointing
//	betas                      betas / betas                Options.Betas (--betas)
//	extra CLI flags            extra_args / extraArgs       Options.ExtraArgs
//
// Every request of the CLI gets an answer, so the CLI never waits on the
// client: those the client has no use for get an error answer naming the
// subtype.
//
// Memory: a session keeps a transcript of the lines in both directions
// ([Session.Transcript]); the CLI's lines cost no copy, as they are the
// bytes of the decoded messages. A [Session] started by [Start] keeps
// every line unless SessionConfig.TranscriptLines bounds it; a [Client]
// keeps the last [DefaultTranscriptLines] unless
// [Options.TranscriptLines] says otherwise ([TranscriptUnbounded] for
// all), so a long-lived client's memory stays bounded.
//
// What the CLI writes reaches the caller as [Event] values: text,
// thinking, tool calls, tool results (with the call they answer), streamed
// deltas assembled into their blocks, status and system messages, the
// result. Range over them, or implement a [Handler] (embedding
// [BaseHandler]) with one method per kind. Long tool results come whole;
// [Abbreviate] and [AbbreviateLines] shorten them for display. A handler
// set as [Options.Observer] sees every event the moment it is decoded, on
// the goroutine reading the CLI's stdout: the lowest latency, for live
// displays, at the price of returning quickly.
//
// A saved transcript gives the same events: [Events] translates messages
// read back with [protocol.Reader] as a client would, and [Replay] hands
// them to a handler, so the code that shows a live run shows a recorded one.
//
// Session history: the CLI keeps a transcript of each session under its
// config folder (projects/<project>/<session ID>.jsonl, with
// <session ID>/subagents/ beside it). [ListSessions] lists a project's
// sessions newest first ([SessionInfo]: summary, title, tag, first prompt,
// times, working directory, branch), [GetSessionInfo] describes one,
// [GetSessionMessages] yields its conversation and [SessionEntries] every
// line, as lossless [SessionEntry] values read as the file is; a bad line
// is a [*SessionFileError] with the file and line. [ListSubagents] and
// [GetSubagentMessages] read the subagents' transcripts. [RenameSession]
// and [TagSession] append the entries the CLI reads, [DeleteSession]
// removes a session, and [ForkSession] writes a new session with the
// source's messages up to a point, which [Options].Resume resumes. They
// are the TypeScript Agent SDK's listSessions, getSessionInfo,
// getSessionMessages, listSubagents, getSubagentMessages, renameSession,
// tagSession, deleteSession and forkSession; [HistoryOptions] chooses
// the config folder (default: CLAUDE_CONFIG_DIR, else ~/.claude) and the
// project.
//
//	turn, err := claude.Query(ctx, "What does main.go do?", claude.Options{
//		Handler: progress, // sees each event as it comes
//	})
//
// runs the `claude` on PATH with the user's login; a test of the same code
// gives Options{Isolation: &claude.Isolation{}, BaseURL: stub.URL()} to
// run it against a stubapi server, or puts the fake CLI of package fakecli
// first on PATH.
//
// The package runs on Linux, macOS and Windows: a session's CLI runs in a
// process group of its own on Unix and in a job object on Windows, and Close
// kills it with everything it started.
package claude

//go:generate go test -run TestParityTableFresh -update-parity .
