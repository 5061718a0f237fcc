package ui

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/tetravex"
)

func editors() []editor {
	var eds []editor
	for _, t := range New().m.tabs {
		eds = append(eds, t.ed)
	}
	return eds
}

// freshEditor is a new editor of the game; a game with no editor fails
// the test that calls it.
func freshEditor(game string) editor {
	for _, ed := range newEditors() {
		if ed.game() == game {
			return ed
		}
	}
	panic("no editor for " + game)
}

// Every game has its editor, its tab, in the order of solvers.All.
func TestEveryGameHasAnEditor(t *testing.T) {
	eds := newEditors()
	if len(eds) != len(solvers.All) {
		t.Fatalf("%d editors for %d games", len(eds), len(solvers.All))
	}
	for i, g := range solvers.All {
		if eds[i].game() != g.Name() {
			t.Errorf("tab %d is %s, want %s", i, eds[i].game(), g.Name())
		}
	}
}

// Every editor's state survives its own snapshot, in every mode, through
// random presses, strokes and tools: what undo and reload keep comes back
// exactly. Its judge text loads again too, as a share link does.
func TestEditorsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tools := [][2]string{{"mode", "play"}, {"mode", "edit"}, {"mode", "draw"}, {"mode", "clues"},
		{"mode", "play"}, {"reset", ""}, {"check", ""}, {"w", "6"}, {"h", "5"}, {"invert", ""}, {"brush", "C"},
		{"ink-add", ""}, {"ink-del:1", ""}, {"ink", "1"}}
	for _, ed := range editors() {
		for step := range 120 {
			snap := ed.snapshot()
			fresh := freshEditor(ed.game())
			if err := fresh.restore(snap); err != nil {
				t.Fatalf("%s step %d: own snapshot does not restore: %v\n%s", ed.game(), step, err, snap)
			}
			if got := fresh.snapshot(); got != snap {
				t.Fatalf("%s step %d: snapshot changes on restore:\n%s\nwant\n%s", ed.game(), step, got, snap)
			}
			if w, ok := ed.(needsWork); ok { // in every state, asking is safe
				if r, want := w.work(); want {
					w.took(r, []byte(`{}`))
				}
			}
			text := ed.text()
			if err := freshEditor(ed.game()).load(text); err != nil {
				t.Fatalf("%s step %d: own text does not load: %v\n%s", ed.game(), step, err, text)
			}
			switch r := rng.IntN(10); {
			case r == 0:
				tl := tools[rng.IntN(len(tools))]
				ed.tool(tl[0], tl[1])
			case r < 4:
				v, _ := ed.press(rng.IntN(120)-10, rng.IntN(3) == 0) // out-of-range cells are ignored
				ed.paint(rng.IntN(120)-10, v)
			default:
				ed.press(rng.IntN(120)-10, rng.IntN(3) == 0)
			}
		}
	}
}

// Restoring garbage (a tampered localStorage) is an error, never a panic,
// and leaves a usable editor: its own snapshot restores, and it takes a
// press.
func TestEditorsRefuseBadSnapshots(t *testing.T) {
	bad := []string{"", "\n", "play", "play 1 2\n3 3\nbbb\n", "play\n=\n", "play\n##\n=\n2 2\n1 1\n1 1\n1 1\n1 1\n",
		"draw\n", "draw\n#.\n#\n", "edit\nzz", "clues\n", "zzz\nyyy", "play -1 0\n1 1\nb\n1 1\nb\n", strings.Repeat("#", 3000)}
	for _, ed := range editors() {
		for _, s := range bad {
			if err := ed.restore(s); err == nil {
				t.Errorf("%s: restore(%q) accepted, giving %q", ed.game(), s, ed.snapshot())
			}
			if err := freshEditor(ed.game()).restore(ed.snapshot()); err != nil {
				t.Errorf("%s: after restore(%q), its own snapshot does not restore: %v\n%s", ed.game(), s, err, ed.snapshot())
			}
			ed.press(0, false)
			ed.snapshot()
		}
	}
}

