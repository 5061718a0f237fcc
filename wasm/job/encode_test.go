package job

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/jsonw/jsonwtest"
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

// Every game's answers, those the solvers really give for puzzles they
// deal and others of the same types filled at random, and its hints and
// dealt puzzles, are written in a Result as encoding/json writes them.
func TestEncodeAnswers(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sameAsJSON(t, Result{})
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
		hint, err := p.Hint(t.Context(), text, text)
		if err != nil {
			hint = solvers.Hint{Reason: err.Error()}
		}
		for _, a := range []any{answer, hint, text} {
			sameAsJSON(t, Result{Answer: a})
			typ := reflect.TypeOf(a)
			for range 50 {
				v := reflect.New(typ).Elem()
				if v.Kind() == reflect.Pointer {
					v.Set(reflect.New(typ.Elem()))
					jsonwtest.Fill(rng, v.Elem())
				} else {
					jsonwtest.Fill(rng, v)
				}
				sameAsJSON(t, Result{Answer: v.Interface(), Error: jsonwtest.String(rng), Nodes: rng.Int64(), Millis: rng.Int64N(1000)})
			}
			sameAsJSON(t, Result{Answer: reflect.Zero(typ).Interface()}) // a typed nil
		}
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
