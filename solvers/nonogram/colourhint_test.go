package nonogram

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// countWith counts, by brute force and up to two, the solutions of c that
// agree with the marked cells of position.
func countWith(c *Clues, position []byte) int {
	given := *c
	given.Given = slices.Clone(position)
	return bruteColourSolve(&given)
}

// with is grid with cell g marked m.
func with(grid []byte, g int, m byte) []byte {
	next := slices.Clone(grid)
	next[g] = m
	return next
}

// otherMarks lists the marks of a colour puzzle of inks inks but m.
func otherMarks(m byte, inks int) []byte {
	marks := append([]byte{markWhite}, inkLetters[:inks]...)
	return slices.DeleteFunc(marks, func(o byte) bool { return o == m })
}

// checkColourStep checks by brute force what step s claims about grid.
func checkColourStep(t *testing.T, c *Clues, grid []byte, s step) {
	t.Helper()
	b := newColourBoard(c)
	nInks := len(c.Inks)
	blank := bytes.Repeat([]byte{markUnknown}, len(grid))
	all := countWith(c, blank)
	lineOf := func(l int) []cellSet {
		var line []cellSet
		for _, g := range b.cellsOf(l) {
			line = append(line, setOfMark(grid[g], b.every))
		}
		return line
	}
	// forced says that no solution agreeing with grid gives g another mark.
	forced := func(g int, m byte) {
		t.Helper()
		for _, o := range otherMarks(m, nInks) {
			if countWith(c, with(grid, g, o)) > 0 {
				t.Fatalf("%s: cell %d hinted %c can be %c", grid, g, m, o)
			}
		}
	}
	switch s.kind {
	case lineStep:
		can, ok := bruteColourLine(lineOf(s.line), b.runsOf(s.line), c.inksOf(s.line), nInks)
		for _, g := range s.cells {
			i := b.indexInLine(g, s.line)
			if !ok || grid[g] != markUnknown || !slices.Contains(b.cellsOf(s.line), g) || can[i] != setOfMark(s.mark, 0) {
				t.Fatalf("%s: cell %d is not forced to %c by line %d", grid, g, s.mark, s.line)
			}
			forced(g, s.mark)
		}
	case crossStep:
		g := s.cells[0]
		row, _ := bruteColourLine(lineOf(g/b.w), b.runsOf(g/b.w), c.inksOf(g/b.w), nInks)
		col, _ := bruteColourLine(lineOf(b.h+g%b.w), b.runsOf(b.h+g%b.w), c.inksOf(b.h+g%b.w), nInks)
		if grid[g] != markUnknown || s.line != g/b.w || s.leaves != [2]cellSet{row[g%b.w], col[g/b.w]} || row[g%b.w]&col[g/b.w] != setOfMark(s.mark, 0) {
			t.Fatalf("%s: cell %d is not left %c by its row and column: %+v", grid, g, s.mark, s)
		}
		forced(g, s.mark)
	case misfitStep:
		if _, ok := bruteColourLine(lineOf(s.line), b.runsOf(s.line), c.inksOf(s.line), nInks); ok {
			t.Fatalf("%s: line %d does fit", grid, s.line)
		}
	case wrongStep:
		g := s.cells[0]
		if all != 1 || grid[g] != s.mark || countWith(c, with(blank, g, s.mark)) != 0 || countWith(c, with(blank, g, s.right)) != 1 {
			t.Fatalf("%s: cell %d marked %c is not wrong (%c right)", grid, g, s.mark, s.right)
		}
	case probeStep:
		g := s.cells[0]
		if grid[g] != markUnknown || len(s.refuted) == 0 {
			t.Fatalf("%s: bad probe %+v", grid, s)
		}
		forced(g, s.mark)
		for _, r := range s.refuted {
			if countWith(c, with(grid, g, r.mark)) != 0 {
				t.Fatalf("%s: cell %d can be %c", grid, g, r.mark)
			}
		}
	case stuckStep:
		for l := range b.lines() {
			line := b.setsOf(grid)
			changed, _ := b.solveLine(line, l, nil)
			for _, g := range changed {
				if markOfSet(line[g]) != markUnknown {
					t.Fatalf("%s: stuck but line %d forces cell %d", grid, l, g)
				}
			}
		}
		if s.cells != nil && (all != 1 || countWith(c, with(blank, s.cells[0], s.mark)) != 1) {
			t.Fatalf("%s: guess %+v is not the solution's", grid, s)
		}
		if s.cells == nil && all < 2 {
			t.Fatalf("%s: stuck with %d solutions", grid, all)
		}
	case solvedStep:
		if countWith(c, grid) == 0 {
			t.Fatalf("%s is not a solution", grid)
		}
	case noneStep:
		if all > 0 {
			t.Fatalf("no solution claimed, but there is one")
		}
	default:
		t.Fatalf("step %+v", s)
	}
	if s.kind != misfitStep && s.kind != wrongStep && all == 1 && countWith(c, grid) == 0 {
		t.Fatalf("%s: %+v while a marked cell is wrong", grid, s)
	}
}

