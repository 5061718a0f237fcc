package ui

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/nonogram"
)

// threeInks is a three-colour picture of 5×4 cells: 0 white, k ink k-1.
var threeInks = [][]int{
	{0, 1, 1, 1, 0},
	{1, 3, 3, 3, 1},
	{2, 3, 0, 3, 2},
	{0, 2, 2, 2, 0},
}

// drawThree draws threeInks on a fresh editor through the palette and
// the board, as a person does: add colours, pick each, paint its cells.
func drawThree(t *testing.T) *nonogramEditor {
	t.Helper()
	e := newNonogram()
	e.tool("w", "5")
	e.tool("h", "4")
	e.tool("clear", "")
	for _, tool := range [][2]string{{"ink-add", ""}, {"ink-add", ""}} {
		if err := e.tool(tool[0], tool[1]); err != nil {
			t.Fatal(err)
		}
	}
	for k := range 3 {
		if err := e.tool("ink", string('0'+rune(k))); err != nil {
			t.Fatal(err)
		}
		for y, row := range threeInks {
			for x, v := range row {
				if v == k+1 {
					if _, ok := e.press(y*5+x, false); !ok {
						t.Fatalf("painting (%d, %d) in ink %d changes nothing", x, y, k)
					}
				}
			}
		}
	}
	return e
}

// The palette: a black and white picture becomes colour when a colour is
// added (its black cells the first ink), colours are renamed and
// recoloured, bad ones refused in words, and removing colours down to
// one makes it black and white again.
func TestNonogramPalette(t *testing.T) {
	e := newNonogram()
	bw := e.text()
	if err := e.tool("ink-add", ""); err != nil || !e.clues.IsColour() || len(e.clues.Inks) != 2 || e.ink != 1 {
		t.Fatalf("Add colour: %v, inks %v, picking %d", err, e.clues.Inks, e.ink)
	}
	if want := strings.ReplaceAll(bw, "\n", ""); strings.ReplaceAll(e.text(), "a", "") == "" || !strings.Contains(e.text(), "colours 2\na 000000 black\nb e02020 red\n") {
		t.Errorf("after Add colour the puzzle is\n%s(from %q)", e.text(), want)
	}
	if err := e.tool("ink-name:1", "  cherry   red "); err != nil || e.clues.Inks[1].Name != "cherry red" {
		t.Errorf("rename: %v, %+v", err, e.clues.Inks[1])
	}
	if err := e.tool("ink-rgb:1", "#A01010"); err != nil || e.clues.Inks[1].RGB != "a01010" {
		t.Errorf("recolour: %v, %+v", err, e.clues.Inks[1])
	}
	before := e.text()
	for _, bad := range [][2]string{
		{"ink-rgb:1", "#ffffff"}, {"ink-rgb:1", "zz"}, {"ink-rgb:1", "#000000"}, {"ink-rgb:7", "#123456"},
		{"ink-name:0", strings.Repeat("n", 30)}, {"ink-del:2", ""}, {"ink", "5"}, {"ink-pour", ""},
	} {
		err := e.tool(bad[0], bad[1])
		if err == nil || e.text() != before {
			t.Errorf("%v accepted, puzzle now\n%s", bad, e.text())
			continue
		}
		if strings.Contains(err.Error(), "strconv") || strings.Contains(err.Error(), "index") {
			t.Errorf("%v refused as %q: not in a person's words", bad, err)
		}
	}
	for range 3 {
		e.tool("ink-add", "")
	}
	if err := e.tool("ink-add", ""); err == nil || len(e.clues.Inks) != nonoMaxInks {
		t.Errorf("a sixth colour: %v, %d inks", err, len(e.clues.Inks))
	}
	// Paint a cell in the last ink, then remove the first: the picture's
	// black cells go white, the others keep their inks under new letters.
	e.tool("ink", "4")
	e.press(0, false)
	e.tool("ink-del:0", "")
	if len(e.clues.Inks) != 4 || e.pic[0][0] != 4 || e.pic[1][2] != 0 || e.ink != 3 {
		t.Errorf("after removing the first colour: %d inks, cells %v %v, picking %d", len(e.clues.Inks), e.pic[0][0], e.pic[1][2], e.ink)
	}
	for len(e.clues.Inks) > 0 {
		if err := e.tool("ink-del:0", ""); err != nil {
			t.Fatal(err)
		}
	}
	if e.clues.IsColour() || e.pic[0][0] != 1 || e.text() != cluesOfPicture(e.pic, nil).String() || strings.Contains(e.text(), "colours") {
		t.Errorf("down to one colour, the puzzle is\n%s", e.text())
	}
	if err := e.tool("ink-del:0", ""); err == nil {
		t.Error("a black and white puzzle lost its last colour")
	}

	// Typed clues follow the palette too: runs take the first ink, and
	// lose those of a removed one.
	e.load("1 3\n2 1 1\n1 1\n0\n1 1\n")
	e.tool("ink-add", "")
	if !strings.Contains(e.text(), "2 1a 1a\n1 1a\n0\n1 1a\n") {
		t.Errorf("typed clues after Add colour:\n%s", e.text())
	}
	if err := e.tool("rows", "1a 1b\n"); err != nil {
		t.Fatal(err)
	}
	e.tool("ink-del:1", "")
	if !strings.HasPrefix(e.text(), "1 3\n1 1\n") || e.clues.IsColour() {
		t.Errorf("typed clues after removing b:\n%s", e.text())
	}
}

