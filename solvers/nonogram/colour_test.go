package nonogram

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testInks are a palette of up to five inks for tests.
var testInks = []Ink{{"black", "000000"}, {"red", "e02020"}, {"blue", "2040c0"}, {"", "20a040"}, {"gold yellow", "f0c000"}}

// colourPicture draws h rows of w cells: white with probability
// 1-density, otherwise one of inks inks, in patches (each cell likely
// takes the colour of the one before it) so that runs touch.
func colourPicture(rng *rand.Rand, h, w, inks int, density float64) [][]int {
	pic := make([][]int, h)
	for r := range pic {
		pic[r] = make([]int, w)
		for c := range pic[r] {
			switch {
			case rng.Float64() >= density:
			case c > 0 && pic[r][c-1] > 0 && rng.IntN(2) == 0:
				pic[r][c] = pic[r][c-1]
			default:
				pic[r][c] = 1 + rng.IntN(inks)
			}
		}
	}
	return pic
}

// colourings calls yield with every colouring of n cells with inks inks,
// 0 white and i+1 ink i, until it returns false.
func colourings(n, inks int, yield func([]int) bool) {
	line := make([]int, n)
	for {
		if !yield(line) {
			return
		}
		i := 0
		for i < n && line[i] == inks {
			line[i] = 0
			i++
		}
		if i == n {
			return
		}
		line[i]++
	}
}

// fitsColourClue reports whether a colouring of a line has runs and inks.
func fitsColourClue(line []int, runs, inks []int) bool {
	r, k := colourRunsOf(len(line), func(i int) int { return line[i] })
	return slices.Equal(r, runs) && slices.Equal(k, inks)
}

// bruteColourLine is the colour line solver by trying every colouring.
func bruteColourLine(line []cellSet, runs, inks []int, nInks int) ([]cellSet, bool) {
	can := make([]cellSet, len(line))
	found := false
	colourings(len(line), nInks, func(colouring []int) bool {
		for p, c := range colouring {
			if line[p]&(1<<c) == 0 {
				return true
			}
		}
		if fitsColourClue(colouring, runs, inks) {
			found = true
			for p, c := range colouring {
				can[p] |= 1 << c
			}
		}
		return true
	})
	return can, found
}

func TestColourLineAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var s colourLine
	for iter := range 20000 {
		n, nInks := 1+rng.IntN(8), 2+rng.IntN(2)
		pic := colourPicture(rng, 1, n, nInks, rng.Float64())[0]
		runs, inks := colourRunsOf(n, func(i int) int { return pic[i] })
		if rng.IntN(4) == 0 && len(runs) > 0 { // perhaps no placement
			j := rng.IntN(len(runs))
			if rng.IntN(2) == 0 {
				runs[j]++
			} else {
				inks[j] = rng.IntN(nInks)
			}
		}
		line := make([]cellSet, n)
		for p := range line {
			line[p] = 1<<(nInks+1) - 1
			if rng.IntN(3) == 0 {
				line[p] &= cellSet(rng.IntN(1 << (nInks + 1)))
			}
		}
		want, wantOK := bruteColourLine(line, runs, inks, nInks)
		for _, solve := range []func([]cellSet, []int, []int) bool{s.solve, s.solveTable} {
			got := slices.Clone(line)
			ok := solve(got, runs, inks)
			if ok != wantOK || ok && !slices.Equal(got, want) {
				t.Fatalf("iter %d: line %v runs %v inks %v: got %v %v, want %v %v", iter, line, runs, inks, got, ok, want, wantOK)
			}
			if !ok && !slices.Equal(got, line) {
				t.Fatalf("iter %d: a line without placement was changed", iter)
			}
		}
	}
}

// TestColourMasksAgainstTable compares the two colour line solvers on
// lines of 9 to 63 cells, too long for brute force, as the masks' shifts
// go further.
func TestColourMasksAgainstTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var s colourLine
	for iter := range 20000 {
		n, nInks := 9+rng.IntN(wordCells-8), 2+rng.IntN(4)
		pic := colourPicture(rng, 1, n, nInks, rng.Float64())[0]
		runs, inks := colourRunsOf(n, func(i int) int { return pic[i] })
		if rng.IntN(4) == 0 && len(runs) > 0 {
			runs[rng.IntN(len(runs))] += rng.IntN(3)
		}
		line := make([]cellSet, n)
		for p := range line {
			line[p] = 1<<(nInks+1) - 1
			if rng.IntN(2) == 0 {
				line[p] = 1 << pic[p] // known, as the picture has it
			}
		}
		got, want := slices.Clone(line), slices.Clone(line)
		ok, wantOK := s.solve(got, runs, inks), s.solveTable(want, runs, inks)
		if ok != wantOK || !slices.Equal(got, want) {
			t.Fatalf("iter %d: line %v runs %v inks %v: masks %v %v, table %v %v", iter, line, runs, inks, got, ok, want, wantOK)
		}
	}
}

