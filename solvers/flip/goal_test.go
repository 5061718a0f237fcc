package flip

import (
	"context"
	"math/rand/v2"
	"testing"
)

// bruteGoal is the fewest presses making black (the set of black cells)
// meet goal, or -1, and how many press sets of that size do (capped at 2).
func bruteGoal(table []fewestWays, n int, black uint64, goal Goal) (fewest, ways int) {
	var t fewestWays
	switch goal {
	case AllWhite:
		t = table[black]
	case AllBlack:
		t = table[black^(1<<n-1)]
	default:
		return bruteFewest(table, n, black)
	}
	return int(t.fewest), int(t.ways)
}

// checkGoal checks a's presses make b meet its goal, and that a's count,
// ways and proof agree with brute force.
func checkGoal(t *testing.T, b *Board, a *Answer, table []fewestWays, black uint64) {
	t.Helper()
	checkAnswer(t, b, a)
	want, ways := bruteGoal(table, len(b.Black), black, b.Goal)
	got := -1
	if a.Possible {
		got = a.Count
	}
	if got != want || (a.Possible && (!a.Minimal || a.Solutions != ways)) {
		t.Fatalf("%v: got %d presses in %d ways (minimal %v), brute force %d in %d", b, got, a.Solutions, a.Minimal, want, ways)
	}
	if lo, hi := b.Goal.colours(); a.Possible && (a.Color != colors[lo] && a.Color != colors[hi-1]) {
		t.Fatalf("%v: ends %q, not %s", b, a.Color, b.Goal)
	}
}

// TestGoalsAgainstBruteForce solves every board of every shape up to 4x4
// for every goal.
func TestGoalsAgainstBruteForce(t *testing.T) {
	for w := 1; w <= 4; w++ {
		for h := 1; h <= 4; h++ {
			n := w * h
			table := bruteTable(w, h)
			step := uint64(1)
			if testing.Short() && n == 16 {
				step = 13
			}
			for black := uint64(0); black < 1<<n; black += step {
				for _, goal := range Goals {
					b := boardFromMask(w, h, black)
					b.Goal = goal
					checkGoal(t, b, solveOrFatal(t, b), table, black)
				}
			}
		}
	}
}

// TestGoalsJudgeBatch solves boards of different goals in one batch, as
// the judge does.
func TestGoalsJudgeBatch(t *testing.T) {
	table := table4x4()
	rng := rand.New(rand.NewPCG(11, 12))
	boards := make([]*Board, 3*judgeBatch)
	masks := make([]uint64, len(boards))
	for i := range boards {
		masks[i] = rng.Uint64N(1 << 16)
		boards[i] = boardFromMask(4, 4, masks[i])
		boards[i].Goal = Goals[i%len(Goals)]
	}
	answers := make([]*Answer, len(boards))
	if err := solveAll(context.Background(), boards, answers, nil); err != nil {
		t.Fatal(err)
	}
	for i, b := range boards {
		checkGoal(t, b, answers[i], table, masks[i])
	}
}

// TestGoalsAgainstGauss checks bigger boards, some with quiet press sets,
// against Gaussian elimination, one colour at a time.
func TestGoalsAgainstGauss(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, size := range [][2]int{{5, 5}, {9, 4}, {11, 11}, {16, 16}, {17, 17}} {
		for run := range 4 {
			b, _ := NewBoard(size[0], size[1])
			for i := range b.Black {
				if run%2 == 0 {
					b.Black[i] = rng.IntN(2) == 1
				} else if rng.IntN(2) == 1 {
					b.Press(i)
				}
			}
			for _, goal := range []Goal{AllWhite, AllBlack} {
				b.Goal = goal
				a := solveOrFatal(t, b)
				want := gaussFewest(b, goal == AllBlack)
				got := -1
				if a.Possible {
					got = a.Count
				}
				if got != want || (a.Possible && !a.Minimal) {
					t.Fatalf("%v: got %d presses (minimal %v), Gaussian elimination %d", b, got, a.Minimal, want)
				}
			}
		}
	}
}

