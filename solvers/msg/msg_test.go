package msg

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// operands holds values of every kind the package formats, with the
// verbs fmt and msg both accept for them.
var operands = []struct {
	verbs string
	vals  []any
}{
	{"dxcqUv", []any{0, 7, -3, 255, 0x1F600, 0x10FFFF + 1, math.MinInt64, math.MaxInt64, int8(-8), int16(300),
		int32('é'), int64(-1 << 40), uint(9), uint8('x'), uint16(0xFFFF), uint32(1 << 31), uint64(math.MaxUint64), uintptr(42)}},
	{"sqv", []any{"", "abc", "héllo wörld", "tab\there \"q\"", "\xff\xfe", "✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓✓", errors.New("boom"), io.EOF}},
	{"v", []any{true, false, nil}},
}

// randomSpec returns one verb with random flags, width and precision,
// from the package doc's list, for x.
func randomSpec(r *rand.Rand, verbs string, x any) string {
	s := "%"
	if r.IntN(4) == 0 {
		s += "-"
	}
	if r.IntN(4) == 0 {
		s += "0"
	}
	if r.IntN(2) == 0 {
		s += fmt.Sprint(r.IntN(25))
	}
	if _, isString := x.(string); isString && r.IntN(2) == 0 {
		s += "." + fmt.Sprint(r.IntN(25))
	}
	return s + string(verbs[r.IntN(len(verbs))])
}

// TestLikeFmt formats random formats of the documented verbs with random
// operands and compares the text with fmt's.
func TestLikeFmt(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		format := ""
		var args []any
		for range 1 + r.IntN(4) {
			format += []string{"", "x", "row ", "%%", "é: "}[r.IntN(5)]
			o := operands[r.IntN(len(operands))]
			x := o.vals[r.IntN(len(o.vals))]
			format += randomSpec(r, o.verbs, x)
			args = append(args, x)
		}
		if got, want := Sprintf(format, args...), fmt.Sprintf(format, args...); got != want {
			t.Fatalf("Sprintf(%q, %#v) = %q, fmt writes %q", format, args, got, want)
		}
		if got, want := string(Appendf([]byte("<"), format, args...)), fmt.Sprintf("<"+format, args...); got != want {
			t.Fatalf("Appendf(%q, %#v) = %q, fmt writes %q", format, args, got, want)
		}
	}
}

func TestErrorfWraps(t *testing.T) {
	inner := errors.New("inner")
	for _, tc := range []struct {
		format string
		args   []any
		wraps  []error
	}{
		{"plain %d", []any{3}, nil},
		{"%v, not wrapped", []any{inner}, nil},
		{"line %d: %w", []any{4, inner}, []error{inner}},
		{"%w and %w", []any{inner, io.EOF}, []error{inner, io.EOF}},
	} {
		err := Errorf(tc.format, tc.args...)
		if want := fmt.Errorf(tc.format, tc.args...); err.Error() != want.Error() {
			t.Errorf("Errorf(%q) says %q, fmt says %q", tc.format, err, want)
		}
		for _, w := range []error{inner, io.EOF} {
			wrapped := false
			for _, tw := range tc.wraps {
				wrapped = wrapped || tw == w
			}
			if errors.Is(err, w) != wrapped {
				t.Errorf("Errorf(%q): errors.Is(err, %v) = %v, want %v", tc.format, w, !wrapped, wrapped)
			}
		}
	}
}

// TestMistakes checks that what the package does not format is marked in
// the text, not dropped or panicked on.
func TestMistakes(t *testing.T) {
	for _, tc := range []struct {
		format string
		args   []any
		want   string
	}{
		{"a %d b", nil, "a %!d(MISSING) b"},
		{"%d", []any{1, 2}, "1%!(EXTRA)"},
		{"%s", []any{3.5}, "%!s(unsupported type)"},
		{"%d", []any{"x"}, "%!d(string)"},
		{"%s", []any{7}, "%!s(integer)"},
		{"%d", []any{nil}, "%!d(<nil>)"},
		{"%s", []any{nil}, "%!s(<nil>)"},
		{"ends in %", nil, "ends in %!(NOVERB)"},
		{"%-", []any{1}, "%!(NOVERB)%!(EXTRA)"},
	} {
		if got := Sprintf(tc.format, tc.args...); got != tc.want {
			t.Errorf("Sprintf(%q, %v) = %q, want %q", tc.format, tc.args, got, tc.want)
		}
	}
}

// FuzzSprintf checks that any format is formatted without a panic, and
// like fmt when it keeps to the package doc's verbs. Its operands are n
// and s as each kind the package formats, in turn, one per verb.
func FuzzSprintf(f *testing.F) {
	f.Add("row %d, column %-3d: %.20q %v%%", int64(-5), "abc")
	f.Add("%0", int64(0), "")
	f.Fuzz(func(t *testing.T, format string, n int64, s string) {
		kinds := []any{n, s, errors.New(s), int(n), uint8(n), nil, n > 0}
		var args []any
		for i := 0; i < len(format); i++ {
			if format[i] == '%' {
				args = append(args, kinds[len(args)%len(kinds)])
			}
		}
		got := Sprintf(format, args...)
		if documented(format, args) {
			if want := fmt.Sprintf(format, args...); got != want {
				t.Fatalf("Sprintf(%q, %#v) = %q, fmt writes %q", format, args, got, want)
			}
		}
	})
}

// documented reports whether format has one verb of the package doc for
// each of args, of a kind the verb takes.
func documented(format string, args []any) bool {
	arg := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		s, next := parseSpec(format, i+1)
		i = next - 1
		if s.width >= 1e6 || s.prec >= 1e6 || s.verb == utf8.RuneError {
			return false
		}
		if s.verb == '%' {
			if next-i != 2 { // flags before %% are fmt's own business
				return false
			}
			continue
		}
		if arg == len(args) {
			return false
		}
		x := args[arg]
		arg++
		_, _, isInt := integer(x)
		_, isBool := x.(bool)
		switch {
		case x == nil:
			if s.verb != 'v' {
				return false
			}
		case isBool:
			if s.verb != 'v' {
				return false
			}
		case isInt:
			if !contains("dxcqUv", s.verb) || s.prec >= 0 {
				return false
			}
		default:
			if !contains("sqv", s.verb) {
				return false
			}
		}
	}
	return arg == len(args)
}

func contains(verbs string, v rune) bool {
	for _, c := range verbs {
		if c == v {
			return true
		}
	}
	return false
}
