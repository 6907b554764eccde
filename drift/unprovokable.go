package drift

// Unprovokable is an item of the protocol model that no scenario can make
// the CLI send or write here, sealed off with a fake Messages API: a
// finding, with what was tried and on which versions.
type Unprovokable struct {
	// Item is the control request subtype, stdout kind or hook event.
	Item ProtocolItem `json:"item"`
	// CLI is the versions the reason holds for (a constraint, as a
	// scenario's), "" for every version.
	CLI string `json:"cli,omitempty"`
	// Reason says what the CLI needs to send or write it (Anthropic's
	// servers, a claude.ai login, a remote session...).
	Reason string `json:"reason"`
	// Tried says what was tried, and what the CLI did.
	Tried string `json:"tried"`
	// Versions are the CLI versions it was tried on.
	Versions []string `json:"versions"`
}

// Unprovokables returns the items of the model that cannot be provoked
// here, each with the evidence. ccwire spec --coverage gives an item no
// recording holds its reason from here; TestUnprovokables checks that
// each names an item of the model and that no recording contradicts it.
func Unprovokables() []Unprovokable {
	return []Unprovokable{
		{
			Item: ProtocolItem{Group: GroupStdout, Name: "system/mirror_error"},
			Reason: "The CLI never writes it on stdout: the TypeScript SDK makes it in its own process, when the SessionStore " +
				"passed to query() rejects or times out a batch of the transcript mirror, and yields it with the CLI's messages.",
			Tried: "Read the CLI's code for a writer of subtype mirror_error: the one builder is the SDK's Query.reportMirrorError " +
				"(also bundled in the CLI binary), which enqueues it to the SDK's input stream from the mirror batcher's onError; " +
				"2.1.37 has no mirror_error at all, and sdk.mjs of SDK 0.3.332 holds the same Query.reportMirrorError.",
			Versions: []string{"2.1.37", "2.1.150", "2.1.332"},
		},
		{
			Item: ProtocolItem{Group: GroupStdout, Name: "system/worker_shutting_down"},
			Reason: "Only the Remote Control bridge writes it, to a remote session's transport, when the signed-in claude.ai " +
				"account changes under the session or the bridge tears the session down: it needs a claude.ai login and a " +
				"Remote Control session on Anthropic's servers, which the sealed-off runs with a dummy key have not.",
			Tried: "Read the CLI's code for a writer of subtype worker_shutting_down: one builder, called only from the " +
				"[remote-bridge] code (bridge_repl_v2: account changed; teardown), never from print mode's stdout; " +
				"2.1.37 and 2.1.150 have no worker_shutting_down at all (2.1.250 and 2.1.332 do).",
			Versions: []string{"2.1.37", "2.1.150", "2.1.250", "2.1.332"},
		},
		{
			Item: ProtocolItem{Group: GroupStdout, Name: "system/local_command_output"},
			Reason: "No version writes it on stdout: the model has it from the SDK's message schema, and the CLI itself only " +
				"reads it, in the adapter that turns a remote session's messages into transcript rows. In print mode a slash " +
				"command's output is written as an assistant message from the model \"<synthetic>\" followed by a result.",
			Tried: "Read the CLI's code for the string local_command_output as a subtype on every installed version from " +
				"2.1.29 to 2.1.332: 2.1.29 to 2.1.52 have none; 2.1.64 and later have only the schema's literal and, in the later ones, " +
				"the remote adapter's comparison; no builder of such a line. Sent /cost, /context, /status and " +
				"/release-notes as user messages on 2.1.150 and 2.1.332: each turn wrote system/init, an assistant message " +
				"(model \"<synthetic>\") and result/success, and no system/local_command_output.",
			Versions: []string{"2.1.37", "2.1.150", "2.1.250", "2.1.332"},
		},
		{
			Item: ProtocolItem{Group: GroupStdout, Name: "system/files_persisted"},
			Reason: "No CLI version writes it: the CLI's code declares the message (its zod schema, in the SDK's message union) " +
				"and lists its subtype among those a reader skips or keeps off the transcript, but no code builds one, so " +
				"no flag, variable or setting makes print mode write it.",
			Tried: "Read every occurrence of files_persisted and of its member processed_at in the CLI's code: 2.1.37 has the " +
				"schema alone; the later versions read name it only in the schema, in the lists of subtypes that a stream reader " +
				"skips (subtype === \"files_persisted\") and, from 2.1.250, in the set of system subtypes kept off the transcript; " +
				"processed_at occurs in the schema only. No object literal with this subtype exists to be written.",
			Versions: []string{"2.1.37", "2.1.113", "2.1.150", "2.1.199", "2.1.250", "2.1.300", "2.1.332"},
		},
	}
}
