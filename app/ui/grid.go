package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// cell is how one grid cell is drawn: CSS classes, a short text, and the
// label a screen reader says for it.
type cell struct {
	class, text string
	style       string // inline CSS made here from numbers, never from user text
	label       string // "black", "hit"...; the position is added
}

// gridView draws a w×h grid whose cell i (row-major) is draw(i). Rows are
// raw HTML built here from the editor's own state (labels are escaped
// anyway), so even a 64×64 grid re-renders cheaply. Input reaches the page
// through web/input.js, one delegated handler reading the cells' data-i.
func (p *Page) gridView(w, h int, draw func(i int) cell, class, label string) app.HTMLDiv {
	t := p.cur()
	rows := gridRows(&t.rows, w, h, false, func(i int) cell {
		c := draw(i)
		if i == t.cursor {
			c.class += " cursor"
		}
		if t.hinted(i) {
			c.class += " hinted"
			c.label += ", the hint"
		}
		return c
	})
	return withInput(boardGrid(w, h, class, label), t.ed.input()).Body(rows...)
}

// gridRows draws the rows of a w×h grid whose cell i is draw(i), each
// rebuilt only when its cells changed (see rowCache). A picture's rows
// (lean) are bare cells, with no roles and labels to parse and style: a
// Step through board, which its note puts into words.
func gridRows(rc *rowCache, w, h int, lean bool, draw func(i int) cell) []app.UI {
	rows := make([]app.UI, h)
	cells := make([]cell, w)
	for y := range h {
		if rc.kept(y) {
			rows[y] = app.Raw(rc.rows[y])
			continue
		}
		key := rc.key[:0]
		for x := range w {
			c := draw(y*w + x)
			cells[x] = c
			key = appendKey(key, c.class, c.text, c.style, c.label)
		}
		rc.key = key
		rows[y] = app.Raw(rc.row(y, key, func() string {
			var b strings.Builder
			if lean {
				b.WriteString(`<div class="row">`)
			} else {
				b.WriteString(`<div class="row" role="row">`)
			}
			for x, c := range cells {
				if lean {
					writeBareCell(&b, y*w+x, c)
				} else {
					writeCell(&b, y*w+x, x, y, c)
				}
			}
			b.WriteString(`</div>`)
			return b.String()
		}))
	}
	return rows
}

// boardGrid is the #grid element every board is drawn in: focusable, with
// the cursor keys, and its cell size fitted to the screen (see app.css).
func boardGrid(w, h int, class, label string) app.HTMLDiv {
	return app.Div().ID("grid").Class("grid "+class).TabIndex(0).
		Attr("role", "grid").Aria("label", fmt.Sprintf("%s, %d by %d: arrows move, Space acts, X marks", label, w, h)).
		Style("--w", fmt.Sprint(w)).Style("--h", fmt.Sprint(h)).Style("--cell-max", fmt.Sprintf("%dpx", cellSize(w, h)))
}

// cellSize fits the grid in about 560 pixels on a wide screen, within
// readable bounds; app.css shrinks it to the screen's width, down to 20px.
func cellSize(w, h int) int {
	return max(20, min(40, 560/max(w, h, 1)))
}
