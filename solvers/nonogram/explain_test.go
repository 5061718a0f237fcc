package nonogram

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteFixpoint is line reasoning done independently of the solver: each
// line in turn, every colouring of it that fits its clue and known cells
// tried (bruteLineOptions), the cells they all colour alike settled, until
// a whole round settles nothing. ok is false when some line has no fit.
func bruteFixpoint(c *Clues, grid []byte) (ok bool) {
	h, w := len(c.Rows), len(c.Cols)
	for changed := true; changed; {
		changed = false
		for l := range h + w {
			var idx []int
			runs := c.Rows[min(l, h-1)]
			if l < h {
				for x := range w {
					idx = append(idx, l*w+x)
				}
			} else {
				runs = c.Cols[l-h]
				for y := range h {
					idx = append(idx, y*w+l-h)
				}
			}
			cells := make([]byte, len(idx))
			for i, g := range idx {
				cells[i] = grid[g]
			}
			canBlack, canWhite, fits := bruteLineOptions(cells, runs)
			if !fits {
				return false
			}
			for i, g := range idx {
				if grid[g] == markUnknown && canBlack[i] != canWhite[i] {
					grid[g] = markWhite
					if canBlack[i] {
						grid[g] = markBlack
					}
					changed = true
				}
			}
		}
	}
	return true
}

// bruteProbed is what probing adds to bruteFixpoint, independently: any
// undecided cell one of whose colours makes line reasoning find no fit
// takes the other, until no cell does. A probe that fails stays failing as
// more cells are known, so the end is the same in any order. ok is false
// when both colours of a cell fail.
func bruteProbed(c *Clues, grid []byte) (ok bool) {
	if !bruteFixpoint(c, grid) {
		return false
	}
	for changed := true; changed; {
		changed = false
		for g := range grid {
			if grid[g] != markUnknown {
				continue
			}
			for _, assumed := range []byte{markBlack, markWhite} {
				try := bytes.Clone(grid)
				try[g] = assumed
				if bruteFixpoint(c, try) {
					continue
				}
				grid[g] = markBlack + markWhite - assumed
				if !bruteFixpoint(c, grid) {
					return false
				}
				changed = true
				break
			}
		}
	}
	return true
}

// randomClues are the clues of a random picture, or now and then of two
// pictures' rows and columns mixed, which often have no solution.
func randomClues(rng *rand.Rand) *Clues {
	h, w := 1+rng.IntN(6), 1+rng.IntN(6)
	c := CluesOf(drawPicture(rng, h, w, 0.3+0.4*rng.Float64()))
	if rng.IntN(5) == 0 {
		c.Cols = CluesOf(drawPicture(rng, h, w, 0.5)).Cols
	}
	return c
}

// TestExplainAgainstBruteForce checks Explain's report with line
// reasoning and probing done independently: the cells line reasoning
// leaves, the level, the probes (each a cell one of whose colours fails,
// which together settle the puzzle) and the number of solutions.
func TestExplainAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	seen := map[Level]int{}
	seenStatus := map[Status]int{}
	for range 1500 {
		c := randomClues(rng)
		h, w := len(c.Rows), len(c.Cols)
		rep, err := Explain(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen[rep.Level]++
		seenStatus[rep.Status]++
		n, _ := bruteSolve(c)
		if want := [...]Status{None, Unique, Multiple}[n]; rep.Status != want {
			t.Fatalf("clues\n%sstatus %s, brute force %s", c, rep.Status, want)
		}

		lines := bytes.Repeat([]byte{markUnknown}, h*w)
		linesOK := bruteFixpoint(c, lines)
		if linesOK {
			var unsettled []int
			for i, m := range lines {
				if m == markUnknown {
					unsettled = append(unsettled, i)
				}
			}
			if !slices.Equal(rep.Unsettled, unsettled) && len(unsettled)+len(rep.Unsettled) > 0 {
				t.Fatalf("clues\n%sunsettled %v, line reasoning leaves %v", c, rep.Unsettled, unsettled)
			}
		}
		probed := bytes.Repeat([]byte{markUnknown}, h*w)
		probedOK := bruteProbed(c, probed)
		want := ByGuess
		switch {
		case !linesOK || !bytes.ContainsRune(lines, markUnknown):
			want = ByLines
		case !probedOK || !bytes.ContainsRune(probed, markUnknown):
			want = ByProbes
		}
		if rep.Level != want {
			t.Fatalf("clues\n%slevel %s, want %s (line reasoning leaves %s, probes %s)", c, rep.Level, want, lines, probed)
		}
		if want == ByLines && len(rep.Probes) > 0 || want == ByProbes && len(rep.Probes) == 0 {
			t.Fatalf("clues\n%slevel %s with probes %v", c, rep.Level, rep.Probes)
		}
		if want != ByProbes {
			continue
		}
		// The probes, replayed from where line reasoning stops, each rule
		// out one colour and together settle the puzzle or refute it.
		grid, ok := bytes.Clone(lines), true
		for _, g := range rep.Probes {
			if grid[g] != markUnknown {
				t.Fatalf("clues\n%sprobe of settled cell %d", c, g)
			}
			var fails []byte
			for _, assumed := range []byte{markBlack, markWhite} {
				try := bytes.Clone(grid)
				try[g] = assumed
				if !bruteFixpoint(c, try) {
					fails = append(fails, assumed)
				}
			}
			if len(fails) == 0 {
				t.Fatalf("clues\n%sprobe of cell %d on %s finds no contradiction", c, g, grid)
			}
			grid[g] = markBlack + markWhite - fails[0]
			if ok = len(fails) == 1 && bruteFixpoint(c, grid); !ok {
				break
			}
		}
		if ok && bytes.ContainsRune(grid, markUnknown) {
			t.Fatalf("clues\n%sthe probes %v leave %s", c, rep.Probes, grid)
		}
	}
	for _, l := range []Level{ByLines, ByProbes, ByGuess} {
		if seen[l] == 0 {
			t.Errorf("level %s never seen: %v", l, seen)
		}
	}
	if len(seenStatus) != 3 {
		t.Errorf("statuses seen: %v", seenStatus)
	}
}

