package fakecli

import (
	"fmt"

	"github.com/ccwire/ccwire/recording"
)

// ParseRecording reads a recording for playing: what
// recording.ParseRecording reads, but without the API requests and side
// requests, which a fake CLI has no use for and which make up most of a
// recording's bytes (the system prompt and tool definitions the CLI sent);
// see recording.ParseRecordingLines. It accepts what
// recording.ParseRecording accepts.
func ParseRecording(data []byte) (*recording.Recording, error) {
	rec, err := recording.ParseRecordingLines(data)
	if err != nil {
		return nil, fmt.Errorf("fakecli: %w", err)
	}
	return rec, nil
}