// TestColourHintsAgainstBruteForce follows colour hints from a blank
// board, and from boards with some cells marked, wrongly now and then,
// checking every step by brute force: every hinted cell is forced.
func TestColourHintsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	seen := map[stepKind]int{}
	for range 300 { // about a second; fewer miss some kinds of step
		h, w, nInks := 1+rng.IntN(5), 1+rng.IntN(5), 2+rng.IntN(2)
		pic := colourPicture(rng, h, w, nInks, 0.4+0.5*rng.Float64())
		c := ColourCluesOf(pic, testInks[:nInks])
		grid := make([]byte, h*w)
		mark := func(g, ink int) byte { return ("x" + inkLetters[:nInks])[ink] }
		for g := range grid {
			grid[g] = markUnknown
			if rng.IntN(5) == 0 {
				grid[g] = mark(g, pic[g/w][g%w])
			}
		}
		if rng.IntN(4) == 0 { // a mark against the picture
			g := rng.IntN(h * w)
			grid[g] = mark(g, (pic[g/w][g%w]+1+rng.IntN(nInks))%(nInks+1))
		}
		followHints(t, c, grid, nextColourStep, checkColourStep, seen)
	}
	seenEveryKind(t, seen)
	if seen[crossStep] == 0 {
		t.Errorf("no step by a row and a column in %v", seen)
	}
}

// TestColourHintSentences: a colour hint says what a black and white
// one says, with the colours by their palette names or letters.
func TestColourHintSentences(t *testing.T) {
	inks := []Ink{{"red", "e02020"}, {"", "2040c0"}}
	c := ColourCluesOf([][]int{{1, 1, 2, 0}, {0, 2, 2, 2}, {1, 0, 0, 2}}, inks)
	for _, tc := range []struct{ position, move, reason string }{
		{"", "b", "Row 2, clue 3b in 4 cells: cells 2–3 must be colour b."},
		{"...x\n....\n....", "a", "Row 1, clue 2a 1b in 4 cells: cells 1–2 must be red."},
		{"x...\n....\n....", "wrong", "Column 1 cannot fit clue 1a 1a with the cells you marked."},
		{"aabx\nxbbb\naxxb", "", "The puzzle is solved."},
	} {
		h, err := Game{}.Hint(context.Background(), c.String(), tc.position)
		if err != nil {
			t.Fatal(err)
		}
		if h.Move != tc.move || h.Reason != tc.reason {
			t.Errorf("%q: got %q %q, want %q %q", tc.position, h.Move, h.Reason, tc.move, tc.reason)
		}
	}
	// A probe names each colour it rules out; a wrong mark, the right one.
	for _, tc := range []struct {
		s    step
		want string
	}{
		{step{kind: probeStep, cells: []int{5}, mark: 'b', refuted: []refutation{{markWhite, 1}, {'a', 4}}},
			"Line reasoning is stuck. If cell (2, 2) were empty, row 2 could not fit its clue 3b; if it were red, column 2 could not fit its clue 1a 1b: so it is colour b."},
		{step{kind: wrongStep, cells: []int{0}, mark: 'b', right: 'a'}, "Cell (1, 1) is marked colour b, but the solution has it red."},
		{step{kind: crossStep, line: 1, cells: []int{5}, mark: 'b', leaves: [2]cellSet{whiteSet | inkSet(1), inkSet(0) | inkSet(1)}},
			"Row 2, clue 3b in 4 cells, leaves cell 2 empty or colour b; column 2, clue 1a 1b in 3 cells, leaves it red or colour b: so cell (2, 2) is colour b."},
	} {
		if got := tc.s.hint(newBoard(c)).Reason; got != tc.want {
			t.Errorf("got %q\nwant %q", got, tc.want)
		}
	}
}

