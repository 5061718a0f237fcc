package iq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

func TestOrientationsOffsets(t *testing.T) {
	for p := range NumPieces {
		text := textOrientations(shapeText[p])
		got := Orientations(p)
		if len(got) != len(text) {
			t.Fatalf("piece %c: %d orientations, text model %d", 'A'+p, len(got), len(text))
		}
		for _, g := range text {
			// The anchor is the first '#' of the top row.
			anchor := strings.IndexByte(g[0], '#')
			var offsets []Cell
			for r, row := range g {
				for c := range len(row) {
					if row[c] == '#' {
						offsets = append(offsets, Cell{r, c - anchor})
					}
				}
			}
			if !slices.ContainsFunc(got, func(o []Cell) bool { return slices.Equal(o, offsets) }) {
				t.Errorf("piece %c: offsets %v of %q missing from %v", 'A'+p, offsets, g, got)
			}
		}
	}
	if Orientations(-1) != nil || Orientations(NumPieces) != nil {
		t.Error("Orientations out of range is not nil")
	}
}

// orientationOf returns the index in Orientations(p) of the text model's
// shape g.
func orientationOf(t *testing.T, p int, g []string) int {
	t.Helper()
	var cells []Cell
	for r, row := range g {
		for c := range len(row) {
			if row[c] == '#' {
				cells = append(cells, Cell{r, c})
			}
		}
	}
	o := slices.IndexFunc(orientations[p], func(s []Cell) bool { return slices.Equal(s, cells) })
	if o < 0 {
		t.Fatalf("piece %c: no orientation %q", 'A'+p, g)
	}
	return o
}

func TestFitAgainstTextModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for round := range 6 {
		b := new(Board)
		for _, p := range rng.Perm(NumPieces)[:round] {
			randomPlacement(rng, b, p)
		}
		g := toGrid(b)
		for p := range NumPieces {
			onBoard := strings.IndexByte(b.String(), byte('A'+p)) >= 0
			for _, s := range textOrientations(shapeText[p]) {
				o := orientationOf(t, p, s)
				anchor := strings.IndexByte(s[0], '#')
				for r := -1; r <= Size; r++ {
					for c := -1; c <= Size; c++ {
						err := b.Fit(p, o, r, c)
						want := !onBoard && fits(g, s, r, c-anchor)
						if (err == nil) != want {
							t.Fatalf("Fit(%c, %q, %d, %d) = %v, text model says fits %v:\n%s", 'A'+p, s, r, c, err, want, b)
						}
						if err == nil {
							placed := *b
							if err := placed.Place(p, o, r, c); err != nil {
								t.Fatalf("Place after Fit: %v", err)
							}
							if err := Validate(&placed); err != nil {
								t.Fatalf("Place made a bad board: %v\n%s", err, &placed)
							}
						}
					}
				}
			}
		}
	}
	var b Board
	for _, tc := range []struct {
		p, o, r, c int
		err        string
	}{
		{-1, 0, 0, 0, "no piece number -1"},
		{12, 0, 0, 0, "no piece number 12"},
		{3, 1, 5, 0, "piece D has no orientation 1"},
		{1, 0, 0, 0, "piece B would go off the board"},
		{1, 1, 7, 0, "piece B would go off the board"},
	} {
		if err := b.Fit(tc.p, tc.o, tc.r, tc.c); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Fit(%d, %d, %d, %d) = %v, want %q", tc.p, tc.o, tc.r, tc.c, err, tc.err)
		}
	}
	if err := b.Place(3, 0, 5, 0); err != nil {
		t.Fatal(err)
	}
	if err := b.Fit(3, 0, 8, 0); err == nil || !strings.Contains(err.Error(), "piece D is already on the board") {
		t.Errorf("Fit of a piece on the board: %v", err)
	}
	if err := b.Fit(1, 1, 6, 0); err == nil || !strings.Contains(err.Error(), "would overlap piece D at row 7, column 1") {
		t.Errorf("Fit over a piece: %v", err)
	}
}

// generated deals n puzzles at level with seeds from 1.
func generated(t *testing.T, level, n int) []*Board {
	t.Helper()
	var puzzles []*Board
	for seed := range n {
		text, err := Game{}.Generate(context.Background(), play.Options{Level: level, Seed: uint64(seed + 1)})
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseBoard(text)
		if err != nil {
			t.Fatalf("generated puzzle does not parse: %v\n%s", err, text)
		}
		puzzles = append(puzzles, b)
	}
	return puzzles
}

// pieceCount returns the number of pieces on b.
func pieceCount(b *Board) int {
	n := 0
	for p := range NumPieces {
		if strings.IndexByte(b.String(), byte('A'+p)) >= 0 {
			n++
		}
	}
	return n
}