// bruteColourSolve counts the solutions of colour clues c, up to two, by
// trying every row that fits its clue.
func bruteColourSolve(c *Clues) int {
	h, w, nInks := len(c.Rows), len(c.Cols), len(c.Inks)
	patterns := make([][][]int, h)
	for r := range h {
		colourings(w, nInks, func(row []int) bool {
			if !fitsColourClue(row, c.Rows[r], c.RowInks[r]) {
				return true
			}
			for col, ink := range row {
				if c.Given != nil && c.Given[r*w+col] != NotGiven && c.Given[r*w+col] != ".abcdefghijklmnopqrstuvwyz"[ink] && (ink != 0 || c.Given[r*w+col] != GivenWhite) {
					return true
				}
			}
			patterns[r] = append(patterns[r], slices.Clone(row))
			return true
		})
	}
	pic := make([][]int, h)
	count := 0
	var place func(r int)
	place = func(r int) {
		if count == 2 {
			return
		}
		if r == h {
			for col := range w {
				if !fitsColourClue(columnOf(pic, col), c.Cols[col], c.ColInks[col]) {
					return
				}
			}
			count++
			return
		}
		for _, row := range patterns[r] {
			pic[r] = row
			place(r + 1)
		}
	}
	place(0)
	return count
}

func columnOf(pic [][]int, col int) []int {
	line := make([]int, len(pic))
	for r := range pic {
		line[r] = pic[r][col]
	}
	return line
}

// colourPictureOf reads an answer's grid back as a picture.
func colourPictureOf(grid []string) [][]int {
	pic := make([][]int, len(grid))
	for r, row := range grid {
		for i := range len(row) {
			pic[r] = append(pic[r], inkOf(row[i])+1) // '.' is -1+1
		}
	}
	return pic
}

// checkColourAnswer compares a with the brute-force count and checks
// that its grids meet the clues, keep the given cells and differ.
func checkColourAnswer(t *testing.T, c *Clues, a *Answer, want int) {
	t.Helper()
	if status := [...]Status{None, Unique, Multiple}[want]; a.Status != status {
		t.Fatalf("clues\n%s: status %q, want %q", c, a.Status, status)
	}
	for i, g := range [][]string{a.Grid, a.Other} {
		if g == nil {
			if i == 0 && a.Status != None || i == 1 && a.Status == Multiple {
				t.Fatalf("status %q without grid %d", a.Status, i)
			}
			continue
		}
		got := ColourCluesOf(colourPictureOf(g), c.Inks)
		if got.Given = c.Given; got.String() != c.String() {
			t.Fatalf("grid %d %v has clues\n%swant\n%s", i, g, got, c)
		}
		for p, given := range c.Given {
			cell := g[p/len(c.Cols)][p%len(c.Cols)]
			if given != NotGiven && given != cell && !(given == GivenWhite && cell == '.') {
				t.Fatalf("grid %d %v does not keep the given cells of\n%s", i, g, c)
			}
		}
	}
	if a.Status == Multiple && slices.Equal(a.Grid, a.Other) {
		t.Fatalf("two equal solutions %v", a.Grid)
	}
}

// TestSolveColourAgainstBruteForce solves small random colour puzzles,
// of pictures (unique or multiple), of pictures with a clue changed
// (often none), and with given cells, and compares with brute force.
func TestSolveColourAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	n := 3000
	if testing.Short() {
		n = 300
	}
	seen := map[Status]int{}
	for iter := range n {
		h, w, nInks := 1+rng.IntN(4), 1+rng.IntN(5), 2+rng.IntN(2)
		pic := colourPicture(rng, h, w, nInks, 0.3+0.6*rng.Float64())
		c := ColourCluesOf(pic, testInks[:nInks])
		switch iter % 4 {
		case 1: // a run changed: often no solution
			lines := append(append([][]int(nil), c.RowInks...), c.ColInks...)
			l := rng.IntN(len(lines))
			if len(lines[l]) > 0 {
				lines[l][rng.IntN(len(lines[l]))] = rng.IntN(nInks)
			}
		case 2: // given cells, some perhaps not the picture's
			c.Given = givenCells(h, w)
			for i := range c.Given {
				if rng.IntN(4) == 0 {
					c.Given[i] = ".abc"[rng.IntN(nInks+1)]
					if c.Given[i] == '.' {
						c.Given[i] = GivenWhite
					}
				}
			}
		}
		a, err := Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatalf("clues\n%s: %v", c, err)
		}
		checkColourAnswer(t, c, a, bruteColourSolve(c))
		seen[a.Status]++
	}
	if seen[None] == 0 || seen[Unique] == 0 || seen[Multiple] == 0 {
		t.Fatalf("statuses met: %v, want each", seen)
	}
}

