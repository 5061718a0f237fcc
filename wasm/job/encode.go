package job

import (
	"encoding/base64"
	"errors"
	"math"
	"strconv"
	"unicode/utf8"

	"gridsolve/solvers"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
)

// The worker writes its results by hand rather than with encoding/json,
// which with the reflection it needs made worker.wasm some 70 KB larger
// (Brotli). The output is byte for byte what encoding/json's Marshal
// writes, field tags included, and the tests hold it to that.

// encodeResult writes res as JSON.
func encodeResult(res Result) ([]byte, error) {
	var w jsonWriter
	w.open()
	if res.Answer != nil {
		w.key("answer")
		w.answer(res.Answer)
	}
	if res.Error != "" {
		w.key("error")
		w.string(res.Error)
	}
	w.key("nodes")
	w.int(res.Nodes)
	w.key("ms")
	w.int(res.Millis)
	w.close()
	return w.b, w.err
}

// answer writes one of the answers a job can give.
func (w *jsonWriter) answer(a any) {
	switch a := a.(type) {
	case string: // generate
		w.string(a)
	case []bool: // replay
		w.bools(a)
	case int64: // count
		w.int(a)
	case solvers.Hint:
		w.open()
		w.key("cells")
		w.ints(a.Cells)
		w.key("move")
		w.string(a.Move)
		w.key("reason")
		w.string(a.Reason)
		w.close()
	case *flip.Answer:
		if w.null(a == nil) {
			return
		}
		w.open()
		w.key("possible")
		w.bool(a.Possible)
		w.key("presses")
		w.bytes(a.Presses)
		w.key("count")
		w.int(int64(a.Count))
		w.key("color")
		w.string(a.Color)
		w.key("minimal")
		w.bool(a.Minimal)
		w.key("solutions")
		w.int(int64(a.Solutions))
		w.close()
	case *iq.Answer:
		if w.null(a == nil) {
			return
		}
		w.open()
		w.key("solved")
		w.bool(a.Solved)
		w.key("rows")
		w.strings(a.Rows)
		w.key("solutions")
		w.int(int64(a.Solutions))
		w.key("nodes")
		w.int(a.Nodes)
		w.close()
	case *nonogram.Answer:
		if w.null(a == nil) {
			return
		}
		w.open()
		w.key("status")
		w.string(a.Status)
		w.key("grid")
		w.strings(a.Grid)
		if len(a.Other) > 0 {
			w.key("other")
			w.strings(a.Other)
		}
		w.close()
	case *ships.Answer:
		if w.null(a == nil) {
			return
		}
		w.open()
		w.key("w")
		w.int(int64(a.W))
		w.key("h")
		w.int(int64(a.H))
		w.key("win")
		w.bool(a.Win)
		w.key("grids")
		w.int(int64(a.Grids))
		w.key("gridsCapped")
		w.bool(a.GridsCapped)
		w.key("ship")
		w.floats(a.Ship)
		w.key("next")
		w.int(int64(a.Next))
		w.key("known")
		w.bytes(a.Known)
		w.close()
	case *tetravex.Answer:
		if w.null(a == nil) {
			return
		}
		w.open()
		w.key("possible")
		w.bool(a.Possible)
		w.key("place")
		w.ints(a.Place)
		w.key("solutions")
		w.int(int64(a.Solutions))
		w.key("identicalSwap")
		w.bool(a.IdenticalSwap)
		w.close()
	default:
		// Not naming the type: that takes reflect, 5 KB of worker.wasm.
		w.fail(errors.New("no JSON writer for this kind of answer"))
	}
}

// jsonWriter appends JSON values to b; commas go between the values and
// keys of an object or array. The first error sticks. Its smallest methods
// are kept out of line (go:noinline): inlined into answer's many calls,
// they made worker.wasm 28 KB larger.
type jsonWriter struct {
	b     []byte
	comma bool // a value was written that a next one must follow with ','
	err   error
}

func (w *jsonWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// value starts a value: a comma if one is due.
func (w *jsonWriter) value() {
	if w.comma {
		w.b = append(w.b, ',')
	}
	w.comma = true
}

//go:noinline
func (w *jsonWriter) open() {
	w.value()
	w.b = append(w.b, '{')
	w.comma = false
}

//go:noinline
func (w *jsonWriter) close() { w.b = append(w.b, '}'); w.comma = true }

//go:noinline
func (w *jsonWriter) key(k string) {
	w.string(k)
	w.b = append(w.b, ':')
	w.comma = false
}

// null writes null when isNil, and says so.
//
//go:noinline
func (w *jsonWriter) null(isNil bool) bool {
	if isNil {
		w.value()
		w.b = append(w.b, "null"...)
	}
	return isNil
}

//go:noinline
func (w *jsonWriter) bool(v bool) {
	w.value()
	w.b = strconv.AppendBool(w.b, v)
}

//go:noinline
func (w *jsonWriter) int(n int64) {
	w.value()
	w.b = strconv.AppendInt(w.b, n, 10)
}

// float writes f as encoding/json does: the shortest decimal that reads
// back as f, in exponent form only for the very small and very large.
func (w *jsonWriter) float(f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		w.fail(errors.New("json: unsupported value: " + strconv.FormatFloat(f, 'g', -1, 64)))
		return
	}
	w.value()
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

// string writes s quoted as encoding/json does by default: also escaping
// <, > and & (for HTML), U+2028 and U+2029 (for JavaScript), and writing
// invalid UTF-8 as U+FFFD.
func (w *jsonWriter) string(s string) {
	const hex = "0123456789abcdef"
	w.value()
	w.b = append(w.b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				w.b = append(w.b, '\\', c)
			case c == '\n':
				w.b = append(w.b, '\\', 'n')
			case c == '\r':
				w.b = append(w.b, '\\', 'r')
			case c == '\t':
				w.b = append(w.b, '\\', 't')
			case c == '\b':
				w.b = append(w.b, '\\', 'b')
			case c == '\f':
				w.b = append(w.b, '\\', 'f')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				w.b = append(w.b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				w.b = append(w.b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			w.b = append(w.b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			w.b = append(w.b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			w.b = append(w.b, s[i:i+size]...)
		}
		i += size
	}
	w.b = append(w.b, '"')
}

// array writes n values, each by item(i); a nil slice is null.
func (w *jsonWriter) array(isNil bool, n int, item func(i int)) {
	if w.null(isNil) {
		return
	}
	w.value()
	w.b = append(w.b, '[')
	w.comma = false
	for i := range n {
		item(i)
	}
	w.b = append(w.b, ']')
	w.comma = true
}

func (w *jsonWriter) bools(v []bool) { w.array(v == nil, len(v), func(i int) { w.bool(v[i]) }) }

func (w *jsonWriter) ints(v []int) { w.array(v == nil, len(v), func(i int) { w.int(int64(v[i])) }) }

func (w *jsonWriter) floats(v []float64) { w.array(v == nil, len(v), func(i int) { w.float(v[i]) }) }

func (w *jsonWriter) strings(v []string) { w.array(v == nil, len(v), func(i int) { w.string(v[i]) }) }

// bytes writes b in base64, as encoding/json does with a []byte.
func (w *jsonWriter) bytes(b []byte) {
	if w.null(b == nil) {
		return
	}
	w.value()
	w.b = append(w.b, '"')
	w.b = base64.StdEncoding.AppendEncode(w.b, b)
	w.b = append(w.b, '"')
}
