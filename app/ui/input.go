package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// inputEvent is one call from web/input.js.
type inputEvent struct {
	kind string // down, move, up, cancel, key, shiftup, hover or file (see contract.go)
	cell int    // the cell, for down, move and hover
	key  string // for key: KeyboardEvent.key
	mods int    // see the mod* bits in contract.go
}

// readInput checks a call from JavaScript: a malformed one is dropped.
func readInput(args []app.Value) (inputEvent, bool) {
	if len(args) != 4 || args[0].Type() != app.TypeString || args[1].Type() != app.TypeNumber ||
		args[2].Type() != app.TypeString || args[3].Type() != app.TypeNumber {
		return inputEvent{}, false
	}
	return inputEvent{kind: args[0].String(), cell: args[1].Int(), key: args[2].String(), mods: args[3].Int()}, true
}

// stroke is a drag in progress: every cell it passes takes the value its
// first cell took, and the whole stroke is one undo step.
type stroke struct {
	active  bool
	tab     int
	value   byte
	last    int  // the cell it is on
	changed bool // some cell changed: commit an undo step at the end
	keys    bool // made with Shift+arrows, ended by releasing Shift
}

func (p *Page) onInput(ctx app.Context, ev inputEvent) {
	t := p.cur()
	switch ev.kind {
	case "down":
		p.endStroke(ctx)
		v, changed := t.ed.press(ev.cell, ev.mods&modAlt != 0)
		p.stroke = stroke{active: true, tab: p.at, value: v, last: ev.cell, changed: changed}
		p.setCursor(ev.cell)
	case "move":
		if p.stroke.active && p.stroke.tab == p.at && !p.stroke.keys {
			p.paintTo(ev.cell)
		}
	case "up", "cancel":
		if !p.stroke.keys {
			p.endStroke(ctx)
		}
	case "shiftup":
		if p.stroke.keys {
			p.endStroke(ctx)
		}
	case "key":
		p.onKey(ctx, ev.key, ev.mods)
	case "file": // a file dropped on the page
		if f := app.Window().Get(jsDropped); f.Truthy() {
			app.Window().Set(jsDropped, nil)
			p.readFile(ctx, f)
		}
	case "hover":
		if hover := t.ed.input().hover; hover != nil {
			hover(ev.cell)
		}
	}
}

// paintTo carries the stroke in a straight line to cell, so a fast drag
// that skips cells between two pointer events still paints them.
func (p *Page) paintTo(cell int) {
	t := p.cur()
	w, h := t.ed.size()
	from := p.stroke.last
	if w <= 0 || h <= 0 || cell < 0 || cell >= w*h || from < 0 || from >= w*h {
		return
	}
	x0, y0, x1, y1 := from%w, from/w, cell%w, cell/w
	steps := max(abs(x1-x0), abs(y1-y0))
	for s := 1; s <= steps; s++ {
		x := x0 + (x1-x0)*s/steps
		y := y0 + (y1-y0)*s/steps
		if t.ed.paint(y*w+x, p.stroke.value) {
			p.stroke.changed = true
		}
	}
	p.stroke.last = cell
	t.cursor = cell
}

func (p *Page) endStroke(ctx app.Context) {
	s := p.stroke
	p.stroke = stroke{}
	if s.active && s.changed && s.tab == p.at {
		p.changed(ctx)
	}
}

func (p *Page) setCursor(i int) {
	w, h := p.current().size()
	if i >= 0 && i < w*h {
		p.cur().cursor = i
	}
}

// onKey handles the page's keys: the shortcuts anywhere, and cursor,
// press and mark on a focused board (web/input.js decides which keys).
func (p *Page) onKey(ctx app.Context, key string, mods int) {
	t := p.cur()
	ctrl, shift := mods&modCtrl != 0, mods&modShift != 0
	switch {
	case key == "Escape":
		p.cancel()
		return
	case ctrl && key == "Enter", !ctrl && (key == "s" || key == "S"):
		p.solve()
		return
	case ctrl && (key == "z" || key == "Z") && !shift:
		p.endStroke(ctx)
		p.undo(ctx)
		return
	case ctrl && (key == "z" || key == "Z" || key == "y" || key == "Y"):
		p.endStroke(ctx)
		p.redo(ctx)
		return
	case mods&modOnBoard == 0 || ctrl:
		return
	}
	w, h := t.ed.size()
	if w == 0 || h == 0 {
		if t.ed.key(key) {
			p.changed(ctx)
		}
		return
	}
	t.cursor = max(0, min(w*h-1, t.cursor))
	x, y := t.cursor%w, t.cursor/w
	switch key {
	case "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown":
		d := arrows[key]
		nx, ny := max(0, min(w-1, x+d[0])), max(0, min(h-1, y+d[1]))
		next := ny*w + nx
		if !shift {
			p.endStroke(ctx)
			t.cursor = next
			return
		}
		// Shift+arrows paint a line, as a drag does: the first step acts on
		// the cell it enters as a click would, the next ones paint its value.
		if !p.stroke.active {
			v, changed := t.ed.press(next, false)
			p.stroke = stroke{active: true, tab: p.at, value: v, last: next, changed: changed, keys: true}
			t.cursor = next
			return
		}
		p.paintTo(next)
	case " ", "Enter", "x", "X", ".":
		p.endStroke(ctx)
		if _, changed := t.ed.press(t.cursor, key != " " && key != "Enter"); changed {
			p.changed(ctx)
		}
	default:
		if t.ed.key(key) {
			p.changed(ctx)
		}
	}
}

// arrows are the cursor's steps, as dx, dy.
var arrows = map[string][2]int{"ArrowLeft": {-1, 0}, "ArrowRight": {1, 0}, "ArrowUp": {0, -1}, "ArrowDown": {0, 1}}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
