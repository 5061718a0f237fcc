// Package msg formats the solvers' messages as fmt's Sprintf, Appendf,
// Fprintf and Errorf do, but without fmt, which with the reflection it
// brings in was a tenth of the solver worker (worker.wasm) for a few
// hundred messages.
//
// It knows only the verbs the solvers use, and for them it writes exactly
// what fmt writes (the tests compare the two):
//
//	%d %x %c %q %U  an integer of a built-in type (%c and %q: as a character)
//	%s %q %v        a string, an error, or a value with a String method
//	%v              also a bool
//	%w              an error, which Errorf's error then wraps
//	%%              a percent sign
//
// with the flags '-' (pad on the right) and '0' (pad with zeros), a width,
// and for strings a precision in runes (%.20q). Anything else, and a verb
// without an operand, writes %!verb(...) into the text as fmt does, though
// not always in fmt's words; a test checks every format in the solvers
// and the worker against this list, as go vet does for fmt.
package msg

import (
	"io"
	"strconv"
	"unicode/utf8"
)

// Sprintf is fmt.Sprintf for the verbs of the package doc.
func Sprintf(format string, a ...any) string {
	b, _ := appendf(nil, format, a)
	return string(b)
}

// Appendf is fmt.Appendf for the verbs of the package doc.
func Appendf(b []byte, format string, a ...any) []byte {
	b, _ = appendf(b, format, a)
	return b
}

// Fprintf is fmt.Fprintf for the verbs of the package doc.
func Fprintf(w io.Writer, format string, a ...any) (int, error) {
	b, _ := appendf(nil, format, a)
	return w.Write(b)
}

// Errorf is fmt.Errorf for the verbs of the package doc: the error it
// returns unwraps to the operands of %w.
func Errorf(format string, a ...any) error {
	b, wrapped := appendf(nil, format, a)
	switch len(wrapped) {
	case 0:
		return &plainError{string(b)}
	case 1:
		return &wrapError{string(b), wrapped[0]}
	}
	return &wrapErrors{string(b), wrapped}
}

type plainError struct{ s string }

func (e *plainError) Error() string { return e.s }

type wrapError struct {
	s   string
	err error
}

func (e *wrapError) Error() string { return e.s }
func (e *wrapError) Unwrap() error { return e.err }

type wrapErrors struct {
	s    string
	errs []error
}

func (e *wrapErrors) Error() string   { return e.s }
func (e *wrapErrors) Unwrap() []error { return e.errs }

// spec is one verb with its flags, width and precision.
type spec struct {
	minus, zero bool
	width, prec int // -1 when absent
	verb        rune
}

// appendf formats a into b and returns the errors that %w named.
func appendf(b []byte, format string, a []any) ([]byte, []error) {
	var wrapped []error
	arg := 0
	for i := 0; i < len(format); {
		if format[i] != '%' {
			j := i + 1
			for j < len(format) && format[j] != '%' {
				j++
			}
			b = append(b, format[i:j]...)
			i = j
			continue
		}
		var s spec
		s, i = parseSpec(format, i+1)
		switch {
		case s.verb == '%':
			b = append(b, '%')
			continue
		case s.verb == utf8.RuneError:
			b = append(b, "%!(NOVERB)"...)
			continue
		case arg >= len(a):
			b = append(b, bad(s.verb, "MISSING")...)
			continue
		}
		x := a[arg]
		arg++
		if s.verb == 'w' {
			if err, ok := x.(error); ok {
				wrapped = append(wrapped, err)
			}
		}
		str, number := s.text(x)
		b = s.pad(b, str, number)
	}
	if arg < len(a) {
		b = append(b, "%!(EXTRA)"...)
	}
	return b, wrapped
}

// parseSpec reads the flags, width, precision and verb that follow a '%'
// at format[i:], and returns them with the index after the verb.
func parseSpec(format string, i int) (spec, int) {
	s := spec{width: -1, prec: -1}
	for ; i < len(format); i++ {
		if format[i] == '-' {
			s.minus = true
		} else if format[i] == '0' {
			s.zero = true
		} else {
			break
		}
	}
	s.width, i = number(format, i)
	if i < len(format) && format[i] == '.' {
		s.prec, i = number(format, i+1)
		if s.prec < 0 {
			s.prec = 0
		}
	}
	if i == len(format) {
		s.verb = utf8.RuneError
		return s, i
	}
	r, size := utf8.DecodeRuneInString(format[i:])
	s.verb = r
	return s, i + size
}

