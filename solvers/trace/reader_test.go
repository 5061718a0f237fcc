package trace

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"gridsolve/solvers/jsonw"
	"gridsolve/solvers/jsonw/jsonwtest"
)

func jsonOf(t *Trace) []byte {
	var w jsonw.Writer
	w.Value("", t)
	b, _ := w.JSON()
	return b
}

// readAll reads b a random number of steps at a time.
func readAll(b []byte, rng *rand.Rand) (Trace, []byte, error) {
	r := NewReader(b)
	for {
		done, err := r.Read(1 + rng.IntN(5))
		if err != nil || done {
			return r.Trace(), r.Rest(), err
		}
	}
}

// Any trace written by AppendJSON, with what follows it, reads back as
// encoding/json reads it, however many steps each Read takes.
func TestReaderReadsWhatAppendJSONWrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		var tr Trace
		jsonwtest.Fill(rng, reflect.ValueOf(&tr).Elem())
		b := jsonOf(&tr)
		got, rest, err := readAll(append(b, `,"ms":3}`...), rng)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		var want Trace
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || string(rest) != `,"ms":3}` {
			t.Fatalf("%s\nread as %+v\nencoding/json reads %+v\nrest %q", b, got, want, rest)
		}
	}
}

// A cut or altered trace is an error, never a panic or a hang.
func FuzzReader(f *testing.F) {
	f.Add(jsonOf(&Trace{Start: []int{-1, 0}, Steps: []Step{{Kind: Deduce, At: 3, Note: "Row 1 <a> \"b\"", Cells: []int{1}, Values: []int{0}, Nodes: 4, Options: []int{2}}}}), 2)
	f.Add([]byte(`{"start":null,"steps":null,"truncated":true}`), 1)
	f.Fuzz(func(t *testing.T, b []byte, n int) {
		r := NewReader(b)
		for range len(b) + 2 {
			done, err := r.Read(max(1, n%7))
			if err != nil || done {
				return
			}
		}
		t.Fatalf("%q: still reading", b)
	})
}
