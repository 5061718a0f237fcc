package flip

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

func TestGenerateLevels(t *testing.T) {
	ctx := context.Background()
	table := table4x4()
	for _, size := range [][2]int{{4, 4}, {5, 3}, {7, 7}} {
		w, h := size[0], size[1]
		for level := 1; level <= 3; level++ {
			lo, hi := levelRange(w*h, level)
			for seed := range uint64(100) {
				text, err := Game{}.Generate(ctx, play.Options{W: w, H: h, Level: level, Seed: seed})
				if err != nil {
					t.Fatalf("%dx%d level %d seed %d: %v", w, h, level, seed, err)
				}
				b, err := ParseBoard(text)
				if err != nil || b.W != w || b.H != h {
					t.Fatalf("%dx%d level %d seed %d: got %q (%v)", w, h, level, seed, text, err)
				}
				a := solveOrFatal(t, b)
				if !a.Possible || !a.Minimal || a.Count < lo || a.Count > hi {
					t.Fatalf("%dx%d level %d seed %d: %v needs %d presses (minimal %v), want %d..%d", w, h, level, seed, b, a.Count, a.Minimal, lo, hi)
				}
				if w == 4 && h == 4 {
					if want, _ := bruteFewest(table, 16, boardMask(b)); want != a.Count {
						t.Fatalf("4x4 level %d seed %d: brute force says %d presses, solver %d", level, seed, want, a.Count)
					}
				}
			}
		}
	}
}

// TestLevelRange checks the ranges the documentation promises for 4x4.
func TestLevelRange(t *testing.T) {
	for level, want := range [][2]int{{1, 2}, {3, 4}, {5, 8}} {
		if lo, hi := levelRange(16, level+1); lo != want[0] || hi != want[1] {
			t.Errorf("4x4 level %d: got %d..%d, want %d..%d", level+1, lo, hi, want[0], want[1])
		}
	}
}

func TestGenerateDeterministic(t *testing.T) {
	ctx := context.Background()
	seen := map[string]bool{}
	for seed := range uint64(20) {
		o := play.Options{W: 6, H: 5, Level: 2, Seed: seed}
		first, err1 := Game{}.Generate(ctx, o)
		again, err2 := Game{}.Generate(ctx, o)
		if err1 != nil || err2 != nil || first != again {
			t.Fatalf("seed %d: got %q (%v) then %q (%v)", seed, first, err1, again, err2)
		}
		seen[first] = true
	}
	if len(seen) < 15 {
		t.Fatalf("20 seeds gave only %d different boards", len(seen))
	}
	if text, err := (Game{}).Generate(ctx, play.Options{Level: 1}); err != nil || !strings.HasPrefix(text, "4 4\n") {
		t.Fatalf("no size: got %q (%v), want a 4x4 board", text, err)
	}
}