func TestGenerateUnique(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	n := 100
	if testing.Short() {
		n = 4
	}
	for level := 1; level <= 3; level++ {
		sizes := map[int]int{}
		for _, b := range generated(t, level, n) {
			if err := Validate(b); err != nil {
				t.Fatalf("level %d: %v\n%s", level, err, b)
			}
			if c := naiveCount(b); c != 1 {
				t.Fatalf("level %d: plain search finds %d completions:\n%s", level, c, b)
			}
			k := pieceCount(b)
			if level < 3 && k != levelPieces[level] {
				t.Fatalf("level %d: %d pieces placed, want %d:\n%s", level, k, levelPieces[level], b)
			}
			sizes[k]++
		}
		if level == 3 {
			for k := range sizes {
				if k >= levelPieces[2] {
					t.Errorf("level 3: a puzzle with %d pieces placed, no fewer than level 2's", k)
				}
			}
		}
		t.Logf("level %d: puzzles by pieces placed: %v", level, sizes)
	}
}

func TestGenerateOptions(t *testing.T) {
	ctx := context.Background()
	a, errA := Game{}.Generate(ctx, play.Options{Level: 2, Seed: 7})
	b, errB := Game{}.Generate(ctx, play.Options{Level: 2, Seed: 7})
	c, errC := Game{}.Generate(ctx, play.Options{Level: 2, Seed: 8})
	if errA != nil || errB != nil || errC != nil || a != b || a == c {
		t.Errorf("seeds 7, 7, 8 gave %q, %q, %q (%v, %v, %v)", a, b, c, errA, errB, errC)
	}
	for _, level := range []int{0, 4, -1} {
		if _, err := (Game{}).Generate(ctx, play.Options{Level: level}); err == nil {
			t.Errorf("level %d gave no error", level)
		}
	}
}

// completions returns every completion of b found by the plain search.
func completions(b *Board) []*Board {
	var all []*Board
	naiveSearch(toGrid(b), pieceOrder, func(g *naiveGrid) bool {
		out := new(Board)
		for r := range Size {
			for c := range r + 1 {
				out.Set(r, c, g[r][c])
			}
		}
		all = append(all, out)
		return true
	})
	return all
}

// withHint returns pos with the hint's piece placed, failing t unless the
// hint names empty cells forming that piece.
func withHint(t *testing.T, pos *Board, h play.Hint) *Board {
	t.Helper()
	if len(h.Move) != 1 || h.Move[0] < 'A' || h.Move[0] > 'L' {
		t.Fatalf("hint move %q is not a piece letter", h.Move)
	}
	out := *pos
	for _, i := range h.Cells {
		if i < 0 || i >= NumCells || out.cells[i] != 0 {
			t.Fatalf("hint covers cell %d, not an empty cell: %+v\n%s", i, h, pos)
		}
		out.cells[i] = h.Move[0]
	}
	if err := Validate(&out); err != nil || len(h.Cells) != len(Pieces[h.Move[0]-'A'].Cells) {
		t.Fatalf("hint %+v does not place a whole piece: %v", h, err)
	}
	return &out
}

func TestHintAgainstPlainSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 30
	if testing.Short() {
		n = 4
	}
	seen := map[string]int{}
	for _, puzzle := range generated(t, 3, n) {
		solution := completions(puzzle)[0]
		// Positions on the way to the solution, and with one wrong piece.
		var positions []*Board
		pos := *puzzle
		for _, p := range rng.Perm(NumPieces) {
			cur := pos
			positions = append(positions, &cur)
			for i, v := range solution.cells {
				if v == byte('A'+p) {
					pos.cells[i] = v
				}
			}
		}
		positions = append(positions, &pos)
		wrong := *puzzle
		for _, p := range rng.Perm(NumPieces) {
			if strings.IndexByte(puzzle.String(), byte('A'+p)) < 0 && randomPlacement(rng, &wrong, p) {
				break
			}
		}
		positions = append(positions, &wrong)
		for _, pos := range positions {
			h, forced, err := hint(context.Background(), puzzle, pos)
			if err != nil {
				t.Fatal(err)
			}
			all := completions(pos)
			switch {
			case pieceCount(pos) == NumPieces:
				seen["full"]++
				if h.Cells != nil || !strings.Contains(h.Reason, "solved") {
					t.Fatalf("hint on a full board: %+v", h)
				}
			case len(all) == 0 && h.Move == "remove":
				seen["remove"]++
				out := *pos
				for _, i := range h.Cells {
					if puzzle.cells[i] != 0 || pos.cells[i] == 0 {
						t.Fatalf("hint removes cell %d, not the player's: %+v\n%s", i, h, pos)
					}
					out.cells[i] = 0
				}
				if pieceCount(&out) != pieceCount(pos)-1 || len(completions(&out)) == 0 {
					t.Fatalf("removing %v leaves no completion or not one piece less:\n%s", h.Cells, pos)
				}
			case len(all) == 0:
				seen["stuck"]++
				if h.Cells != nil || !strings.Contains(h.Reason, "cannot be completed") {
					t.Fatalf("hint on a board with no completion: %+v\n%s", h, pos)
				}
			default:
				next := withHint(t, pos, h)
				if len(completions(next)) == 0 {
					t.Fatalf("hint %+v leads to no completion:\n%s", h, pos)
				}
				if forced {
					seen["forced"]++
					for _, c := range all {
						for _, i := range h.Cells {
							if c.cells[i] != h.Move[0] {
								t.Fatalf("forced hint %+v is not in completion\n%s", h, c)
							}
						}
					}
				} else {
					seen["free"]++
				}
			}
		}
	}
	t.Logf("hints by kind: %v", seen)
	for _, kind := range []string{"full", "remove", "forced", "free"} {
		if seen[kind] == 0 {
			t.Errorf("no %s hint among the positions; the test lost its point", kind)
		}
	}
}