// TestSolveOneInk solves a colour puzzle of one ink, given cell and all,
// and answers in the ink's letter.
func TestSolveOneInk(t *testing.T) {
	c := ColourCluesOf([][]int{{1, 0}, {1, 1}}, testInks[1:2])
	c.Given = []byte("a...")
	a, err := Solve(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != Unique || !slices.Equal(a.Grid, []string{"a.", "aa"}) {
		t.Fatalf("got %+v", a)
	}
}

// manyColourSolutions is a 60x60 puzzle of two inks whose rows and
// columns each hold one red cell: permutation matrices, countless
// solutions, and probing the grid takes many line solves.
func manyColourSolutions() *Clues {
	c := &Clues{Rows: make([][]int, 60), Cols: make([][]int, 60), Inks: testInks[1:3],
		RowInks: make([][]int, 60), ColInks: make([][]int, 60)}
	for i := range 60 {
		c.Rows[i], c.Cols[i] = []int{1}, []int{1}
		c.RowInks[i], c.ColInks[i] = []int{0}, []int{0}
	}
	return c
}

func TestSolveColourCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, manyColourSolutions(), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestSolveColourProgress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls []int64
	_, err := Solve(ctx, manyColourSolutions(), func(nodes int64) {
		calls = append(calls, nodes)
		if len(calls) == 2 {
			cancel()
		}
	})
	if err != context.Canceled || len(calls) != 2 || calls[0] <= 0 || calls[1] <= calls[0] {
		t.Fatalf("got %v after progress %v, want context.Canceled after two growing counts", err, calls)
	}
}

func TestJudgeColour(t *testing.T) {
	// A red roof over a blue wall, then the same with a blue run too many.
	in := "2 3\n1 3a\n3 1b 1a 1b\n2 1a 1b\n1 2a\n2 1a 1b\ncolours 2\na e02020 red\nb 2040c0\n\n" +
		"1 1\n1 1a\n1 1b\ncolours 2\na e02020\nb 2040c0\n" +
		"2 2\n1 1\n1 2\n1 2\n1 1\n"
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader(in), &out, nil); err != nil {
		t.Fatal(err)
	}
	if want := "aaaaaa\nbbaabb\nNo solution\n##..\n####\n"; out.String() != want {
		t.Fatalf("got\n%swant\n%s", out.String(), want)
	}
}

// randomColourClues are the clues of a random picture in 2 to 5 inks of
// testInks, up to 20x20, perhaps with white lines, whose palette holds
// the inks it uses: files keep only those (see usedInks).
func randomColourClues(rng *rand.Rand) *Clues {
	for {
		nInks := 2 + rng.IntN(4)
		pic := colourPicture(rng, 1+rng.IntN(20), 1+rng.IntN(20), nInks, rng.Float64())
		if inks := usedInks(pic, testInks[:nInks]); len(inks) >= 2 {
			return ColourCluesOf(pic, inks)
		}
	}
}

// usedInks returns the inks pic uses, in their order, and renumbers pic's
// cells to match.
func usedInks(pic [][]int, inks []Ink) []Ink {
	used := make([]bool, len(inks)+1)
	for _, row := range pic {
		for _, c := range row {
			used[c] = true
		}
	}
	var kept []Ink
	number := make([]int, len(inks)+1)
	for i, ink := range inks {
		if used[i+1] {
			kept = append(kept, ink)
			number[i+1] = len(kept)
		}
	}
	for _, row := range pic {
		for i, c := range row {
			row[i] = number[c]
		}
	}
	return kept
}

// withoutNames is c without its inks' names, which .non does not keep.
func withoutNames(c *Clues) *Clues {
	d := *c
	d.Inks = slices.Clone(c.Inks)
	for i := range d.Inks {
		d.Inks[i].Name = ""
	}
	return &d
}

