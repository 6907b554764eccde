package jsonwire

import (
	"math"
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string. Quotes, backslashes and control
// characters are escaped (\n, \r, \t, \b, \f or \u00XX), invalid UTF-8 is
// written as \ufffd, everything else is written as is, as JavaScript's
// JSON.stringify does.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendInt appends an integer.
func AppendInt(dst []byte, n int64) []byte { return strconv.AppendInt(dst, n, 10) }

// AppendFloat appends a float64 the way JavaScript prints numbers: the
// shortest text that reads back as the same value, in exponent form only
// below 1e-6 or from 1e21 up. NaN and infinities, which JSON cannot hold,
// are written as null, as JSON.stringify does.
func AppendFloat(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	abs := math.Abs(f)
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		n := len(dst)
		dst = strconv.AppendFloat(dst, f, 'e', -1, 64)
		// JavaScript writes 1e-7 and 1e+21, Go 1e-07 and 1e+21: drop the
		// exponent's leading zero.
		if m := len(dst); m-n >= 4 && dst[m-4] == 'e' && dst[m-3] == '-' && dst[m-2] == '0' {
			dst[m-2] = dst[m-1]
			dst = dst[:m-1]
		}
		return dst
	}
	return strconv.AppendFloat(dst, f, 'f', -1, 64)
}

// AppendBool appends true or false.
func AppendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}
