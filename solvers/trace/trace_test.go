package trace

import (
	"context"
	"math/rand"
	rand2 "math/rand/v2"
	"slices"
	"testing"

	"gridsolve/solvers/jsonw/jsonwtest"
)

func TestRecorderKeepsFoundPastTheLimit(t *testing.T) {
	r := NewRecorder(2)
	for range 5 {
		r.Add(Step{Kind: Try})
	}
	r.Add(Step{Kind: Found})
	r.Add(Step{Kind: Try})
	r.Add(Step{Kind: Found})
	got := r.Steps()
	if len(got) != 4 || got[2].Kind != Found || got[3].Kind != Found || !r.Truncated() || !r.Full() {
		t.Fatalf("steps %v truncated %v, want two tries and both Found, truncated", got, r.Truncated())
	}
}

func TestContext(t *testing.T) {
	if From(context.Background()) != nil {
		t.Fatal("a plain context records")
	}
	r := NewRecorder(1)
	if From(With(context.Background(), r)) != r {
		t.Fatal("With then From lost the recorder")
	}
}

// TestCursorBackRestores walks random traces forward to the end and back
// to the start, at random, and checks every board against replaying the
// prefix from scratch.
func TestCursorBackRestores(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for range 200 {
		start := make([]int, 1+rng.Intn(8))
		steps := make([]Step, rng.Intn(20))
		for i := range steps {
			n := rng.Intn(4)
			for range n { // cells may repeat within a step
				steps[i].Cells = append(steps[i].Cells, rng.Intn(len(start)))
				steps[i].Values = append(steps[i].Values, rng.Intn(5)-1)
			}
			steps[i].Kind = Kind(1 + rng.Intn(int(Found)))
		}
		c := NewCursor(start, steps)
		for range 60 {
			switch rng.Intn(5) {
			case 0:
				c.Back()
			case 1:
				c.Seek(rng.Intn(len(steps) + 1))
			case 2:
				c.NextOf(Undo)
			case 3:
				if next, ok := c.Peek(); ok != (c.At() < len(steps)) || ok && next.Kind != steps[c.At()].Kind {
					t.Fatalf("at %d Peek gives %+v, %v", c.At(), next, ok)
				}
				c.Forward()
			default:
				c.Forward()
			}
			if want := Replay(start, steps[:c.At()]); !slices.Equal(c.Board(), want) {
				t.Fatalf("after %d steps board %v, replay %v", c.At(), c.Board(), want)
			}
		}
		if slices.ContainsFunc(start, func(v int) bool { return v != 0 }) {
			t.Fatal("the cursor changed the start board")
		}
	}
}

// A trace reaches the page as encoding/json would write it.
func TestTraceJSON(t *testing.T) {
	jsonwtest.Random(t, rand2.New(rand2.NewPCG(1, 2)), &Trace{}, 300)
	jsonwtest.Same(t, &Trace{Start: []int{}, Steps: []Step{{Kind: Try, At: -1}}})
}

func TestProgressInContext(t *testing.T) {
	if Progress(context.Background()) != nil {
		t.Fatal("a plain context has a progress function")
	}
	var got int64
	Progress(WithProgress(context.Background(), func(n int64) { got = n }))(7)
	if got != 7 {
		t.Fatal("WithProgress then Progress lost the function")
	}
}

func TestValid(t *testing.T) {
	for _, c := range []struct {
		tr   Trace
		want bool
	}{
		{Trace{Start: []int{0, 0}, Steps: []Step{{Cells: []int{1}, Values: []int{3}}}}, true},
		{Trace{Start: []int{0, 0}, Steps: []Step{{Cells: []int{2}, Values: []int{3}}}}, false},
		{Trace{Start: []int{0, 0}, Steps: []Step{{Cells: []int{-1}, Values: []int{3}}}}, false},
		{Trace{Start: []int{0, 0}, Steps: []Step{{Cells: []int{1}}}}, false},
	} {
		if got := c.tr.Valid(); got != c.want {
			t.Errorf("%+v: Valid %v", c.tr, got)
		}
	}
}