func TestFlipPlay(t *testing.T) {
	e := newFlip()
	start := e.text()
	want, _ := flip.ParseBoard(start)
	e.tool("mode", "play")
	e.press(5, false)
	want.Press(5)
	if e.text() != want.String() || e.presses != 1 {
		t.Fatalf("play press gives\n%s (%d presses)\nwant\n%s", e.text(), e.presses, want)
	}
	if e.paint(6, 1) {
		t.Error("a stroke presses more cells in play")
	}
	if r, ok := e.work(); !ok || r.text != start {
		t.Errorf("play asks for %+v, %v: want the fewest presses of the start", r, ok)
	}
	e.took(jobRequest{text: start}, []byte(`{"possible":true,"count":4}`))
	if e.fewest != 4 || !strings.Contains(e.playLine(), "fewest possible: 4") {
		t.Errorf("fewest %d, line %q", e.fewest, e.playLine())
	}
	e.tool("reset", "")
	if e.text() != start || e.presses != 0 {
		t.Errorf("reset gives\n%s (%d presses)", e.text(), e.presses)
	}
	for _, i := range []int{0, 1, 2, 3} { // a solution of the starting board? count only
		e.press(i, false)
	}
	e.tool("mode", "edit")
	if e.text() != start || e.play {
		t.Errorf("leaving play draws\n%s\nwant the start\n%s", e.text(), start)
	}
	if err := e.tool("w", "65"); err == nil {
		t.Error("width 65 accepted")
	}
	e.tool("w", "6")
	if e.cells.W != 6 || e.cells.H != want.H {
		t.Errorf("resize to width 6 gives %dx%d", e.cells.W, e.cells.H)
	}
}

func TestFlipStartsSolvable(t *testing.T) {
	b, _ := flip.ParseBoard(newFlip().text())
	a, err := flip.Solve(t.Context(), b)
	if err != nil || !a.Possible {
		t.Fatalf("the starting board is not solvable: %+v %v", a, err)
	}
}

func TestNonogramClueLines(t *testing.T) {
	lines, _, err := parseClueLines("rows", "1 2\n0\n\n3,1\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := clueText(lines, nil); got != "1 2\n0\n0\n3 1\n" {
		t.Errorf("clue lines read back as %q", got)
	}
	for _, bad := range []string{"1 x", "-1", "51", strings.Repeat("1\n", 51)} {
		if _, _, err := parseClueLines("rows", bad, 0); err == nil {
			t.Errorf("clue text %q accepted", bad)
		}
	}
	// Drawing derives the clues of the picture; a stroke paints its value.
	e := newNonogram()
	e.tool("clear", "")
	v, _ := e.press(0, false)
	e.paint(1, v)
	if want := cluesOfPicture(e.pic, nil).String(); e.text() != want || !strings.Contains(e.text(), "\n1 2\n") {
		t.Errorf("drawn clues\n%s\nwant\n%s", e.text(), want)
	}
}

// A colour puzzle opens to edit like any other: its cells show their
// inks, its image is drawn in them, and Clear keeps its palette.
func TestNonogramColour(t *testing.T) {
	inks := []nonogram.Ink{{Name: "red", RGB: "e02020"}, {Name: "navy", RGB: "101060"}}
	pic := [][]int{{1, 1, 2}, {0, 2, 2}}
	text := nonogram.ColourCluesOf(pic, inks).String()
	e := newNonogram()
	if err := e.load(text); err != nil || e.text() != text || e.warn != "" {
		t.Fatalf("load of a colour puzzle: %v, warning %q, puzzle now\n%s", err, e.warn, e.text())
	}
	// Editing is allowed: typed clues in the inks' letters.
	if err := e.tool("rows", "2a 1b\n2b\n"); err != nil || e.text() != text {
		t.Errorf("typing the rows again: %v, puzzle\n%s", err, e.text())
	}
	if _, err := e.setAnswer([]byte(`{"status":"unique","grid":["aab",".bb"]}`)); err != nil {
		t.Fatal(err)
	}
	for y, row := range pic {
		for x, v := range row {
			want := ""
			if v > 0 {
				want = "background:#" + inks[v-1].RGB
			}
			if got := e.inkStyle(x, y); got != want {
				t.Errorf("cell %d,%d style %q, want %q", x, y, got, want)
			}
		}
	}
	s, err := e.draw(true)
	if err != nil {
		t.Fatal(err)
	}
	svg := s.SVG()
	for _, rgb := range []string{"#e02020", "#101060"} {
		if !strings.Contains(svg, rgb) {
			t.Errorf("the image has no %s", rgb)
		}
	}
	if textOn("101060") != "#fff" || textOn("f0e040") != "#000" {
		t.Error("clue numbers unreadable on dark or light inks")
	}
	if err := e.tool("clear", ""); err != nil || !e.clues.IsColour() || e.width() != 3 || e.height() != 2 || strings.Contains(e.text(), "1a") {
		t.Fatalf("Clear on a colour puzzle: %v, puzzle now\n%s", err, e.text())
	}
	if err := e.tool("mode", "draw"); err != nil || !e.clues.IsColour() {
		t.Errorf("the cleared puzzle cannot be drawn in colour: %v", err)
	}
}

