package ui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers/flip"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/tetravex"
)

// Every editor's starting puzzle survives its own judge text, and random
// clicks keep it loadable: what the page shares and saves opens again.
func TestEditorsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, ed := range New().editors {
		for step := range 60 {
			text := ed.text()
			fresh := New().editors[New().editorIndex(ed.game())]
			if err := fresh.load(text); err != nil {
				t.Fatalf("%s step %d: own text does not load: %v\n%s", ed.game(), step, err, text)
			}
			if got := fresh.text(); got != text {
				t.Fatalf("%s step %d: text changes on reload:\n%s\nwant\n%s", ed.game(), step, got, text)
			}
			ed.click(rng.IntN(120) - 10) // out-of-range clicks are ignored
		}
	}
}

func TestFlipPlayPresses(t *testing.T) {
	e := newFlip()
	want, _ := flip.ParseBoard(e.text())
	e.tool("mode", "play")
	e.click(5)
	want.Press(5)
	if e.text() != want.String() {
		t.Fatalf("play click gives\n%s\nwant\n%s", e.text(), want)
	}
	if err := e.tool("w", "65"); err == nil {
		t.Error("width 65 accepted")
	}
	e.tool("w", "6")
	if e.cells.W != 6 || e.cells.H != want.H || e.cells.Black[0] != want.Black[0] {
		t.Errorf("resize to width 6 gives %dx%d", e.cells.W, e.cells.H)
	}
}

func TestNonogramClueLines(t *testing.T) {
	lines, err := parseClueLines("rows", "1 2\n0\n\n3,1\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := clueText(lines); got != "1 2\n0\n0\n3 1\n" {
		t.Errorf("clue lines read back as %q", got)
	}
	for _, bad := range []string{"1 x", "-1", "51", strings.Repeat("1\n", 51)} {
		if _, err := parseClueLines("rows", bad); err == nil {
			t.Errorf("clue text %q accepted", bad)
		}
	}
	// Drawing derives the clues of the picture.
	e := newNonogram()
	e.tool("clear", "")
	e.click(0)
	e.click(1)
	if want := nonogram.CluesOf(e.pic).String(); e.text() != want || !strings.Contains(e.text(), "\n1 2\n") {
		t.Errorf("drawn clues\n%s\nwant\n%s", e.text(), want)
	}
}

func TestTetravexKeys(t *testing.T) {
	e := newTetravex()
	e.tool("zero", "")
	e.click(6) // selects card 1, bottom
	for _, k := range []string{"4", "2"} {
		e.key(-1, k)
	}
	if got := e.puzzle.Cards[1][tetravex.Bottom]; got != 42 {
		t.Fatalf("typing 4 2 gives %d, want 42", got)
	}
	e.key(-1, "ArrowDown")
	e.key(-1, "ArrowRight")
	e.key(-1, "9")
	e.click(7) // counts the selected edge up, wrapping at 10
	if c := e.puzzle.Cards[1]; c[tetravex.Bottom] != 41 || c[tetravex.Left] != 0 {
		t.Fatalf("card 1 is %v, want bottom 41 and left 0", c)
	}
}

// Every size the editors' fields accept gives a puzzle that loads again.
func TestEditorSizesLoad(t *testing.T) {
	for _, ed := range New().editors {
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
