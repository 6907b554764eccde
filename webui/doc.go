// Package webui is a web front end for one Claude Code session on this
// machine: a page that shows the session live and drives it, as
// integrators' web front ends do with the stream-json protocol.
//
// [New] starts the session with package claude ([claude.Connect]) and
// returns a [Server]; [Server.Start] serves its page on a loopback
// address, and its URL (with a secret token) opens it:
//
//	s, err := webui.New(ctx, claude.Options{WorkDir: dir})
//	if err != nil { ... }
//	defer s.Close()
//	if err := s.Start("127.0.0.1:0"); err != nil { ... }
//	fmt.Println(s.URL)
//
// The page shows the model's text as it streams (partial messages), its
// thinking, each tool call with its input and its result folded in
// <details> blocks, and each turn's outcome with its cost and tokens and
// the session's. It asks the CLI's permission questions (can_use_tool)
// with the tool's name and input and Allow and Deny buttons, has an
// Interrupt button ([claude.Client.Interrupt]) and a prompt box for the
// next turns. Several pages may show one session; each sees every event
// from the start, and the first answer to a permission question wins.
//
// The server talks to the page with server-sent events (GET /events) and
// JSON POSTs (/api/prompt, /api/permission, /api/interrupt); see
// [Server] for the checks that keep other sites and other users of the
// machine out. The page is one HTML file with its script and style inline
// (no build step), shows every text with textContent and runs under a
// Content-Security-Policy that allows its own script and style alone.
//
// The command "ccwire web" serves it (see docs/web.md).
package webui