func TestSolved(t *testing.T) {
	for _, tc := range []struct {
		text                     string
		either, allWhite, allBlk bool
	}{
		{"2 1\nww", true, true, false},
		{"2 1\nbb", true, false, true},
		{"2 1\nbw", false, false, false},
		{"1 1\nw", true, true, false},
		{"3 2\nbbb\nbbw", false, false, false},
	} {
		b, err := ParseBoard(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		for goal, want := range []bool{tc.either, tc.allWhite, tc.allBlk} {
			b.Goal = Goal(goal)
			if got := b.Solved(); got != want {
				t.Errorf("%q with goal %s: Solved() = %v, want %v", tc.text, b.Goal, got, want)
			}
		}
	}
}

func TestGoalNames(t *testing.T) {
	want := []string{"one colour", "all white", "all black"}
	for i, g := range Goals {
		if g.String() != want[i] || Goal(i) != g {
			t.Errorf("Goals[%d] = %d %q, want %d %q", i, g, g, i, want[i])
		}
	}
	// Any other value is Either.
	b := boardFromMask(3, 1, 0b001) // all black in 1 press, all white in 2
	b.Goal = Goal(len(Goals))
	if a := solveOrFatal(t, b); b.Goal.String() != "one colour" || b.String() != "3 1\nbww\n" || a.Count != 1 {
		t.Errorf("goal %d: named %q, written %q, solved in %d presses; want Either's", b.Goal, b.Goal, b, a.Count)
	}
}

// TestHintGoals checks on 4x4 boards that pressing the hinted cell leaves
// one press fewer to the puzzle's goal, and the reasons name the goal.
func TestHintGoals(t *testing.T) {
	ctx := context.Background()
	table := table4x4()
	step := uint64(3)
	if testing.Short() {
		step = 31
	}
	for _, goal := range []Goal{AllWhite, AllBlack} {
		puzzle := boardFromMask(4, 4, 0)
		puzzle.Goal = goal
		for black := uint64(0); black < 1<<16; black += step {
			b := boardFromMask(4, 4, black) // the position names no goal
			hint, err := Game{}.Hint(ctx, puzzle.String(), b.String())
			if err != nil {
				t.Fatalf("%v: %v", b, err)
			}
			before, _ := bruteGoal(table, 16, black, goal)
			if before <= 0 {
				if len(hint.Cells) != 0 || hint.Reason == "" {
					t.Fatalf("%v needs %d presses to %s: got hint %+v", b, before, goal, hint)
				}
				continue
			}
			b.Press(hint.Cells[0])
			if after, _ := bruteGoal(table, 16, boardMask(b), goal); after != before-1 {
				t.Fatalf("%v, %s: pressing %d leaves %d presses to go, want %d", boardFromMask(4, 4, black), goal, hint.Cells[0], after, before-1)
			}
		}
	}
	for _, tc := range []struct{ puzzle, want string }{
		{"2 1 white\nww", "The board is already all white."},
		{"2 1 black\nbb", "The board is already all black."},
		{"3 1 black\nwww", "Press row 1, column 2: that one press makes the board all black."},
		{"3 1 white\nbbw", "Press row 1, column 1: that one press makes the board all white."},
		{"3 1 black\nwwb", "Press row 1, column 1: that one press makes the board all black."},
		{"2 2 black\nww\nbb", "Press row 2, column 1: it is one of the 2 presses of a fewest-press solution from here."},
		{impossible4x4(AllWhite), "No presses make this board all white."},
		{impossible4x4(AllBlack), "No presses make this board all black."},
	} {
		hint, err := Game{}.Hint(ctx, tc.puzzle, tc.puzzle)
		if err != nil || hint.Reason != tc.want {
			t.Errorf("Hint(%q) = %+v, %v; want %q", tc.puzzle, hint, err, tc.want)
		}
	}
}

// impossible4x4 is a 4x4 board no presses solve, with the goal given.
func impossible4x4(goal Goal) string {
	black := uint64(0)
	for n, _ := bruteFewest(table4x4(), 16, black); n >= 0; n, _ = bruteFewest(table4x4(), 16, black) {
		black++
	}
	b := boardFromMask(4, 4, black)
	b.Goal = goal
	return b.String()
}