// TestColourRoundTrip takes random colour puzzles through every format
// that writes colours and back: the judge text and webpbn XML keep them
// whole, .non all but the inks' names. The formats that have no colours
// refuse them.
func TestColourRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 200 {
		c := randomColourClues(rng)
		if rng.IntN(3) == 0 {
			c.Inks = slices.Clone(c.Inks)
			c.Inks[0].Name = `dark "red" & <blue>` // escaped in XML
		}
		for _, f := range (Game{}).Formats() {
			if !f.Export {
				continue
			}
			text, err := Game{}.Export(c.String(), f.Name)
			if f.Name == "Tatham Pattern" || f.Name == "puzz.link" {
				if err == nil || !strings.Contains(err.Error(), "has no colours") {
					t.Fatalf("%s: wrote a colour puzzle: %q, %v", f.Name, text, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			judge, got, err := Game{}.Import(text)
			want := c
			if f.Name == ".non" {
				want = withoutNames(c)
			}
			if err != nil || judge != want.String() || got.Name != f.Name {
				t.Fatalf("%s %q: imported as %s\n%s%v\nwant\n%s", f.Name, text, got.Name, judge, err, want)
			}
		}
	}
}

// TestJudgeTextsUnchanged reads every black and white judge text of
// testdata and of the formats' examples and writes it again byte for
// byte: the colours section leaves them as they were, and a puzzle
// solved answers with its picture.
func TestJudgeTextsUnchanged(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) < 10 {
		t.Fatalf("testdata judge texts: %v, %v", files, err)
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ParseClues(string(text))
		if err != nil || c.String() != string(text) || c.IsColour() {
			t.Fatalf("%s: read as %v (colour %v), %v", file, c, c != nil && c.IsColour(), err)
		}
		pic, err := os.ReadFile(strings.TrimSuffix(file, ".txt") + ".pic")
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := (Game{}).Judge(context.Background(), bytes.NewReader(text), &out, nil); err != nil {
			t.Fatal(err)
		}
		doubled := strings.NewReplacer("#", "##", ".", "..").Replace(string(pic))
		if a, _ := Solve(context.Background(), c, nil); a.Status == Unique && out.String() != doubled {
			t.Fatalf("%s: judged\n%swant\n%s", file, out.String(), doubled)
		}
	}
	if c, err := ParseClues(formats[0].Example); err != nil || c.String() != formats[0].Example {
		t.Fatalf("the judge example reads as %q, %v", c, err)
	}
}

// TestColourParseErrors checks what the colour parts of the judge text,
// .non and positions refuse, in words.
func TestColourParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"1 1\n1 1a\n1 1a\n", "line 2: runs with colour letters, but no colours section after the clues"},
		{"1 1\n1 1a\n1 1\ncolours 1\na ff0000\n", "column 1: a run without a colour letter in a colour puzzle"},
		{"1 1\n1 1b\n1 1b\ncolours 1\na ff0000\n", "row 1: a run in colour b, but the puzzle has 1 colours"},
		{"1 1\n1 1a\n1 1a\ncolours 2\na ff0000\n", "line 6: colour b: missing"},
		{"1 1\n1 1a\n1 1a\ncolours 1\na red\n", `line 5: want colour a as "a RRGGBB name" (six hex digits), got "a red"`},
		{"1 1\n1 1a\n1 1a\ncolours 1\nb ff0000\n", `want colour a as`},
		{"1 1\n1 1a\n1 1a\ncolours 0\n", "line 4: 0 colours (want 1..25)"},
		{"1 1\n1 1a\n1 1a\ncolours x\n", `line 4: bad number of colours "x"`},
		{"1 1\n1 1x\n1 1a\n", `bad run "1x"`},
		{"1 1\n1 1a\n1 1a\ncolours 1\na ff0000\ngiven\n#\n", "given cells: row 1, column 1: want a colour's letter (a), 'x' or '.', got '#'"},
		{"1 1\n1 1a\n1 1a\ncolours 1\na FF0000\n", "want colour a as"},
	} {
		_, err := ParseClues(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got error %v, want one line containing %q", tc.text, err, tc.want)
		}
	}
}

func FuzzColourJudge(f *testing.F) {
	for _, s := range []string{
		"2 3\n1 3a\n3 1b 1a 1b\n2 1a 1b\n1 2a\n2 1a 1b\ncolours 2\na e02020 red\nb 2040c0\n",
		"1 1\n1 1a\n1 1a\ncolours 1\na ff0000\ngiven\na\n", "1 2\n2 1a 1b\n1 1a\n1 1b\ncolours 2\na 000000 black ink\nb ffffff\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := parseJudgeText(text)
		if err != nil {
			return
		}
		if err := c.validate(); err != nil {
			t.Fatalf("parsed clues invalid: %v", err)
		}
		checkRoundTrip(t, c, (*Clues).String)
	})
}