// number reads a decimal number at format[i:], -1 if there is none.
func number(format string, i int) (int, int) {
	n := -1
	for ; i < len(format) && '0' <= format[i] && format[i] <= '9' && n < 1e6; i++ {
		n = max(n, 0)*10 + int(format[i]-'0')
	}
	return n, i
}

// text formats one operand, and says whether it is a number, whose sign
// goes before any padding zeros.
func (s spec) text(x any) (str string, number bool) {
	if x == nil {
		if s.verb == 'v' {
			return "<nil>", false
		}
		return bad(s.verb, "<nil>"), false
	}
	if v, ok := x.(bool); ok && s.verb == 'v' {
		return strconv.FormatBool(v), false
	}
	if neg, mag, ok := integer(x); ok {
		return s.integerText(neg, mag)
	}
	switch x := x.(type) {
	case string:
		str = x
	case error:
		str = x.Error()
	case interface{ String() string }:
		str = x.String()
	default:
		return bad(s.verb, "unsupported type"), false
	}
	switch s.verb {
	case 'v', 's', 'w':
		return s.truncate(str), false
	case 'q':
		return strconv.Quote(s.truncate(str)), false
	}
	return bad(s.verb, "string"), false
}

// integerText formats an integer, -mag when neg.
func (s spec) integerText(neg bool, mag uint64) (string, bool) {
	sign := ""
	if neg {
		sign = "-"
	}
	switch s.verb {
	case 'd', 'v':
		return sign + strconv.FormatUint(mag, 10), true
	case 'x':
		return sign + strconv.FormatUint(mag, 16), true
	case 'c', 'q':
		r := utf8.RuneError
		if !neg && mag <= utf8.MaxRune {
			r = rune(mag)
		}
		if s.verb == 'c' {
			return string(r), false
		}
		return strconv.QuoteRune(r), false
	case 'U':
		if neg {
			mag = -mag // as fmt: the two's complement
		}
		hex := strconv.FormatUint(mag, 16)
		for len(hex) < 4 {
			hex = "0" + hex
		}
		return "U+" + upper(hex), false
	}
	return bad(s.verb, "integer"), false
}

// truncate cuts str to the precision, in runes.
func (s spec) truncate(str string) string {
	if s.prec < 0 {
		return str
	}
	n := 0
	for i := range str {
		if n == s.prec {
			return str[:i]
		}
		n++
	}
	return str
}

// pad appends str padded to the width, counted in runes: on the left, on
// the right for '-'; with spaces, or with zeros for '0', after the sign of
// a number.
func (s spec) pad(b []byte, str string, isNumber bool) []byte {
	n := s.width - utf8.RuneCountInString(str)
	if n <= 0 {
		return append(b, str...)
	}
	if s.minus {
		b = append(b, str...)
		return appendRepeat(b, ' ', n)
	}
	if s.zero && s.verb != 'U' { // as fmt: U+ is not to fill with zeros
		if isNumber && str[0] == '-' {
			b = append(b, '-')
			str = str[1:]
		}
		return append(appendRepeat(b, '0', n), str...)
	}
	return append(appendRepeat(b, ' ', n), str...)
}

func appendRepeat(b []byte, c byte, n int) []byte {
	for range n {
		b = append(b, c)
	}
	return b
}

// bad marks a verb that cannot format its operand.
func bad(verb rune, why string) string {
	return "%!" + string(verb) + "(" + why + ")"
}

func upper(hex string) string {
	b := []byte(hex)
	for i, c := range b {
		if 'a' <= c && c <= 'f' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// integer reports an operand of a built-in integer type as a sign and a
// magnitude.
func integer(x any) (neg bool, mag uint64, ok bool) {
	var v int64
	switch x := x.(type) {
	case int:
		v = int64(x)
	case int8:
		v = int64(x)
	case int16:
		v = int64(x)
	case int32:
		v = int64(x)
	case int64:
		v = x
	case uint:
		return false, uint64(x), true
	case uint8:
		return false, uint64(x), true
	case uint16:
		return false, uint64(x), true
	case uint32:
		return false, uint64(x), true
	case uint64:
		return false, x, true
	case uintptr:
		return false, uint64(x), true
	default:
		return false, 0, false
	}
	if v < 0 {
		return true, uint64(-(v + 1)) + 1, true
	}
	return false, uint64(v), true
}