// bruteColourFixpoint is colour line reasoning done by brute force: each
// line in turn narrowed by bruteColourLine until a round changes nothing;
// ok is false when a line has no fit.
func bruteColourFixpoint(c *Clues, sets []cellSet) (ok bool) {
	b := newBoard(c)
	for changed := true; changed; {
		changed = false
		for l := range b.lines() {
			var line []cellSet
			for _, g := range b.cellsOf(l) {
				line = append(line, sets[g])
			}
			can, fits := bruteColourLine(line, b.runsOf(l), c.inksOf(l), len(c.Inks))
			if !fits {
				return false
			}
			for i, g := range b.cellsOf(l) {
				if sets[g]&can[i] != sets[g] {
					sets[g] &= can[i]
					changed = true
				}
			}
		}
	}
	return true
}

// bruteColourProbed adds probes to bruteColourFixpoint: a colour of a
// cell that makes line reasoning find no fit is struck out, until no
// probe strikes any; ok is false when a cell has no colour left.
func bruteColourProbed(c *Clues, sets []cellSet) (ok bool) {
	if !bruteColourFixpoint(c, sets) {
		return false
	}
	for changed := true; changed; {
		changed = false
		for g, s := range sets {
			if markOfSet(s) != markUnknown {
				continue
			}
			for one := cellSet(1); one <= s; one <<= 1 {
				try := slices.Clone(sets)
				try[g] = one
				if s&one != 0 && !bruteColourFixpoint(c, try) {
					sets[g] &^= one
					changed = true
				}
			}
			if sets[g] == 0 || !bruteColourFixpoint(c, sets) {
				return false
			}
		}
	}
	return true
}

// TestExplainColourAgainstBruteForce checks the designer's check of
// colour puzzles against line reasoning and probing done by brute force:
// the cells line reasoning leaves, the level, the cells left after the
// probes and the number of solutions.
func TestExplainColourAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	seen := map[Level]int{}
	for range 600 {
		h, w, nInks := 1+rng.IntN(5), 1+rng.IntN(5), 2+rng.IntN(2)
		c := ColourCluesOf(colourPicture(rng, h, w, nInks, 0.3+0.6*rng.Float64()), testInks[:nInks])
		if rng.IntN(5) == 0 { // perhaps no solution
			c.RowInks[0] = slices.Clone(c.RowInks[0])
			for j := range c.RowInks[0] {
				c.RowInks[0][j] = rng.IntN(nInks)
			}
		}
		rep, err := Explain(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen[rep.Level]++
		if want := [...]Status{None, Unique, Multiple}[bruteColourSolve(c)]; rep.Status != want {
			t.Fatalf("clues\n%sstatus %s, brute force %s", c, rep.Status, want)
		}
		every := cellSet(1)<<(nInks+1) - 1
		unknown := func(sets []cellSet) (cells []int) {
			for g, s := range sets {
				if markOfSet(s) == markUnknown {
					cells = append(cells, g)
				}
			}
			return cells
		}
		lines := slices.Repeat([]cellSet{every}, h*w)
		linesOK := bruteColourFixpoint(c, lines)
		if linesOK && !slices.Equal(rep.Unsettled, unknown(lines)) && len(rep.Unsettled)+len(unknown(lines)) > 0 {
			t.Fatalf("clues\n%sunsettled %v, line reasoning leaves %v", c, rep.Unsettled, unknown(lines))
		}
		probed := slices.Repeat([]cellSet{every}, h*w)
		probedOK := bruteColourProbed(c, probed)
		want := ByGuess
		switch {
		case !linesOK || len(unknown(lines)) == 0:
			want = ByLines
		case !probedOK || len(unknown(probed)) == 0:
			want = ByProbes
		}
		if rep.Level != want {
			t.Fatalf("clues\n%slevel %s, want %s", c, rep.Level, want)
		}
		if want == ByGuess && rep.Left != len(unknown(probed)) {
			t.Fatalf("clues\n%s%d cells left, brute force leaves %d", c, rep.Left, len(unknown(probed)))
		}
		if want == ByProbes && len(rep.Probes) == 0 || want == ByLines && len(rep.Probes) > 0 {
			t.Fatalf("clues\n%slevel %s with probes %v", c, rep.Level, rep.Probes)
		}
	}
	for _, l := range []Level{ByLines, ByProbes, ByGuess} {
		if seen[l] == 0 {
			t.Errorf("level %s never seen: %v", l, seen)
		}
	}
}
