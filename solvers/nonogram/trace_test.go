package nonogram

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/trace"
)

// answerBoard is a's first picture as a trace's board: 0 white, 1 black,
// or in colour k for ink k-1.
func answerBoard(a *Answer) []int {
	var b []int
	for _, row := range a.Grid {
		for _, c := range []byte(row) {
			switch c {
			case '#':
				b = append(b, 1)
			case '.':
				b = append(b, 0)
			default:
				b = append(b, inkOf(c)+1)
			}
		}
	}
	return b
}

// smallColourClues are the clues of a random picture up to 6×6 in two or
// three inks, a third of them with some cells given and a quarter with a
// run too many (often no solution).
func smallColourClues(rng *rand.Rand) *Clues {
	for {
		nInks := 2 + rng.IntN(2)
		pic := colourPicture(rng, 1+rng.IntN(6), 1+rng.IntN(6), nInks, 0.3+0.6*rng.Float64())
		inks := usedInks(pic, testInks[:nInks])
		if len(inks) < 2 {
			continue
		}
		c := ColourCluesOf(pic, inks)
		switch rng.IntN(4) {
		case 0:
			c.Given = make([]byte, 0, len(pic)*len(pic[0]))
			for _, row := range pic {
				for _, v := range row {
					switch {
					case rng.IntN(3) > 0:
						c.Given = append(c.Given, NotGiven)
					case v == 0:
						c.Given = append(c.Given, GivenWhite)
					default:
						c.Given = append(c.Given, InkLetter(v-1))
					}
				}
			}
		case 1:
			r := rng.IntN(len(c.Rows))
			c.Rows[r], c.RowInks[r] = append(c.Rows[r], 1), append(c.RowInks[r], rng.IntN(len(inks)))
		}
		return c
	}
}

// The trace of a puzzle, whole or cut short at any limit, replays to the
// solver's own answer, over many random small puzzles, given cells, no
// solution and several solutions among them, in black and white and in
// colour; its steps only set cells to -1, 0 or an ink (1 in black and
// white), and undo and count backtracks as they say.
func TestTraceReplaysToTheAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2))
	n := 1500
	if testing.Short() {
		n = 300
	}
	var kinds [2]map[trace.Kind]int // black and white, colour
	kinds[0], kinds[1] = map[trace.Kind]int{}, map[trace.Kind]int{}
	var statuses [2]map[Status]int
	statuses[0], statuses[1] = map[Status]int{}, map[Status]int{}
	for k := range 2 * n {
		var c *Clues
		if k%2 == 0 {
			h, w := 1+rng.IntN(7), 1+rng.IntN(7)
			pic := drawPicture(rng, h, w, 0.3+0.5*rng.Float64())
			c = CluesOf(pic)
			switch rng.IntN(4) {
			case 0:
				c.Given = randomGiven(rng, pic)
			case 1:
				c.Rows[rng.IntN(h)] = append(c.Rows[rng.IntN(h)], 1) // often no solution
			}
		} else {
			c = smallColourClues(rng)
		}
		a, err := Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		statuses[k%2][a.Status]++
		for _, limit := range []int{1 << 20, 1 + rng.IntN(20), 0} {
			tr, err := Game{}.Trace(context.Background(), c.String(), limit)
			if err != nil {
				t.Fatal(err)
			}
			checkTrace(t, c, a, tr, limit)
			for _, s := range tr.Steps {
				kinds[k%2][s.Kind]++
			}
		}
	}
	for colour := range 2 {
		for k := trace.Choose; k <= trace.Found; k++ {
			if kinds[colour][k] == 0 {
				t.Errorf("colour %v: no step of kind %d in %d puzzles: %v", colour == 1, k, n, kinds[colour])
			}
		}
		if s := statuses[colour]; s[None] == 0 || s[Unique] == 0 || s[Multiple] == 0 {
			t.Errorf("colour %v: answers %v: want some of each", colour == 1, s)
		}
	}
}

func checkTrace(t *testing.T, c *Clues, a *Answer, tr trace.Trace, limit int) {
	t.Helper()
	if !tr.Valid() || len(tr.Start) != len(c.Rows)*len(c.Cols) {
		t.Fatalf("%s: a broken trace of %d cells", c, len(tr.Start))
	}
	if kept := len(tr.Steps) - countKind(tr.Steps, trace.Found); kept > limit || tr.Truncated && kept != limit || limit == 1<<20 && tr.Truncated {
		t.Fatalf("%s: limit %d kept %d steps, truncated %v", c, limit, kept, tr.Truncated)
	}
	end := trace.Replay(tr.Start, tr.Steps)
	if a.Status == None {
		if !tr.Truncated && tr.Steps[len(tr.Steps)-1].Kind != trace.Fail {
			t.Fatalf("%s: no solution, but the trace ends on %+v", c, tr.Steps[len(tr.Steps)-1])
		}
		return
	}
	if want := answerBoard(a); !slices.Equal(end, want) {
		t.Fatalf("%s (limit %d): the replay ends on\n%v\nthe answer is\n%v", c, limit, end, want)
	}
	var backtracks int64
	for _, s := range tr.Steps {
		if s.Kind == trace.Undo {
			backtracks++
			if !tr.Truncated && s.Backtracks != backtracks {
				t.Fatalf("%s: undo %d counts %d backtracks", c, backtracks, s.Backtracks)
			}
		}
		for _, v := range s.Values {
			if v < -1 || v > max(1, len(c.Inks)) || s.Kind == trace.Undo && v != -1 {
				t.Fatalf("%s: step %+v sets a cell to %d", c, s, v)
			}
		}
	}
}

func countKind(steps []trace.Step, k trace.Kind) int {
	n := 0
	for _, s := range steps {
		if s.Kind == k {
			n++
		}
	}
	return n
}

// A step says why in the problem's words: the line and its clue.
func TestTraceNotes(t *testing.T) {
	c := CluesOf(picture([]string{"##.", ".#.", "###"}))
	tr, err := Game{}.Trace(context.Background(), c.String(), 100)
	if err != nil {
		t.Fatal(err)
	}
	// Row 3 first: it has no slack (see leastSlackFirst).
	if s := tr.Steps[0]; s.Kind != trace.Choose || s.At != 2 || !strings.HasPrefix(s.Note, "Row 3, clue 3") {
		t.Errorf("first step %+v, want row 3 chosen", s)
	}
	if s := tr.Steps[1]; s.Kind != trace.Deduce || !strings.Contains(s.Note, "black") {
		t.Errorf("second step %+v, want cells of row 3 deduced", s)
	}
	c = ColourCluesOf([][]int{{1, 2}}, testInks[:2])
	tr, err = Game{}.Trace(context.Background(), c.String(), 100)
	if err != nil {
		t.Fatal(err)
	}
	name := testInks[1].Name
	if s := tr.Steps[1]; s.Kind != trace.Deduce || !strings.Contains(s.Note, name) || !slices.Equal(s.Values, []int{1, 2}) {
		t.Errorf("second step of %s: %+v, want both cells settled, named %s", c, s, name)
	}
}
