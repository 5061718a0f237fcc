// Package jsonw writes JSON by hand, for the solver worker's results:
// each answer type has an AppendJSON method in its own package that
// writes it field by field. With encoding/json and the reflection it
// needs, worker.wasm was some 70 KB larger (Brotli).
//
// What it writes is byte for byte what encoding/json's Marshal writes for
// the same values: keys in the order the fields are declared, strings
// escaped for HTML, []byte in base64, nil slices as null. The answers'
// tests hold each AppendJSON to that (see package jsonwtest).
//
// It imports nothing of gridsolve, so any game package can use it. The
// worker builds it without inlining (see the Makefile's WORKERFLAGS): its
// calls are many and it runs once a job.
package jsonw

import (
	"encoding/base64"
	"errors"
	"math"
	"strconv"
	"unicode/utf8"
)

// Appender is a value that writes itself as one JSON value, as
// encoding/json would write it.
type Appender interface {
	AppendJSON(w *Writer)
}

// Writer appends JSON values to a byte slice, with commas between the
// values and keys of an object or array. Every method writing a value
// takes the key it has in the object being written, or "" when it has
// none: an array's element, or the outermost value. A value JSON cannot
// hold (a NaN) is an error, which JSON returns.
type Writer struct {
	b     []byte
	comma bool // a value was written that a next one must follow with ','
	err   error
}

// JSON returns what was written, or the first error.
func (w *Writer) JSON() ([]byte, error) {
	if w.err != nil {
		return nil, w.err
	}
	return w.b, nil
}

// start starts a value: a comma if one is due, then key and a colon if key
// is not "".
func (w *Writer) start(key string) {
	if w.comma {
		w.b = append(w.b, ',')
	}
	w.comma = true
	if key != "" {
		w.b = appendString(w.b, key)
		w.b = append(w.b, ':')
	}
}

// Value writes a, which writes itself.
func (w *Writer) Value(key string, a Appender) {
	w.start(key)
	w.comma = false
	a.AppendJSON(w)
	w.comma = true
}

// Object starts an object; End ends it.
func (w *Writer) Object(key string) {
	w.start(key)
	w.b = append(w.b, '{')
	w.comma = false
}

// End ends the object Object started.
func (w *Writer) End() {
	w.b = append(w.b, '}')
	w.comma = true
}

// Array starts an array of values the caller writes one by one, each
// with key ""; EndArray ends it. A nil slice is null: see Null.
func (w *Writer) Array(key string) {
	w.start(key)
	w.b = append(w.b, '[')
	w.comma = false
}

// EndArray ends the array Array started.
func (w *Writer) EndArray() {
	w.b = append(w.b, ']')
	w.comma = true
}

// Null writes null when isNil, and says so: a nil pointer or slice is null.
func (w *Writer) Null(key string, isNil bool) bool {
	if isNil {
		w.start(key)
		w.b = append(w.b, "null"...)
	}
	return isNil
}

func (w *Writer) Bool(key string, v bool) {
	w.start(key)
	w.b = strconv.AppendBool(w.b, v)
}

func (w *Writer) Int(key string, n int64) {
	w.start(key)
	w.b = strconv.AppendInt(w.b, n, 10)
}

// Float writes f as encoding/json does: the shortest decimal that reads
// back as f, in exponent form only for the very small and very large. NaN
// and the infinities are an error, as there.
func (w *Writer) Float(key string, f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if w.err == nil {
			w.err = errors.New("json: unsupported value: " + strconv.FormatFloat(f, 'g', -1, 64))
		}
		return
	}
	w.start(key)
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	w.b = strconv.AppendFloat(w.b, f, format, -1, 64)
	if format == 'e' { // 1e-07 becomes 1e-7
		n := len(w.b)
		if n >= 4 && w.b[n-4] == 'e' && w.b[n-3] == '-' && w.b[n-2] == '0' {
			w.b[n-2] = w.b[n-1]
			w.b = w.b[:n-1]
		}
	}
}

// String writes s quoted as encoding/json does by default.
func (w *Writer) String(key, s string) {
	w.start(key)
	w.b = appendString(w.b, s)
}

// appendString appends s quoted as encoding/json does by default: also
// escaping <, > and & (for HTML), U+2028 and U+2029 (for JavaScript), and
// writing invalid UTF-8 as U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// Base64 writes b in base64, as encoding/json does with a []byte.
func (w *Writer) Base64(key string, b []byte) {
	if w.Null(key, b == nil) {
		return
	}
	w.start(key)
	w.b = append(w.b, '"')
	w.b = base64.StdEncoding.AppendEncode(w.b, b)
	w.b = append(w.b, '"')
}

// list starts an array, or writes null and says so when isNil. The slice
// writers loop over their elements and end the array themselves: in
// WebAssembly, each closure or small function costs half a kilobyte.
func (w *Writer) list(key string, isNil bool) bool {
	if w.Null(key, isNil) {
		return false
	}
	w.start(key)
	w.b = append(w.b, '[')
	w.comma = false
	return true
}

func (w *Writer) Bools(key string, v []bool) {
	if w.list(key, v == nil) {
		for _, x := range v {
			w.Bool("", x)
		}
		w.b = append(w.b, ']')
		w.comma = true
	}
}

func (w *Writer) Ints(key string, v []int) {
	if w.list(key, v == nil) {
		for _, x := range v {
			w.Int("", int64(x))
		}
		w.b = append(w.b, ']')
		w.comma = true
	}
}

func (w *Writer) Floats(key string, v []float64) {
	if w.list(key, v == nil) {
		for _, x := range v {
			w.Float("", x)
		}
		w.b = append(w.b, ']')
		w.comma = true
	}
}

func (w *Writer) Strings(key string, v []string) {
	if w.list(key, v == nil) {
		for _, x := range v {
			w.String("", x)
		}
		w.b = append(w.b, ']')
		w.comma = true
	}
}
