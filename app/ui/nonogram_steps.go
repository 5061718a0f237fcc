package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// stepBoard draws a nonogram trace's board (nonogram.Game.Trace: -1
// unknown, 0 white, 1 black, or in colour k for ink k-1, drawn in it)
// with the clues, the line of the step, its
// clue included, tinted and the cells it set outlined. The tint is one
// element laid over the board (see lineTint), so that a step on a column
// rebuilds only the rows whose cells it set, not all of them.
func (e *nonogramEditor) stepBoard(p *Page, v stepView) app.UI {
	w, h := e.width(), e.height()
	if len(v.board) != w*h {
		return app.Text("")
	}
	at := v.step.At
	var b strings.Builder
	b.WriteString(`<div class="row"><div class="corner"></div>`)
	for x, runs := range e.clues.Cols {
		b.WriteString(`<div class="clue col">`)
		for k, r := range runs {
			e.writeRun(&b, r, e.clues.ColInks, x, k)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	rows := make([]app.UI, 0, h+1)
	rows = append(rows, app.Raw(b.String()))
	classes, styles := make([]string, w), make([]string, w)
	inkStyles := make([]string, len(e.clues.Inks)) // made once a render, not once a cell
	for k, ink := range e.clues.Inks {
		inkStyles[k] = "background:#" + ink.RGB
	}
	for y := range h {
		key := v.rows.key[:0]
		for x := range w {
			i := y*w + x
			class := [3]string{"", "dot", "fill"}[min(2, max(0, v.board[i]+1))]
			styles[x] = ""
			if ink := v.board[i] - 1; ink >= 0 && ink < len(inkStyles) {
				styles[x] = inkStyles[ink]
			}
			if x%5 == 4 && x+1 < w {
				class += " rule-r"
			}
			if y%5 == 4 && y+1 < h {
				class += " rule-b"
			}
			if v.changed[i] {
				class += " stepped"
			}
			classes[x] = class
			key = appendKey(key, class, styles[x])
		}
		key = appendKey(key, runsText(e.clues.Rows[y]))
		v.rows.key = key
		rows = append(rows, app.Raw(v.rows.row(y, key, func() string {
			var b strings.Builder
			b.WriteString(`<div class="row"><div class="clue rowclue">`)
			for k, r := range e.clues.Rows[y] {
				e.writeRun(&b, r, e.clues.RowInks, y, k)
			}
			b.WriteString(`</div>`)
			for x := range w {
				writeBareCell(&b, y*w+x, cell{class: classes[x], style: styles[x]})
			}
			b.WriteString(`</div>`)
			return b.String()
		})))
	}
	rows = append(rows, lineTint(at, w, h))
	return stepsGridBox(w, h, "nonogram", "Nonogram").Style("--clue-w", fmt.Sprintf("%dch", e.clueWidth())).
		Style("--clue-h", strconv.Itoa(e.clueHeight())).Body(rows...)
}

// lineTint is the tint over line at of a nonogram's board, its clue
// included (see lineTint in app.css); nothing when at is no line.
func lineTint(at, w, h int) app.UI {
	switch {
	case at >= 0 && at < h:
		return app.Div().Class("line-tint row-tint").Style("--at", strconv.Itoa(h-1-at))
	case at >= h && at < h+w:
		return app.Div().Class("line-tint col-tint").Style("--at", strconv.Itoa(at-h))
	}
	return app.Text("")
}
