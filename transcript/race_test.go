//go:build race

package transcript_test

// largeResultSize is the tool result TestHTMLLargeTranscript renders:
// small under the race detector, which slows byte loops tenfold.
const largeResultSize = 8 << 20