// A picture drawn in three colours has the colour clues of that picture;
// the other button erases, and a press on a cell of the picked ink clears it.
func TestNonogramColourDraw(t *testing.T) {
	e := drawThree(t)
	inks := e.clues.Inks
	if want := nonogram.ColourCluesOf(threeInks, inks).String(); e.text() != want {
		t.Fatalf("drawn clues\n%s\nwant\n%s", e.text(), want)
	}
	if style := e.inkStyle(1, 0); style != "background:#"+inks[0].RGB {
		t.Errorf("a black cell is drawn %q", style)
	}
	if _, label := e.cellLook(1, 1, checkMarks{}); inkLabel(label, inkName(e.clues, 2)) != "blue" {
		t.Errorf("cell (1, 1) is read as %q", inkLabel(label, inkName(e.clues, 2)))
	}
	text := e.text()
	if v, ok := e.press(1, true); !ok || v != 0 || e.pic[0][1] != 0 {
		t.Errorf("the other button gives %d, %v", v, ok)
	}
	e.paint(1, 1)
	e.tool("ink", "2")
	if v, _ := e.press(6, false); v != 0 || e.pic[1][1] != 0 {
		t.Errorf("a press on a cell of the picked ink gives %d", v)
	}
	e.press(6, false)
	if e.text() != text {
		t.Errorf("painted back, the clues are\n%s\nwant\n%s", e.text(), text)
	}
	if e.paint(0, 4) {
		t.Error("a cell painted in an ink the palette has not")
	}
}

// Clues are typed with their inks' letters; a run without a letter, with
// one the palette has not, or a letter in black and white, is refused in
// words and changes nothing.
func TestNonogramColourClues(t *testing.T) {
	e := drawThree(t)
	text := e.text()
	e.tool("mode", "clues")
	rows := clueText(e.clues.Rows, e.clues.RowInks)
	if err := e.tool("rows", strings.ReplaceAll(rows, " ", ", ")); err != nil || e.text() != text {
		t.Errorf("typing the rows again: %v\n%s", err, e.text())
	}
	for _, bad := range []string{"3a 2", "3d", "3x", "a", "3a 51b"} {
		err := e.tool("rows", bad)
		if err == nil || e.text() != text {
			t.Errorf("rows %q accepted:\n%s", bad, e.text())
			continue
		}
		if !strings.Contains(err.Error(), "row") || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("rows %q refused as %q, which does not say where", bad, err)
		}
	}
	bw := newNonogram()
	bw.tool("mode", "clues")
	if err := bw.tool("rows", "3a\n"); err == nil || !strings.Contains(err.Error(), "add a colour") {
		t.Errorf("a colour letter in black and white: %v", err)
	}
}

