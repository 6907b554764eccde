package drift

// Channel says where a kind of message travels.
type Channel string

// The channels.
const (
	// Stdout is a line the CLI wrote on its stdout.
	Stdout Channel = "stdout"
	// Stdin is a line written to the CLI's stdin.
	Stdin Channel = "stdin"
	// API is a main-loop request the CLI sent to the Messages API; its
	// members are the request's "header" and "body".
	API Channel = "api"
	// SideAPI is a side request the CLI sent to the Messages API (token
	// counts, helper calls): only its kind is compared.
	SideAPI Channel = "side"
)

// Kind is a kind of message on one channel. For a protocol line, Name is
// what [protocol.Kind.String] names it: "system/init", "result/success",
// "assistant/tool_use" (an assistant message by the type of its first
// content block; the other block types of a message count as kinds too),
// "user" (a user message with string content), "user/text",
// "user/tool_result",
// "stream_event/content_block_delta/text_delta",
// "control_request/can_use_tool", and "control_response/success
// (initialize)" for an answer, with the subtype of the request it answers
// when the run shows it. For an API request Name is the method, path and
// query ("POST /v1/messages?beta=true"); for a side request, also the
// reason it is one.
type Kind struct {
	Channel Channel `json:"channel"`
	Name    string  `json:"name"`
}

// String returns the channel and the name, "stdout system/init".
func (k Kind) String() string { return string(k.Channel) + " " + k.Name }

// compareKinds orders kinds by channel (stdout, stdin, api, side), then
// by name.
func compareKinds(a, b Kind) int {
	if a.Channel != b.Channel {
		return channelRank(a.Channel) - channelRank(b.Channel)
	}
	switch {
	case a.Name < b.Name:
		return -1
	case a.Name > b.Name:
		return 1
	}
	return 0
}

func channelRank(c Channel) int {
	switch c {
	case Stdout:
		return 0
	case Stdin:
		return 1
	case API:
		return 2
	case SideAPI:
		return 3
	}
	return 4
}
