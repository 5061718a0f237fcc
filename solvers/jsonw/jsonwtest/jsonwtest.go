// Package jsonwtest holds the answers' AppendJSON methods to what
// encoding/json writes for the same values. Only tests import it: it uses
// reflection and encoding/json, which the solver worker leaves out.
package jsonwtest

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gridsolve/solvers/jsonw"
)

// Same fails unless a writes itself as encoding/json writes it, the same
// bytes or, for a value encoding/json refuses (a NaN), an error too.
func Same(t testing.TB, a jsonw.Appender) {
	t.Helper()
	want, wantErr := json.Marshal(a)
	var w jsonw.Writer
	w.Value("", a)
	got, err := w.JSON()
	if (err == nil) != (wantErr == nil) || err == nil && string(got) != string(want) {
		t.Fatalf("%T %#v:\ngot  %s (%v)\nwant %s (%v)", a, a, got, err, want, wantErr)
	}
}

// Random checks n values of kind's type, every field set at random by
// Fill, and the type's nil if it has one, against encoding/json.
func Random(t *testing.T, rng *rand.Rand, kind jsonw.Appender, n int) {
	t.Helper()
	typ := reflect.TypeOf(kind)
	for range n {
		v := reflect.New(typ).Elem()
		if v.Kind() == reflect.Pointer {
			v.Set(reflect.New(typ.Elem()))
			Fill(rng, v.Elem())
		} else {
			Fill(rng, v)
		}
		Same(t, v.Interface().(jsonw.Appender))
	}
	if k := typ.Kind(); k == reflect.Pointer || k == reflect.Slice {
		Same(t, reflect.Zero(typ).Interface().(jsonw.Appender))
	}
}

// Fill sets every field of the value v at random, slices nil or not,
// strings with escapes and odd Unicode, so that a field added to an
// answer and missed by its writer shows.
func Fill(rng *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 1)
	case reflect.Int, reflect.Int64:
		v.SetInt(rng.Int64N(1<<40) - 1<<39)
	case reflect.Uint8:
		v.SetUint(uint64(rng.IntN(256)))
	case reflect.Float64:
		v.SetFloat([]float64{0, 1, rng.Float64(), -1e-9 * rng.Float64(), 1e22, math.Pi}[rng.IntN(6)])
	case reflect.String:
		v.SetString(String(rng))
	case reflect.Slice:
		if rng.IntN(4) == 0 {
			v.SetZero()
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), rng.IntN(5), 5))
		for i := range v.Len() {
			Fill(rng, v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			Fill(rng, v.Field(i))
		}
	default:
		panic("Fill: no case for " + v.Type().String())
	}
}

// String returns a short random string of the pieces encoding/json
// escapes or treats apart: quotes, controls, HTML, U+2028, invalid UTF-8.
func String(rng *rand.Rand) string {
	pieces := []string{"a", "é", "<b>", "&", `"`, `\`, "\n", "\x00", "\x1f", "\u2028", "\u2029", "\xff", "😀", " "}
	var b strings.Builder
	for range rng.IntN(6) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}
