package stubapi

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadUnknown checks readUnknown, which reads a body of unknown length
// in blocks: what it returns for bodies of one and of many blocks, read a
// byte at a time or all at once, for a body cut short (the error, not a
// shorter body) and for one over the limit (its first MaxRecordedBody
// bytes and the error).
func TestReadUnknown(t *testing.T) {
	t.Parallel()
	small := strings.Repeat("a", 100)
	large := strings.Repeat("0123456789", 300<<10) // 3 MB, many blocks
	for _, tt := range []struct {
		name string
		r    io.Reader
		want string
	}{
		{"empty", strings.NewReader(""), ""},
		{"small", strings.NewReader(small), small},
		{"one block exactly", strings.NewReader(large[:firstBodyBlock]), large[:firstBodyBlock]},
		{"large", strings.NewReader(large), large},
		{"large, a byte at a time", iotest.OneByteReader(strings.NewReader(large[:100<<10])), large[:100<<10]},
	} {
		got, err := readUnknown(tt.r)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s: %d bytes, %v; want %d bytes", tt.name, len(got), err, len(tt.want))
		}
	}
	cut := io.MultiReader(strings.NewReader(large[:10000]), iotest.ErrReader(io.ErrUnexpectedEOF))
	if got, err := readUnknown(cut); !errors.Is(err, io.ErrUnexpectedEOF) || string(got) != large[:10000] {
		t.Errorf("a body cut short: %d bytes, %v; want the 10000 bytes read and io.ErrUnexpectedEOF", len(got), err)
	}
	over := io.MultiReader(strings.NewReader(large), iotest.ErrReader(&http.MaxBytesError{Limit: int64(len(large))}))
	got, err := readUnknown(over)
	if !errors.As(err, new(*http.MaxBytesError)) || !bytes.Equal(got, []byte(large[:MaxRecordedBody])) {
		t.Errorf("a body over the limit: %d bytes, %v; want its first %d bytes and the *http.MaxBytesError", len(got), err, MaxRecordedBody)
	}
}
