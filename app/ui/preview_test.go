package ui

import (
	"strings"
	"testing"

	"gridsolve/app/preview"
	"gridsolve/app/share"
	"gridsolve/solvers/nonogram"
)

// The preview a shared link shows before the page runs is the picture the
// page's own Save… puzzle image draws of it, and it shows the puzzles the
// editor opens, no others.
func TestPreviewIsThePagesPicture(t *testing.T) {
	for _, text := range []string{
		nonogramHelp.example,
		"5x5:2/4/4/4/2/1.1/5/5/3/1,aAx", // given cells
		nonogram.CluesOf([][]bool{{true, false, true}, {true, true, true}}).String(),
		"50 1\n" + strings.Repeat("1 1\n", 50) + "1 50\n",
		"51 1\n" + strings.Repeat("1 1\n", 51) + "1 51\n",
	} {
		e := newNonogram()
		err := e.openShared(text)
		svg, ok := preview.SVG(share.Encode("nonogram", text))
		if ok != (err == nil) {
			t.Errorf("%.20q: the editor opens it (%v), the preview draws it: %v", text, err, ok)
			continue
		}
		if err != nil {
			continue
		}
		s, _ := e.draw(false)
		if svg != s.SVG() {
			t.Errorf("%.20q: the preview is not the page's picture:\n%.200s\n%.200s", text, svg, s.SVG())
		}
	}
}
