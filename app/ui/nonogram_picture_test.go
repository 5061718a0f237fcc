package ui

import (
	"slices"
	"strings"
	"testing"

	"gridsolve/app/picture"
	"gridsolve/solvers/nonogram"
)

// scaledOf makes the picture the browser would hand over for rows of
// letters, each a colour of key, one pixel a cell.
func scaledOf(key map[byte]picture.RGB, rows ...string) picture.Image {
	m := picture.Image{W: len(rows[0]), H: len(rows)}
	for _, row := range rows {
		for x := range len(row) {
			c := key[row[x]]
			m.Pix = append(m.Pix, c[0], c[1], c[2], 255)
		}
	}
	return m
}

var pictureKey = map[byte]picture.RGB{'.': {255, 255, 255}, '#': {10, 10, 10}, 'r': {224, 32, 32}, 'b': {32, 96, 208}, 'g': {200, 200, 200}}

// openDialog is a dialog on a decoded picture of rows, scaled one pixel a
// cell.
func openDialog(colour bool, inks int, rows ...string) *pictureDialog {
	d := &pictureDialog{open: true, name: "test.png", inks: inks, colour: colour}
	d.decoded(len(rows[0]), len(rows))
	d.setScaled(scaledOf(pictureKey, rows...), true)
	return d
}

// Use this picture draws the picture, its clues follow it, the check
// starts after the pause, and Undo brings back the picture before.
func TestMidendUsePicture(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	ed := nt.ed.(*nonogramEditor)
	before := ed.snapshot()
	rows := []string{"#g.#", "##.#", "...."}
	d := openDialog(false, 3, rows...)
	if d.level <= 10 || d.level > 200 {
		t.Fatalf("the threshold starts at %d, not between the dark and the light grey", d.level)
	}
	if err := d.use(p.midend); err != nil {
		t.Fatal(err)
	}
	want := nonogram.CluesOf([][]bool{{true, false, false, true}, {true, true, false, true}, {false, false, false, false}})
	if ed.mode != nonoDraw || ed.text() != want.String() || d.open {
		t.Fatalf("after Use: mode %s, clues\n%s\nwant\n%s (dialog open %v)", ed.mode, ed.text(), want, d.open)
	}
	if !strings.Contains(nt.status, "test.png") {
		t.Errorf("the status says %q", nt.status)
	}
	p.timeOut()
	if live := p.liveJobs(); !slices.Contains(live, "explain nonogram") {
		t.Errorf("jobs %v: no check of the picture", live)
	}
	p.undo()
	if ed.snapshot() != before {
		t.Errorf("Undo gives\n%s\nwant\n%s", ed.snapshot(), before)
	}
}

// A colour picture comes in its colours, and the designer's check (or a
// Solve, where the check does not read colour) says whether it is unique.
func TestMidendUseColourPicture(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	ed := nt.ed.(*nonogramEditor)
	rows := []string{"rr.b", "r.bb", "#..#"}
	d := openDialog(true, 3, rows...)
	if len(d.rgb) != 3 {
		t.Fatalf("inks %v, want 3", d.rgb)
	}
	if err := d.use(p.midend); err != nil {
		t.Fatal(err)
	}
	if !ed.clues.IsColour() || len(ed.clues.Inks) != 3 {
		t.Fatalf("clues %s", ed.text())
	}
	// Each cell has the ink of its colour.
	for y, row := range rows {
		for x := range len(row) {
			got := ed.pic[y][x]
			want := 0
			if row[x] != '.' {
				want = slices.Index(d.rgb, pictureKey[row[x]]) + 1
			}
			if got != want || want < 0 {
				t.Fatalf("cell %d,%d (%c) is ink %d, want %d", x, y, row[x], got, want)
			}
			if got > 0 && ed.clues.Inks[got-1].RGB != pictureKey[row[x]].Hex() {
				t.Fatalf("ink %d is %s, want %s", got, ed.clues.Inks[got-1].RGB, pictureKey[row[x]].Hex())
			}
		}
	}
	// The designer's check, where it reads colour, or else a Solve.
	p.timeOut()
	if nt.solving == 0 && len(p.liveJobs()) == 0 {
		t.Error("neither a check nor a Solve says whether the colour picture is unique")
	}
}

