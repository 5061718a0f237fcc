package job

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
)

// sameAsJSON fails unless encodeResult writes res as encoding/json does.
func sameAsJSON(t *testing.T, res Result) {
	t.Helper()
	want, wantErr := json.Marshal(res)
	got, err := encodeResult(res)
	if (err == nil) != (wantErr == nil) || err == nil && string(got) != string(want) {
		t.Fatalf("%#v:\ngot  %s (%v)\nwant %s (%v)", res.Answer, got, err, want, wantErr)
	}
}

// fill sets every field of the value v points to at random, slices nil
// or not, so a field added to an answer and missed by its writer shows.
func fill(rng *rand.Rand, v reflect.Value) {
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
		v.SetString(randomString(rng))
	case reflect.Slice:
		if rng.IntN(4) == 0 {
			v.SetZero()
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), rng.IntN(5), 5))
		for i := range v.Len() {
			fill(rng, v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			fill(rng, v.Field(i))
		}
	default:
		panic("fill: no case for " + v.Type().String())
	}
}

func randomString(rng *rand.Rand) string {
	pieces := []string{"a", "é", "<b>", "&", `"`, `\`, "\n", "\x00", "\x1f", "\u2028", "\u2029", "\xff", "😀", " "}
	var b strings.Builder
	for range rng.IntN(6) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

// Every kind of answer, filled at random, is written as encoding/json
// writes it.
func TestEncodeAnswersAsJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []any{"", []bool(nil), int64(0), solvers.Hint{}, &flip.Answer{}, &iq.Answer{}, &nonogram.Answer{},
		&ships.Answer{}, &tetravex.Answer{}}
	for _, kind := range kinds {
		for range 200 {
			v := reflect.New(reflect.TypeOf(kind)).Elem()
			if v.Kind() == reflect.Pointer {
				v.Set(reflect.New(v.Type().Elem()))
				fill(rng, v.Elem())
			} else {
				fill(rng, v)
			}
			sameAsJSON(t, Result{Answer: v.Interface(), Error: randomString(rng), Nodes: rng.Int64(), Millis: rng.Int64N(1000)})
		}
		sameAsJSON(t, Result{Answer: reflect.Zero(reflect.TypeOf(kind)).Interface()}) // typed nil
	}
	sameAsJSON(t, Result{})
	sameAsJSON(t, Result{Answer: &ships.Answer{Ship: []float64{math.NaN()}}}) // an error, as in encoding/json
}

// The answers the solvers really give, for puzzles they deal, are
// written as encoding/json writes them.
func TestEncodeRealAnswers(t *testing.T) {
	for _, g := range solvers.All {
		p, ok := g.(solvers.Player)
		if !ok {
			continue
		}
		text, err := p.Generate(t.Context(), solvers.Options{W: 6, H: 6, Level: 1, Seed: 5})
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		answer, err := g.Solve(t.Context(), text, nil)
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		sameAsJSON(t, Result{Answer: answer})
		sameAsJSON(t, Result{Answer: text})
	}
}

func TestEncodeUnknownAnswer(t *testing.T) {
	if _, err := encodeResult(Result{Answer: 42}); err == nil || !strings.Contains(err.Error(), "no JSON writer") {
		t.Errorf("an int answer: error %v, want one saying there is no JSON writer for it", err)
	}
}

func FuzzEncodeString(f *testing.F) {
	for _, s := range []string{"", "plain", "<&>\"\\\n\r\t\b\f\x00\x7f", "\u2028\u2029\xff\xfe", "é😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sameAsJSON(t, Result{Answer: s, Error: s})
	})
}

func FuzzEncodeFloat(f *testing.F) {
	for _, x := range []float64{0, 1, -1, 0.1, 1e-7, 1e-6, 1e20, 1e21, 5e-324, math.MaxFloat64, math.Inf(1)} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		sameAsJSON(t, Result{Answer: &ships.Answer{Ship: []float64{x, -x}}})
	})
}