func FuzzParseColourPosition(f *testing.F) {
	for _, s := range []string{"", "ab.\nx..\n", "#x\n..\n..", "abc\n...\n", "aa.\nbx.\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		grid, err := parsePosition(text, 2, 3, 2, "position")
		if err != nil {
			return
		}
		if strings.TrimSpace(text) == "" {
			text = "...\n..."
		}
		if got := string(grid); got != strings.Join(strings.Fields(text), "") || strings.ContainsAny(got, "#c") {
			t.Fatalf("%q read as %q", text, got)
		}
	})
}

// colourBlobs paints overlapping ellipses and rectangles in inks inks on
// white, like a drawing: puzzles line solving mostly settles.
func colourBlobs(rng *rand.Rand, h, w, inks int) [][]int {
	pic := make([][]int, h)
	for r := range pic {
		pic[r] = make([]int, w)
	}
	for range (h * w) / 40 {
		cr, cc := rng.IntN(h), rng.IntN(w)
		rr, rc := 1+rng.IntN(max(1, h/5)), 1+rng.IntN(max(1, w/5))
		ink, rect := 1+rng.IntN(inks), rng.IntN(2) == 0
		for r := max(0, cr-rr); r <= min(h-1, cr+rr); r++ {
			for c := max(0, cc-rc); c <= min(w-1, cc+rc); c++ {
				dr, dc := float64(r-cr)/float64(rr), float64(c-cc)/float64(rc)
				if rect || dr*dr+dc*dc <= 1 {
					pic[r][c] = ink
				}
			}
		}
	}
	return pic
}

// BenchmarkSolveColour solves colour puzzles: drawn-like ones (blobs of
// 3 to 5 inks, 30x30 and 50x50, settled by line solving) and random ones
// at 60% (4 inks, 30x30, and 3 inks, 40x40, which need probing and search).
func BenchmarkSolveColour(b *testing.B) {
	for _, p := range []struct {
		name       string
		size, inks int
		drawn      bool
		seed       uint64
		status     Status
	}{
		{"drawn30-5", 30, 5, true, 1, Unique},
		{"drawn50-3", 50, 3, true, 2, Unique},
		{"random30-4", 30, 4, false, 3, Multiple},
		{"random40-3", 40, 3, false, 4, Multiple},
	} {
		rng := rand.New(rand.NewPCG(p.seed, uint64(p.size)))
		pic := colourPicture(rng, p.size, p.size, p.inks, 0.6)
		if p.drawn {
			pic = colourBlobs(rng, p.size, p.size, p.inks)
		}
		c := ColourCluesOf(pic, testInks[:p.inks])
		b.Run(p.name, func(b *testing.B) {
			for b.Loop() {
				if a, err := Solve(context.Background(), c, nil); err != nil || a.Status != p.status {
					b.Fatalf("got %+v, %v", a, err)
				}
			}
		})
	}
}

// TestColourCluesValidated refuses colour clues made in code that do not
// hold together.
func TestColourCluesValidated(t *testing.T) {
	good := func() *Clues { return ColourCluesOf([][]int{{1, 2}}, testInks[:2]) }
	for name, spoil := range map[string]func(c *Clues){
		"no palette":        func(c *Clues) { c.Inks = nil },
		"empty palette":     func(c *Clues) { c.Inks = []Ink{} },
		"bad RGB":           func(c *Clues) { c.Inks = []Ink{{"red", "red"}, testInks[1]} },
		"ink out of range":  func(c *Clues) { c.RowInks[0][1] = 2 },
		"negative ink":      func(c *Clues) { c.ColInks[0][0] = -1 },
		"inks missing":      func(c *Clues) { c.ColInks = c.ColInks[:1] },
		"runs without inks": func(c *Clues) { c.RowInks[0] = c.RowInks[0][:1] },
		"name of two lines": func(c *Clues) { c.Inks = []Ink{{"a\nb", "000000"}, testInks[1]} },
	} {
		c := good()
		spoil(c)
		if _, err := Solve(context.Background(), c, nil); err == nil {
			t.Errorf("%s: solved", name)
		}
	}
	if a, err := Solve(context.Background(), good(), nil); err != nil || a.Status != Unique {
		t.Fatalf("good clues: %+v, %v", a, err)
	}
}
