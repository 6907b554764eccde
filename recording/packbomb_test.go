package recording

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"runtime"
	"testing"
)

// bombStream returns a DEFLATE stream of about size/1000 bytes that
// decompresses to size zero bytes (a multiple of 1 MiB): one flushed
// block of a MiB of zeros, then the next one, whose matches reach back
// into zeros only, repeated.
func bombStream(t testing.TB, size int) []byte {
	t.Helper()
	var z bytes.Buffer
	zw, err := flate.NewWriter(&z, flate.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	mib := make([]byte, 1<<20)
	zw.Write(mib)
	zw.Flush()
	head := len(z.Bytes())
	zw.Write(mib)
	zw.Flush()
	first := bytes.Clone(z.Bytes()[:head])
	next := bytes.Clone(z.Bytes()[head:])
	out := append(first, bytes.Repeat(next, size>>20-1)...)
	return append(out, 1, 0, 0, 0xff, 0xff) // an empty final stored block
}

// craftPack assembles a pack of the given blocks and index parts, their
// table entries (n and crc are set from the bytes) and compressed bytes.
func craftPack(blocks []packSpan, zblocks [][]byte, parts []packSpan, zparts [][]byte) []byte {
	var body []byte
	for i, z := range zparts {
		parts[i].n, parts[i].crc = len(z), crc32.Checksum(z, packCRC)
		body = append(body, z...)
	}
	for i, z := range zblocks {
		blocks[i].n, blocks[i].crc = len(z), crc32.Checksum(z, packCRC)
		body = append(body, z...)
	}
	table := appendParts(appendParts(nil, blocks), parts)
	out := append([]byte(packMagic), binary.AppendUvarint(nil, uint64(len(table)))...)
	out = append(out, table...)
	out = binary.BigEndian.AppendUint32(out, crc32.Checksum(table, packCRC))
	return append(out, body...)
}

// TestPackBombs opens packs whose index part or block declares, or
// inflates to, a GiB or more, and reads them: each must be an error
// wrapping ErrBadPack, from OpenPack or the read, having allocated
// little. Before the index was bounded, opening a pack whose index
// inflates to 1 GiB succeeded and allocated 3.6 GiB.
func TestPackBombs(t *testing.T) {
	// Not parallel: it counts the bytes the process allocates.
	bomb := bombStream(t, 1<<30)
	deflated := func(data []byte) []byte {
		z, err := deflate(data)
		if err != nil {
			t.Fatal(err)
		}
		return z
	}
	entry := binary.AppendUvarint([]byte{0, 1, 'a'}, 0) // "a", in block 0…
	entry = binary.AppendUvarint(entry, 0)              // …at 0…
	entry = binary.AppendUvarint(entry, 5)              // …5 bytes
	index := deflated(entry)
	block := deflated([]byte("hello"))
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"index declares 1 GiB", craftPack([]packSpan{{size: 5}}, [][]byte{block}, []packSpan{{size: 1 << 30, first: "a"}}, [][]byte{bomb})},
		{"index inflates to 1 GiB", craftPack([]packSpan{{size: 5}}, [][]byte{block}, []packSpan{{size: len(entry), first: "a"}}, [][]byte{bomb})},
		{"block declares 1 TiB", craftPack([]packSpan{{size: 1 << 40}}, [][]byte{block}, []packSpan{{size: len(entry), first: "a"}}, [][]byte{index})},
		{"block declares 1 GiB", craftPack([]packSpan{{size: 1 << 30}}, [][]byte{bomb}, []packSpan{{size: len(entry), first: "a"}}, [][]byte{index})},
		{"block inflates to 1 GiB", craftPack([]packSpan{{size: 5}}, [][]byte{bomb}, []packSpan{{size: len(entry), first: "a"}}, [][]byte{index})},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		p, err := OpenPack(tc.data)
		if err == nil {
			_, err = fs.ReadFile(p, "a")
		}
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrBadPack) {
			t.Errorf("%s: OpenPack and ReadFile = %v, want ErrBadPack", tc.name, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%s: reading a %d-byte pack allocated %d MiB, want at most 64", tc.name, len(tc.data), alloc>>20)
		}
	}
	// The same pack with a sound block reads back.
	p, err := OpenPack(craftPack([]packSpan{{size: 5}}, [][]byte{block}, []packSpan{{size: len(entry), first: "a"}}, [][]byte{index}))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := fs.ReadFile(p, "a"); err != nil || string(got) != "hello" {
		t.Errorf("ReadFile(a) = %q, %v; want hello", got, err)
	}
}
