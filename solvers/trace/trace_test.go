package trace

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

func TestRecorderKeepsFoundPastTheLimit(t *testing.T) {
	r := NewRecorder(2)
	for range 5 {
		r.Add(Step{Kind: Try})
	}
	r.Add(Step{Kind: Found})
	r.Add(Step{Kind: Found})
	got := r.Steps()
	if len(got) != 3 || got[2].Kind != Found || !r.Truncated() || !r.Full() {
		t.Fatalf("steps %v truncated %v, want two tries and one Found, truncated", got, r.Truncated())
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
			switch rng.Intn(4) {
			case 0:
				c.Back()
			case 1:
				c.Seek(rng.Intn(len(steps) + 1))
			case 2:
				c.NextOf(Undo)
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