func TestRowColInvertsIndex(t *testing.T) {
	for r := range Size {
		for c := range r + 1 {
			if gr, gc := rowCol(index(r, c)); gr != r || gc != c {
				t.Errorf("rowCol(index(%d, %d)) = %d, %d", r, c, gr, gc)
			}
		}
	}
}

func TestHintErrors(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ puzzle, position, err string }{
		{"x", sampleIn, "iq: line 1"},
		{sampleIn, "", "no board"},
		{sampleIn, emptyText, "moved or removed piece"},
		{sampleIn, strings.Replace(sampleIn, "...CCC.", "...CCCA", 1), "the cells marked A do not make piece A's shape"},
	} {
		if _, err := (Game{}).Hint(ctx, tc.puzzle, tc.position); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Hint(%.20q, %.20q) = %v, want %q", tc.puzzle, tc.position, err, tc.err)
		}
	}
	h, err := Game{}.Hint(ctx, sampleIn, sampleIn)
	if err != nil || h.Move == "" {
		t.Errorf("Hint(sample, sample) = %+v, %v", h, err)
	}
	// D under the apex cuts it off: no completion, and no piece of the
	// player's to take back.
	stuck := ".\nDD\nDD.\n....\n.....\n......\n.......\n........\n.........\n..........\n"
	if naiveSolve(mustParse(t, stuck), pieceOrder) != nil {
		t.Fatal("plain search completes the stuck board")
	}
	h, err = Game{}.Hint(ctx, stuck, stuck)
	if err != nil || h.Cells != nil || !strings.Contains(h.Reason, "puzzle itself cannot be completed") {
		t.Errorf("Hint on a puzzle with no completion = %+v, %v", h, err)
	}
	h, err = Game{}.Hint(ctx, emptyText, stuck)
	if err != nil || h.Move != "remove" || len(h.Cells) != 4 {
		t.Errorf("Hint with the player's D cutting off the apex = %+v, %v", h, err)
	}
}

func FuzzHint(f *testing.F) {
	f.Add(sampleIn, sampleIn)
	f.Add(sampleIn, sampleOut)
	f.Add(emptyText, sampleIn)
	f.Add(sampleIn, strings.Replace(sampleIn, "EEEHH...", "EEEHHDD.", 1))
	f.Add("x", "")
	f.Fuzz(func(t *testing.T, puzzle, position string) {
		h, err := Game{}.Hint(context.Background(), puzzle, position)
		if err != nil {
			return
		}
		pos, _ := ParseBoard(position)
		for _, i := range h.Cells {
			if i < 0 || i >= NumCells || (pos.cells[i] == 0) != (h.Move != "remove") {
				t.Fatalf("hint %+v names cell %d wrongly:\n%s", h, i, pos)
			}
		}
	})
}

func BenchmarkGenerate(b *testing.B) {
	for level := 1; level <= 3; level++ {
		b.Run(fmt.Sprint("level", level), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				seed++
				if _, err := (Game{}).Generate(context.Background(), play.Options{Level: level, Seed: seed}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHint(b *testing.B) {
	puzzle, err := Game{}.Generate(context.Background(), play.Options{Level: 3, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := (Game{}).Hint(context.Background(), puzzle, puzzle); err != nil {
			b.Fatal(err)
		}
	}
}

func mustParse(t *testing.T, text string) *Board {
	t.Helper()
	b, err := ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