// Switching a puzzle of typed clues to drawing keeps a known solution as
// the picture, and otherwise warns that the clues now follow the picture.
func TestNonogramDrawAfterClues(t *testing.T) {
	e := newNonogram()
	clues := e.text()
	e.load(clues)
	e.tool("mode", "draw")
	if e.warn == "" {
		t.Error("no warning when the typed clues give way to an empty picture")
	}
	e.load(clues)
	pic := newNonogram().pic
	var grid []string
	for _, row := range pic {
		var s strings.Builder
		for _, b := range row {
			s.WriteByte(".#"[min(b, 1)])
		}
		grid = append(grid, s.String())
	}
	e.answer = &nonogram.Answer{Status: "unique", Grid: grid}
	e.tool("mode", "draw")
	if e.text() != clues || e.warn != "" {
		t.Errorf("drawing from a solved puzzle gives\n%s\nwant\n%s (warning %q)", e.text(), clues, e.warn)
	}
}

// Play: fill and dot, lines done, Check against the solution, solved.
func TestNonogramPlay(t *testing.T) {
	e := newNonogram()
	pic := e.pic
	e.tool("mode", "play")
	r, ok := e.work()
	if !ok || r.text != e.text() {
		t.Fatalf("play asks for %+v, %v", r, ok)
	}
	var sol strings.Builder
	var grid []string
	for _, row := range pic {
		var s strings.Builder
		for _, b := range row {
			s.WriteByte(".#"[min(b, 1)])
		}
		sol.WriteString(s.String())
		grid = append(grid, s.String())
	}
	raw := `{"status":"unique","grid":["` + strings.Join(grid, `","`) + `"]}`
	e.took(r, []byte(raw))
	if string(e.sol) != sol.String() {
		t.Fatalf("solution %q, want %q", e.sol, sol.String())
	}
	w := e.width()
	e.press(0, false) // wrong: (0, 0) is white
	if v, _ := e.press(1, true); v != dotted {
		t.Errorf("right press gives %q, want a dot", v)
	}
	e.checkPlay()
	if e.mistakes() != 1 || !e.wrong[0] {
		t.Errorf("check finds %d mistakes, want cell 0", e.mistakes())
	}
	e.press(0, false) // takes the fill back
	for i, v := range e.sol {
		if v == filled {
			e.paint(i, filled)
		}
	}
	if !e.solvedNow() || !strings.HasPrefix(e.playStatus(), "Solved") {
		t.Errorf("filled solution not solved: %q", e.playStatus())
	}
	rows, cols := e.doneLines()
	if len(rows) != e.height() || len(cols) != w || !rows[1] {
		t.Errorf("lines done: %v %v", rows, cols)
	}
}