// Width and height keep the picture's proportions unless told not to;
// the mode, threshold and colours change the cells at once.
func TestPictureDialogTools(t *testing.T) {
	d := &pictureDialog{inks: 3}
	d.decoded(400, 200)
	if d.w != 20 || d.h != 10 {
		t.Fatalf("opens at %d×%d", d.w, d.h)
	}
	for _, c := range []struct {
		name, value string
		w, h        int
		rescale     bool
	}{
		{"w", "30", 30, 15, true},
		{"h", "40", 50, 25, true}, // height 40 would need width 80
		{"keep", "false", 50, 25, false},
		{"h", "7", 50, 7, true},
		{"keep", "true", 50, 25, true},
		{"w", "0", 1, 1, true}, // at least a cell
	} {
		rescale, err := d.tool(c.name, c.value)
		if err != nil || rescale != c.rescale || d.w != c.w || d.h != c.h {
			t.Errorf("%s=%s: %d×%d rescale %v (%v), want %d×%d rescale %v", c.name, c.value, d.w, d.h, rescale, err, c.w, c.h, c.rescale)
		}
	}
	for _, bad := range [][2]string{{"w", "many"}, {"level", "300"}, {"inks", "1"}, {"inks", "6"}} {
		if _, err := d.tool(bad[0], bad[1]); err == nil {
			t.Errorf("%s=%s accepted", bad[0], bad[1])
		}
	}

	d = openDialog(false, 2, "#g.", "g.#")
	d.tool("level", "0")
	if slices.Contains(d.cells, 1) {
		t.Errorf("threshold 0 gives black cells %v", d.cells)
	}
	d.tool("level", "256")
	if slices.Contains(d.cells, 0) {
		t.Errorf("threshold 256 gives white cells %v", d.cells)
	}
	d.tool("level", "100")
	if !slices.Equal(d.cells, []int{1, 0, 0, 0, 0, 1}) {
		t.Errorf("threshold 100 gives %v", d.cells)
	}
	d.tool("colour", "true")
	if !d.colour || d.rgb == nil || !strings.Contains(d.summary(), "colours") {
		t.Errorf("colour: %v %v %q", d.cells, d.rgb, d.summary())
	}
	// One colour besides white is black and white.
	d = openDialog(true, 4, "r..", ".r.")
	if d.rgb != nil || !slices.Equal(d.cells, []int{1, 0, 0, 0, 1, 0}) || !strings.Contains(d.summary(), "black and white") {
		t.Errorf("red on white: %v %v %q", d.cells, d.rgb, d.summary())
	}
	if got := d.snapshot(); got != "draw\n#..\n.#.\n" {
		t.Errorf("its picture is %q", got)
	}
}

// The preview's cells are the picture the editor will draw.
func TestPicturePreview(t *testing.T) {
	d := openDialog(true, 2, "rb.", "..r")
	svg := d.previewSVG()
	a, b := nonogram.InkLetter(0), nonogram.InkLetter(1)
	want := `data-cells="` + string([]byte{a, b, '.'}) + "/.." + string(a) + `"`
	if !strings.Contains(svg, want) || strings.Count(svg, "<path") != 2 {
		t.Errorf("preview %s, want %s", svg, want)
	}
	d = openDialog(false, 2, "#.#", "...")
	if svg := d.previewSVG(); !strings.Contains(svg, `data-cells="#.#/..."`) || !strings.Contains(svg, "M0 0h1v1h-1zM2 0h1v1h-1z") {
		t.Errorf("preview %s", svg)
	}
}

func TestIsPicture(t *testing.T) {
	for _, c := range []struct {
		name, mime string
		want       bool
	}{
		{"cat.png", "image/png", true},
		{"cat.PNG", "", true},
		{"photo.jpeg", "", true},
		{"logo.svg", "image/svg+xml", true},
		{"puzzle.xml", "text/xml", false},
		{"puzzle.non", "", false},
		{"png", "", false},
		{"x.txt", "text/plain", false},
	} {
		if got := isPicture(c.name, c.mime); got != c.want {
			t.Errorf("isPicture(%q, %q) = %v", c.name, c.mime, got)
		}
	}
}