// Play in colour: the picked ink fills, the other button dots, Check
// finds a wrong ink, Restart and the right inks solve it.
func TestNonogramColourPlay(t *testing.T) {
	e := drawThree(t)
	e.tool("mode", "play")
	r, ok := e.work()
	if !ok {
		t.Fatal("play asks for no solution")
	}
	c, _ := nonogram.ParseClues(r.text)
	a, err := nonogram.Solve(t.Context(), c, nil)
	if err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the solver says %+v, %v", a, err)
	}
	raw, _ := json.Marshal(a)
	e.took(r, raw)
	if e.sol == nil {
		t.Fatalf("no solution kept: %q", e.solErr)
	}
	e.tool("ink", "1")
	if v, _ := e.press(1, false); v != 'b' { // wrong: (1, 0) is ink a
		t.Errorf("a press fills with %q, want the picked ink b", v)
	}
	if v, _ := e.press(0, true); v != dotted {
		t.Errorf("the other button gives %q", v)
	}
	e.tool("check", "")
	if e.mistakes() != 1 || !e.wrong[1] {
		t.Errorf("check marks %v", e.wrong)
	}
	if style := e.inkStyle(1, 0); style != "background:#"+e.clues.Inks[1].RGB {
		t.Errorf("a filled cell shows %q", style)
	}
	if err := e.tool("ink-add", ""); err == nil {
		t.Error("the palette changes in play")
	}
	e.tool("clear", "")
	for y, row := range threeInks {
		for x, v := range row {
			if v > 0 {
				e.tool("ink", string('0'+rune(v-1)))
				e.press(y*5+x, false)
			}
		}
	}
	if _, won := e.playState(); !won || !strings.HasPrefix(e.playStatus(), "Solved") {
		t.Errorf("the picture played is not solved: %q", e.grid)
	}
	// A line of the right lengths in the wrong inks is not done.
	e.tool("ink", "2")
	e.press(1, false)
	if rows, _ := e.doneLines(); rows[0] {
		t.Error("row 1 in the wrong ink counts as done")
	}
}

// Snapshots of a colour puzzle in every mode restore to the same state,
// a black and white picture's snapshot is written as it always was, and
// damaged colour snapshots are refused.
func TestNonogramColourSnapshots(t *testing.T) {
	bw := newNonogram()
	if snap := bw.snapshot(); strings.Contains(snap, "=") || strings.Trim(strings.TrimPrefix(snap, "draw\n"), ".#\n") != "" {
		t.Errorf("a black and white picture's snapshot is\n%s", snap)
	}
	e := drawThree(t)
	e.tool("ink-name:2", "sky blue")
	drawn := e.snapshot()
	for _, mode := range []string{"draw", "clues", "play"} {
		e.tool("mode", mode)
		if mode == "play" {
			e.tool("ink", "2")
			e.press(6, false)
			e.press(0, true)
		}
		snap := e.snapshot()
		fresh := newNonogram()
		if err := fresh.restore(snap); err != nil || fresh.snapshot() != snap || fresh.text() != e.text() {
			t.Errorf("%s: the snapshot\n%s\nrestores as\n%s(%v)", mode, snap, fresh.snapshot(), err)
		}
	}
	snap := drawn
	for _, bad := range []string{
		strings.Replace(snap, "accca", "aczca", 1),         // no such ink
		strings.Replace(snap, "colours 3", "colours 2", 1), // the palette cut short
		strings.Replace(snap, "=\n", "", 1),                // letters without a palette
		"play\n" + strings.Repeat("d", 20) + "\n=\n" + e.text(),
	} {
		if err := newNonogram().restore(bad); err == nil {
			t.Errorf("damaged snapshot accepted:\n%s", bad)
		}
	}
}

// Typed clue lines and saved states, whatever they hold, are read or
// refused without a panic; what is read has an ink for every run, and a
// state restored saves as a snapshot that restores to itself.
func FuzzNonogramColourInput(f *testing.F) {
	e := newNonogram()
	e.tool("ink-add", "")
	e.tool("ink-add", "")
	f.Add("3a 1b\n0\n2c", 3, e.snapshot())
	f.Add("1, 2\n", 0, "draw\n.#\n")
	f.Add("4b", 2, "play\nab\nx.\n=\n"+e.text())
	f.Fuzz(func(t *testing.T, text string, inks int, snap string) {
		inks = max(0, min(inks, nonoMaxInks))
		lines, lineInks, err := parseClueLines("rows", text, inks)
		if err == nil && inks > 0 {
			for l := range lines {
				if len(lineInks[l]) != len(lines[l]) || slices.ContainsFunc(lineInks[l], func(k int) bool { return k < 0 || k >= inks }) {
					t.Fatalf("%q read as %v in inks %v", text, lines, lineInks)
				}
			}
		}
		ed := newNonogram()
		if ed.restore(snap) != nil {
			return
		}
		fresh := newNonogram()
		if err := fresh.restore(ed.snapshot()); err != nil || fresh.snapshot() != ed.snapshot() {
			t.Fatalf("%q restores, but its snapshot\n%s\ndoes not (%v)", snap, ed.snapshot(), err)
		}
	})
}