// bruteFewest is the fewest cells of pic to change for it to be the
// unique solution of its clues, by trying every set of cells, smallest
// first, with bruteSolve.
func bruteFewest(pic [][]bool) int {
	return bruteFewestChanges(pic, 2, func() bool {
		n, _ := bruteSolve(CluesOf(pic))
		return n == 1
	})
}

// TestMakeUniqueFewest checks MakeUnique on small random pictures against
// trying every set of changes: its changes make the picture unique, and
// no fewer do.
func TestMakeUniqueFewest(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 2))
	needed := map[int]int{}
	for range 150 {
		h, w := 3+rng.IntN(3), 3+rng.IntN(2)
		pic := drawPicture(rng, h, w, 0.2+0.6*rng.Float64())
		if rng.IntN(2) == 0 { // sparse, with 2x2 diagonals: ambiguous
			pic = drawPicture(rng, h, w, 0.1)
			for range 2 {
				r, c := rng.IntN(h-1), rng.IntN(w-1)
				pic[r][c], pic[r+1][c+1], pic[r][c+1], pic[r+1][c] = true, true, false, false
			}
		}
		ch, err := MakeUnique(context.Background(), pic, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		want := bruteFewest(pic)
		if !ch.Found || !ch.Fewest || len(ch.Cells) != want {
			t.Fatalf("picture\n%s: %+v, want %d changes", pictureText(pic), ch, want)
		}
		for _, i := range ch.Cells {
			pic[i/w][i%w] = !pic[i/w][i%w]
		}
		if n, _ := bruteSolve(CluesOf(pic)); n != 1 {
			t.Fatalf("changed by %v to\n%s: %d solutions", ch.Cells, pictureText(pic), n)
		}
		needed[want]++
	}
	if needed[0] == 0 || needed[1] == 0 || needed[2] == 0 {
		t.Errorf("changes needed: %v", needed)
	}
}

// TestMakeUniqueBudget: a search cut short says so, and suggests nothing.
func TestMakeUniqueBudget(t *testing.T) {
	pic := [][]bool{ // two 2x2 checkerboards: each needs a change
		{true, false, false, false, false},
		{false, true, false, false, false},
		{false, false, false, false, false},
		{false, false, false, true, false},
		{false, false, false, false, true},
	}
	full, err := MakeUnique(context.Background(), clonePic(pic), 1<<20)
	if err != nil || !full.Fewest || len(full.Cells) != bruteFewest(clonePic(pic)) {
		t.Fatalf("full search: %+v %v", full, err)
	}
	cut, err := MakeUnique(context.Background(), clonePic(pic), 2)
	if err != nil || cut.Fewest || cut.Found || len(cut.Cells) != 0 {
		t.Fatalf("cut search: %+v %v", cut, err)
	}
}

func clonePic(pic [][]bool) [][]bool {
	out := make([][]bool, len(pic))
	for r := range pic {
		out[r] = slices.Clone(pic[r])
	}
	return out
}

// TestOps runs Nonogram's own jobs as the worker does.
func TestOps(t *testing.T) {
	ctx := context.Background()
	got, err := Game{}.Run(ctx, OpExplain, "2 2\n1 1\n1 1\n1 1\n1 1\n", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := got.(*Report)
	if rep.Status != Multiple || rep.Level != ByGuess || len(rep.Unsettled) != 4 {
		t.Fatalf("2x2 checkerboard: %+v", rep)
	}
	got, err = Game{}.Run(ctx, OpUnique, "#.\n.#\n", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if ch := got.(*Changes); !ch.Found || !ch.Fewest || len(ch.Cells) != 1 {
		t.Fatalf("2x2 checkerboard: %+v", ch)
	}
	for _, bad := range []string{"", "#.\n#", "#?\n..", strings.Repeat("#", 2000)} {
		if _, err := (Game{}).Run(ctx, OpUnique, bad, "", nil); err == nil {
			t.Errorf("picture %.20q: no error", bad)
		}
	}
	if _, err := (Game{}).Run(ctx, "nope", "", "", nil); err == nil {
		t.Error("unknown op: no error")
	}
}

// FuzzReadPicture: any text is read or refused, never a panic, and a
// picture read is rows of one length.
func FuzzReadPicture(f *testing.F) {
	f.Add("#.\n.#\n")
	f.Add("##\n#\n")
	f.Fuzz(func(t *testing.T, text string) {
		pic, err := readPicture(text)
		if err != nil {
			return
		}
		for _, row := range pic {
			if len(row) != len(pic[0]) {
				t.Fatalf("%q: ragged %v", text, pic)
			}
		}
	})
}