func TestGenerateErrors(t *testing.T) {
	for _, tc := range []struct {
		o    play.Options
		want string
	}{
		{play.Options{W: 4, H: 4, Level: 0}, "level 0 is outside 1..3"},
		{play.Options{W: 4, H: 4, Level: 4}, "level 4 is outside"},
		{play.Options{W: 0, H: 5, Level: 1}, "board 0x5 is outside"},
		{play.Options{W: 600, H: 2, Level: 1}, "board 600x2 is outside"},
		{play.Options{W: 1, H: 2, Level: 3}, "too small for level 3"},
		{play.Options{W: 1, H: 1, Level: 1}, "found no 1x1 board"},
	} {
		_, err := Game{}.Generate(context.Background(), tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got error %v, want %q", tc.o, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Game{}).Generate(ctx, play.Options{W: 4, H: 4, Level: 1}); err != context.Canceled {
		t.Errorf("cancelled: got %v", err)
	}
}

// boardMask is the set of black cells of a board of at most 64 cells.
func boardMask(b *Board) uint64 {
	var m uint64
	for i, black := range b.Black {
		if black {
			m |= 1 << i
		}
	}
	return m
}

// TestHintLowersFewest checks on every 4x4 board that pressing the hinted
// cell leaves a board needing one press fewer, by brute force.
func TestHintLowersFewest(t *testing.T) {
	ctx := context.Background()
	table := table4x4()
	puzzle := boardFromMask(4, 4, 0).String()
	step := uint64(1)
	if testing.Short() {
		step = 7
	}
	for black := uint64(0); black < 1<<16; black += step {
		b := boardFromMask(4, 4, black)
		hint, err := Game{}.Hint(ctx, puzzle, b.String())
		if err != nil {
			t.Fatalf("%v: %v", b, err)
		}
		before, _ := bruteFewest(table, 16, black)
		if before <= 0 {
			if len(hint.Cells) != 0 || hint.Move != "" || hint.Reason == "" {
				t.Fatalf("%v needs %d presses: got hint %+v, want none with a reason", b, before, hint)
			}
			continue
		}
		if len(hint.Cells) != 1 || hint.Move != "press" {
			t.Fatalf("%v: got hint %+v, want one press", b, hint)
		}
		b.Press(hint.Cells[0])
		if after, _ := bruteFewest(table, 16, boardMask(b)); after != before-1 {
			t.Fatalf("%v: pressing %d leaves %d presses to go, want %d", boardFromMask(4, 4, black), hint.Cells[0], after, before-1)
		}
	}
}

func TestHintReason(t *testing.T) {
	ctx := context.Background()
	b, _ := NewBoard(5, 4)
	b.Press(2*5 + 4)
	b.Press(0)
	hint, err := Game{}.Hint(ctx, b.String(), b.String())
	if err != nil {
		t.Fatal(err)
	}
	want := "Press row 1, column 1: it is one of the 2 presses of a fewest-press solution from here."
	if hint.Reason != want || fmt.Sprint(hint.Cells) != "[0]" {
		t.Fatalf("got %+v, want cell 0 and reason %q", hint, want)
	}
	b.Press(0)
	if hint, _ := (Game{}).Hint(ctx, b.String(), b.String()); hint.Reason != "Press row 3, column 5: that one press makes the board all white." {
		t.Fatalf("one press to go: got %+v", hint)
	}
	b.Press(2*5 + 4)
	if hint, _ := (Game{}).Hint(ctx, b.String(), b.String()); hint.Reason != "The board is already all white." {
		t.Fatalf("solved board: got %+v", hint)
	}
	impossible := uint64(0)
	for n, _ := bruteFewest(table4x4(), 16, impossible); n >= 0; n, _ = bruteFewest(table4x4(), 16, impossible) {
		impossible++
	}
	stuck := boardFromMask(4, 4, impossible).String()
	if hint, _ := (Game{}).Hint(ctx, stuck, stuck); hint.Reason != "No presses make this board one colour." {
		t.Fatalf("impossible board: got %+v", hint)
	}
}

func TestHintErrors(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ puzzle, position, want string }{
		{"x", "3 1\nbbb", "puzzle: flip: line 1: unexpected 'x'"},
		{"3 1\nbbb", "3 1\nbb", "position: flip: line 2: got 2 cells"},
		{"3 1\nbbb", "1 3\nb\nb\nb", "position is 1x3 but the puzzle is 3x1"},
	} {
		if _, err := (Game{}).Hint(ctx, tc.puzzle, tc.position); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Hint(%q, %q): got error %v, want %q", tc.puzzle, tc.position, err, tc.want)
		}
	}
}

func FuzzHint(f *testing.F) {
	f.Add("3 2\nbwb\nwww\n")
	f.Add("bwwbbbwbbwwbbwww")
	f.Add("3 2 white\nbwb\nwww\n")
	f.Add("2 2 black\nbw\nwb\n")
	f.Fuzz(func(t *testing.T, position string) {
		b, err := ParseBoard(position)
		hint, herr := Game{}.Hint(context.Background(), position, position)
		if (err != nil) != (herr != nil) {
			t.Fatalf("ParseBoard error %v, Hint error %v", err, herr)
		}
		if err != nil || len(hint.Cells) == 0 {
			return
		}
		if i := hint.Cells[0]; i < 0 || i >= b.W*b.H {
			t.Fatalf("hint cell %d outside the %dx%d board", i, b.W, b.H)
		}
	})
}
