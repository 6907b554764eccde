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
	return []Unprovokable{}
}
