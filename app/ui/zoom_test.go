package ui

import (
	"strings"
	"testing"
)

// The zoom steps through its levels from Fit, is set by a pinch within
// its bounds, belongs to its tab, and is no step of the undo history.
func TestZoom(t *testing.T) {
	p := mount(memStore{})
	flipTab := p.show(t, "flip")
	if z := flipTab.zoomed(); z != zoomFit {
		t.Fatalf("a new tab's zoom is %d, want Fit", z)
	}
	undoable := flipTab.hist.canUndo()
	zoom := func(how string, percent int) zoomPercent {
		p.input(inputEvent{kind: inputZoom, cell: percent, key: how})
		return flipTab.zoomed()
	}
	for _, want := range []zoomPercent{125, 150, 200} {
		if z := zoom(zoomIn, -1); z != want {
			t.Fatalf("zoom in: %d, want %d", z, want)
		}
	}
	if z := zoom(zoomOut, -1); z != 150 {
		t.Errorf("zoom out from 200: %d", z)
	}
	if z := zoom("", 173); z != 173 {
		t.Errorf("pinch to 173: %d", z)
	}
	if z := zoom(zoomOut, -1); z != 150 {
		t.Errorf("zoom out from 173: %d, want the step below", z)
	}
	if z := zoom("", 9000); z != zoomMax {
		t.Errorf("pinch far out: %d, want %d", z, zoomMax)
	}
	if z := zoom(zoomIn, -1); z != zoomMax {
		t.Errorf("zoom in past the top: %d", z)
	}
	if z := zoom("", 1); z != zoomMin {
		t.Errorf("pinch far in: %d, want %d", z, zoomMin)
	}
	if z := zoom(zoomOut, -1); z != zoomMin {
		t.Errorf("zoom out past the bottom: %d", z)
	}
	if z := zoom("bogus", 300); z != zoomMin {
		t.Errorf("an unknown request changed the zoom to %d", z)
	}
	if flipTab.hist.canUndo() != undoable {
		t.Error("zooming made an undo step")
	}
	p.input(inputEvent{kind: inputKey, key: "0", mods: modOnBoard})
	if z := flipTab.zoomed(); z != zoomFit {
		t.Errorf("0 on the board: zoom %d, want Fit", z)
	}
	p.input(inputEvent{kind: inputKey, key: "+", mods: modOnBoard | modShift})
	if z := flipTab.zoomed(); z != 125 {
		t.Errorf("+ on the board: zoom %d, want 125", z)
	}
	p.input(inputEvent{kind: inputKey, key: "-", mods: 0})
	if z := flipTab.zoomed(); z != 125 {
		t.Errorf("- off the board zoomed to %d", z)
	}

	// Another tab keeps its own zoom, and Tetravex types values with the
	// zoom keys.
	tv := p.show(t, "tetravex")
	if z := tv.zoomed(); z != zoomFit {
		t.Errorf("tetravex took flip's zoom: %d", z)
	}
	p.input(inputEvent{kind: inputKey, key: "+", mods: modOnBoard})
	if z := tv.zoomed(); z != zoomFit {
		t.Errorf("+ on the tetravex board zoomed to %d; it is the edge's value there", z)
	}
	p.show(t, "flip")
	if z := flipTab.zoomed(); z != 125 {
		t.Errorf("flip's zoom after a visit to tetravex: %d", z)
	}
}

// Each game's help lists its own controls: Tetravex's cards take no
// right click or X in Play, and its +, − and 0 set values, not the zoom;
// a board of cells keeps them.
func TestHelpListsOwnControls(t *testing.T) {
	tv := parseHTML(t, helpBody(freshEditor("tetravex"))).content()
	for _, not := range []string{"right click", "long-press", "X", "+ / − / 0"} {
		if strings.Contains(tv, not) {
			t.Errorf("tetravex help mentions %q: %s", not, tv)
		}
	}
	for _, want := range []string{"0–9", "Backspace", "Ctrl+wheel"} {
		if !strings.Contains(tv, want) {
			t.Errorf("tetravex help lacks %q", want)
		}
	}
	nono := parseHTML(t, helpBody(freshEditor("nonogram"))).content()
	for _, want := range []string{"right click or long-press: dot", "X", "+ / − / 0"} {
		if !strings.Contains(nono, want) {
			t.Errorf("nonogram help lacks %q: %s", want, nono)
		}
	}
}