func TestTetravexKeys(t *testing.T) {
	e := newTetravex()
	e.tool("zero", "")
	e.press(6, false) // selects card 1, bottom
	for _, k := range []string{"4", "2"} {
		e.key(k)
	}
	if got := e.puzzle.Cards[1][tetravex.Bottom]; got != 42 {
		t.Fatalf("typing 4 2 gives %d, want 42", got)
	}
	e.key("ArrowDown")
	e.key("ArrowRight")
	e.key("9")
	e.press(7, false) // counts the selected edge up, wrapping at 10
	if c := e.puzzle.Cards[1]; c[tetravex.Bottom] != 41 || c[tetravex.Left] != 0 {
		t.Fatalf("card 1 is %v, want bottom 41 and left 0", c)
	}
	// The number pad types as the keys do: two digits make 10 to 99.
	e.press(4, false)
	for _, d := range []string{"7", "3"} {
		e.tool("digit", d)
	}
	e.tool("digit", "+")
	if got := e.puzzle.Cards[1][tetravex.Top]; got != 74 {
		t.Fatalf("pad 7 3 + gives %d, want 74", got)
	}
}

// Every size the editors' fields accept gives a puzzle that loads again.
func TestEditorSizesLoad(t *testing.T) {
	for _, ed := range editors() {
		for _, name := range []string{"w", "h", "n"} {
			for _, v := range []string{"1", "2", "8", "20", "50", "64"} {
				if err := ed.tool(name, v); err != nil {
					continue // outside this editor's range: refused with a message
				}
				text := ed.text()
				if err := ed.load(text); err != nil {
					t.Errorf("%s: %s=%s gives a puzzle that does not load: %v\n%s", ed.game(), name, v, err, text)
				}
			}
		}
	}
}

// Tetravex play: cards dealt to the tray, moved and swapped by taps,
// mismatches found, solved when the board matches.
func TestTetravexPlay(t *testing.T) {
	e := newTetravex()
	answer, err := tetravex.Solve(t.Context(), e.puzzle, nil)
	if err != nil || !answer.Possible {
		t.Fatalf("starting cards: %+v %v", answer, err)
	}
	e.tool("mode", "play")
	n := len(e.puzzle.Cards)
	for k := range n {
		if e.slots[k] != -1 {
			t.Fatalf("board slot %d starts with card %d", k, e.slots[k])
		}
	}
	// Put each card where the solution has it: tap it in the tray, then
	// its place on the board.
	for pos, card := range answer.Place {
		from := slices.Index(e.slots, card)
		if e.move(from) {
			t.Fatal("picking up a card changed the board")
		}
		if !e.move(pos) {
			t.Fatalf("putting card %d on place %d changed nothing", card, pos)
		}
		snap := e.snapshot()
		f := newTetravex()
		if err := f.restore(snap); err != nil || f.snapshot() != snap {
			t.Fatalf("play state does not restore: %v\n%s", err, snap)
		}
	}
	if !e.solvedNow() || !e.won || len(e.mismatches()) != 0 {
		t.Fatalf("the solution's placement is not solved: %v", e.mismatches())
	}
	// Swapping two board cards makes mismatches (the cards differ).
	e.won = false
	e.move(0)
	e.move(1)
	if e.solvedNow() == (len(e.mismatches()) > 0) {
		t.Errorf("after a swap: solved %v with %d mismatched edges", e.solvedNow(), len(e.mismatches()))
	}
	e.tool("mode", "edit")
	if e.play || e.text() != newTetravex().text() {
		t.Error("back to Edit loses the cards")
	}
}

