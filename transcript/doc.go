// Package transcript turns a Claude Code stream-json transcript into
// something people read: a Markdown progress report ([RenderMarkdown]),
// comment-sized posts for a bot ([Splitter]), figures ([Stats]) and a
// self-contained HTML page ([RenderHTML]).
//
// A transcript is what the CLI wrote on its stdout, one JSON message a
// line, from any CLI version, with or without partial messages
// (stream_event lines); a recording of package scenario (a .txtar file)
// is one too, through its stdout lines. [Messages] (or a [Reader]) reads
// either, tells them apart, and fails with a [FormatError] on anything
// else; [claude.Events] turns the messages into the events a live client
// would have delivered, which the renderers consume.
//
// Rendering streams: it keeps the calls not answered yet and the counters
// of the summary, not the transcript, so its memory follows the longest
// line, not the file's size; long tool results are cut for display
// ([claude.Abbreviate]).
package transcript
