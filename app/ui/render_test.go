package ui

import (
	"testing"
)

// bigPage is a page showing a 50×50 nonogram being drawn.
func bigPage(b *testing.B) *Page {
	p := New()
	i, _ := p.m.tabIndex("nonogram")
	p.m.at = i
	ed := p.m.tabs[i].ed
	ed.tool("w", "50")
	ed.tool("h", "50")
	return p
}

// The page's render while a stroke crosses a 50×50 board: the cost of
// every cell a drag enters.
func BenchmarkRenderBoard50(b *testing.B) {
	p := bigPage(b)
	ed := p.current()
	for i := 0; b.Loop(); i++ {
		ed.press(i%2500, false)
		p.current().board(p)
	}
}