// Save… names the file after the puzzle and writes the chosen format,
// which Open… reads back to the same puzzle.
func TestSaveFormats(t *testing.T) {
	p := New()
	i, _ := p.m.tabIndex("nonogram")
	p.m.at = i
	ed := p.current()
	if got := fileName(ed, ".non"); got != "nonogram-8x8.non" {
		t.Errorf("file name %q", got)
	}
	formats := p.saveFormats()
	if len(formats) < 3 {
		t.Fatalf("nonogram saves as only %v", formats)
	}
	// No two formats of a game save under one name.
	for _, g := range solvers.All {
		j, _ := p.m.tabIndex(g.Name())
		p.m.at = j
		names := map[string]string{}
		for k, f := range p.saveFormats() {
			name := fileName(p.current(), formatExt(p.saveFormats(), k))
			if other, ok := names[name]; ok {
				t.Errorf("%s: %s and %s both save as %s", g.Name(), other, f.Name, name)
			}
			names[name] = f.Name
		}
	}
	p.m.at = i
	if got := fileName(ed, formatExt(formats, 3)); got != "nonogram-8x8.tatham-pattern.txt" {
		t.Errorf("Tatham Pattern saves as %q", got)
	}
	want := ed.text()
	for k, f := range formats {
		p.cur().saveAs = k
		text, got, err := p.exportAs()
		if err != nil || got.Name != f.Name {
			t.Errorf("%s: %v (format %q)", f.Name, err, got.Name)
			continue
		}
		judge, detected, err := nonogram.Game{}.Import(text)
		if err != nil || detected.Name != f.Name {
			t.Errorf("%s: reads back as %q: %v\n%s", f.Name, detected.Name, err, text)
			continue
		}
		if c, _ := nonogram.ParseClues(judge); c.String() != want {
			t.Errorf("%s: round trip gives\n%s\nwant\n%s", f.Name, c, want)
		}
	}
	// Every game saves as its judge text, first, and a grid.
	for _, g := range solvers.All {
		j, _ := p.m.tabIndex(g.Name())
		p.m.at = j
		if f := p.saveFormats(); len(f) < 2 || f[0].Name != g.(solvers.Converter).Formats()[0].Name {
			t.Errorf("%s saves as %v", g.Name(), f)
		}
	}
}

// Flip's goal is picked in the editor and kept through resizing, the
// snapshot, the judge text and play, where only the goal's colour is
// "Solved" (issue 23, item 3).
func TestFlipGoal(t *testing.T) {
	e := newFlip()
	if err := e.load("3 3\nbwb\nwbw\nbwb\n"); err != nil {
		t.Fatal(err)
	}
	if err := e.tool("goal", "1"); err != nil || e.cells.Goal != flip.AllWhite {
		t.Fatalf("picking goal 1 gives %v, %v; want all white", e.cells.Goal, err)
	}
	for _, bad := range []string{"3", "-1", "white", ""} {
		if err := e.tool("goal", bad); err == nil || e.cells.Goal != flip.AllWhite {
			t.Errorf("goal %q: error %v, goal now %v", bad, err, e.cells.Goal)
		}
	}
	if !strings.HasPrefix(e.text(), "3 3 white\n") {
		t.Errorf("judge text %q does not carry the goal", e.text())
	}
	fresh := newFlip()
	if err := fresh.restore(e.snapshot()); err != nil || fresh.cells.Goal != flip.AllWhite {
		t.Errorf("the snapshot restores goal %v (%v)", fresh.cells.Goal, err)
	}
	e.tool("w", "4")
	e.tool("w", "3")
	if e.cells.Goal != flip.AllWhite {
		t.Errorf("resizing loses the goal: %v", e.cells.Goal)
	}

	// Play: pressing the four edge cells makes it all black, one colour
	// but not the goal; pressing the other five makes it all white.
	e.tool("mode", "play")
	if !strings.Contains(e.playLine(), "Make the board all white.") {
		t.Errorf("play line %q does not say the goal", e.playLine())
	}
	for _, i := range []int{1, 3, 5, 7} {
		e.press(i, false)
	}
	if _, won := e.playState(); won || strings.HasPrefix(e.playLine(), "Solved") {
		t.Errorf("all black counts as solved for the goal all white: %q", e.playLine())
	}
	if _, _, ok := e.hintRequest(); !ok {
		t.Error("no hint offered on an all-black board whose goal is all white")
	}
	for _, i := range []int{0, 2, 4, 6, 8} {
		e.press(i, false)
	}
	if _, won := e.playState(); !won || !strings.HasPrefix(e.playLine(), "Solved in 9 presses") {
		t.Errorf("all white is not solved: %q\n%s", e.playLine(), e.text())
	}
	if err := e.tool("goal", "2"); err != nil || e.cells.Goal != flip.AllWhite {
		t.Errorf("the goal changes in play: %v %v", e.cells.Goal, err)
	}
	e.tool("mode", "edit")
	if e.cells.Goal != flip.AllWhite {
		t.Errorf("back from play the goal is %v", e.cells.Goal)
	}
}

