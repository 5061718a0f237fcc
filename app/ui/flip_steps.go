package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// stepBoard draws a Flip trace's board (flip.Game.Trace: each cell 0
// white or 1 black, plus 2 when pressed), the row of the step tinted and
// the cells it flipped outlined, and on a board at most four wide the
// table of the first rows chased so far with their presses, the fewest
// in bold.
func (e *flipEditor) stepBoard(p *Page, v stepView) app.UI {
	w, h := e.cells.W, e.cells.H
	n := w * h
	if len(v.board) < n {
		return app.Text("")
	}
	grid := p.stepGrid(v, w, h, func(i int) cell {
		c := cell{class: "white", label: "white"}
		if v.board[i]&1 == 1 {
			c.class, c.label = "black", "black"
		}
		if v.board[i]&2 != 0 {
			c.class, c.label = c.class+" press", c.label+", pressed"
		}
		if i/w == v.step.At {
			c.class += " at"
		}
		return c
	}, "flip", "Flip board")
	if len(v.board) < n+2<<w {
		return grid
	}
	return app.Div().Class("flip-steps").Body(grid, firstRowsTable(v, w, n))
}

// firstRowsTable lists the first rows of the enumeration (see stepBoard)
// with the presses each takes to all white and to all black.
func firstRowsTable(v stepView, w, n int) app.UI {
	table := v.board[n:]
	fewest := -1
	for _, k := range table {
		if k >= 0 && (fewest < 0 || k < fewest) {
			fewest = k
		}
	}
	var b strings.Builder
	b.WriteString(`<table class="firstrows"><thead><tr><th>First row</th><th>All white</th><th>All black</th></tr></thead><tbody>`)
	for m := range 1 << w {
		row := ""
		if v.changed[n+2*m] || v.changed[n+2*m+1] {
			row = ` class="at"`
		}
		b.WriteString(`<tr` + row + `><td class="mono">`)
		for x := range w {
			b.WriteByte(".#"[m>>x&1])
		}
		b.WriteString(`</td>`)
		for c := range 2 {
			k := table[2*m+c]
			text := "–"
			switch {
			case k == -2:
				text = "fails"
			case k >= 0:
				text = strconv.Itoa(k)
			}
			if k >= 0 && k == fewest {
				b.WriteString(`<td class="best">` + text + `</td>`)
			} else {
				b.WriteString(`<td>` + text + `</td>`)
			}
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return app.Div().ID("steps-firstrows").Aria("label", "First rows chased, with their presses").Body(app.Raw(b.String()))
}
