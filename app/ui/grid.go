package ui

import (
	"fmt"
	"html"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// cell is how one grid cell is drawn: CSS classes and a short label.
type cell struct {
	class, text string
	style       string // inline CSS made here from numbers, never from user text
}

// gridView draws a w×h grid whose cell i (row-major) is draw(i). Rows are
// raw HTML built here from the editor's own state (labels are escaped
// anyway), so even a 50×50 grid re-renders cheaply; one delegated handler
// on the grid reads the clicked cell's data-i.
func (p *Page) gridView(w, h int, draw func(i int) cell, class string) app.HTMLDiv {
	rows := make([]app.UI, h)
	var b strings.Builder
	for y := range h {
		b.Reset()
		b.WriteString(`<div class="row">`)
		for x := range w {
			i := y*w + x
			c := draw(i)
			fmt.Fprintf(&b, `<div class="cell %s" data-i="%d" style="%s">%s</div>`,
				html.EscapeString(c.class), i, html.EscapeString(c.style), html.EscapeString(c.text))
		}
		b.WriteString(`</div>`)
		rows[y] = app.Raw(b.String())
	}
	return app.Div().ID("grid").Class("grid "+class).
		Style("--cell", fmt.Sprintf("%dpx", cellSize(w, h))).
		Body(rows...).OnClick(p.onCell)
}

// cellSize fits the grid in about 560 pixels, within readable bounds.
func cellSize(w, h int) int {
	return max(12, min(40, 560/max(w, h, 1)))
}