// A nonogram's given cells (Tatham's pre-filled squares) are drawn as
// given, start play filled or dotted and stay so, and go with the puzzle
// into its text, its snapshot, Check and Hint (issue 23, item 5).
func TestNonogramGiven(t *testing.T) {
	// Two diagonals fit "1 1 / 1 1"; the given black top-right cell keeps one.
	const text = "2 2\n1 1\n1 1\n1 1\n1 1\ngiven\n.#\n..\n"
	e := newNonogram()
	if err := e.load(text); err != nil {
		t.Fatal(err)
	}
	if e.text() != text {
		t.Fatalf("loaded text is\n%s\nwant\n%s", e.text(), text)
	}
	if class, label := e.cellLook(1, 0, checkMarks{}); class != "fill given" || label != "given black" {
		t.Errorf("the given cell looks %q, %q", class, label)
	}
	if class, _ := e.cellLook(0, 0, checkMarks{}); strings.Contains(class, "given") {
		t.Errorf("a cell not given looks %q", class)
	}
	// The puzzle's image shows them as Pattern prints them: the black one
	// filled, the white one dotted (none is given here).
	s, err := e.draw(false)
	if black := regexp.MustCompile(`<rect [^>]*fill="`+ink+`"`).FindAllString(s.Body.String(), -1); err != nil || len(black) != 1 {
		t.Errorf("the puzzle image draws %d black cells (%v), want the given one", len(black), err)
	}
	e.tool("rows", "1\n1\n") // new runs, the same size: the given cells stay
	if e.text() != text {
		t.Errorf("typing the rows again gives\n%s", e.text())
	}

	e.tool("mode", "play")
	if string(e.grid) != ".#.." {
		t.Fatalf("play starts from %q, want the given cell filled", e.grid)
	}
	if _, changed := e.press(1, true); changed || e.paint(1, unknown) || e.grid[1] != filled {
		t.Errorf("a given cell changes in play: %q", e.grid)
	}
	if class, _ := e.cellLook(1, 0, checkMarks{}); class != "fill given" {
		t.Errorf("in play the given cell looks %q", class)
	}
	if _, pos, ok := e.hintRequest(); !ok || pos != ".#\n..\n" {
		t.Errorf("the hint is asked from %q, %v", pos, ok)
	}
	r, ok := e.work()
	if !ok || r.text != text {
		t.Fatalf("play asks for %+v, %v: want the puzzle with its given cells", r, ok)
	}
	c, _ := nonogram.ParseClues(r.text)
	a, err := nonogram.Solve(t.Context(), c, nil)
	if err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the solver says %+v, %v: want the one solution keeping the given cell", a, err)
	}
	raw, _ := json.Marshal(a)
	e.took(r, raw)
	e.press(0, false) // wrong: the solution has it white
	e.tool("check", "")
	if e.mistakes() != 1 || !e.wrong[0] {
		t.Errorf("check marks %v", e.wrong)
	}
	e.tool("clear", "")
	if string(e.grid) != ".#.." {
		t.Errorf("Restart gives %q, want the given cells back", e.grid)
	}
	e.press(2, false)
	if _, won := e.playState(); !won {
		t.Errorf("the solution %q is not solved", e.grid)
	}
	fresh := newNonogram()
	if err := fresh.restore(e.snapshot()); err != nil || fresh.text() != text || string(fresh.grid) != string(e.grid) {
		t.Errorf("the play snapshot restores %q, %q (%v)", fresh.text(), fresh.grid, err)
	}

	e.tool("mode", "clues")
	e.tool("w", "1") // the given cell falls outside: none is left
	if e.clues.Given != nil {
		t.Errorf("cut to width 1, given cells %q remain", e.clues.Given)
	}
	e.load(text)
	e.tool("h", "3")
	if string(e.clues.Given) != ".#...." {
		t.Errorf("grown to height 3, given cells %q", e.clues.Given)
	}
	e.tool("mode", "draw")
	if e.clues.Given != nil || !strings.Contains(e.warn, "without the given cells") {
		t.Errorf("drawing keeps given cells %q, says %q", e.clues.Given, e.warn)
	}
}
