//go:build !race

package transcript_test

// largeResultSize is the tool result TestHTMLLargeTranscript renders.
const largeResultSize = 100 << 20
