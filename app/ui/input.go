package ui

// inputKind is what web/input.js reports (see contract.go).
type inputKind string

const (
	inputDown    inputKind = "down"    // a press on cell
	inputMove    inputKind = "move"    // the pointer, pressed, entered cell
	inputUp      inputKind = "up"      // the press ended
	inputCancel  inputKind = "cancel"  // the browser took the pointer over
	inputKey     inputKind = "key"     // a key, with mods
	inputShiftUp inputKind = "shiftup" // Shift released: ends a Shift+arrows line
	inputFile    inputKind = "file"    // a file was dropped on the page
	inputHover   inputKind = "hover"   // the pointer is over cell (boards with data-hover)
	inputZoom    inputKind = "zoom"    // Ctrl+wheel or pinch: key zoomIn or zoomOut, or cell the zoom in percent
)

// inputEvent is one call from web/input.js.
type inputEvent struct {
	kind inputKind
	cell int    // the cell, for down, move and hover
	key  string // for key: KeyboardEvent.key
	mods int    // see the mod* bits in contract.go
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

// input takes one pointer or key event on the shown tab (a dropped file
// is the page's to read).
func (m *midend) input(ev inputEvent) {
	t := m.cur()
	switch ev.kind {
	case inputDown:
		m.endStroke()
		v, changed := t.ed.press(ev.cell, ev.mods&modAlt != 0)
		m.stroke = stroke{active: true, tab: m.at, value: v, last: ev.cell, changed: changed}
		m.setCursor(ev.cell)
	case inputMove:
		if m.stroke.active && m.stroke.tab == m.at && !m.stroke.keys {
			m.paintTo(ev.cell)
		}
	case inputUp, inputCancel:
		if !m.stroke.keys {
			m.endStroke()
		}
	case inputShiftUp:
		if m.stroke.keys {
			m.endStroke()
		}
	case inputKey:
		m.key(ev.key, ev.mods)
	case inputZoom:
		m.zoom(ev.key, ev.cell)
	case inputHover:
		if hover := t.ed.input().hover; hover != nil {
			hover(ev.cell)
		}
	}
}

// paintTo carries the stroke in a straight line to cell, so a fast drag
// that skips cells between two pointer events still paints them.
func (m *midend) paintTo(cell int) {
	t := m.cur()
	w, h := t.ed.size()
	from := m.stroke.last
	if w <= 0 || h <= 0 || cell < 0 || cell >= w*h || from < 0 || from >= w*h {
		return
	}
	x0, y0, x1, y1 := from%w, from/w, cell%w, cell/w
	steps := max(abs(x1-x0), abs(y1-y0))
	for s := 1; s <= steps; s++ {
		x := x0 + (x1-x0)*s/steps
		y := y0 + (y1-y0)*s/steps
		if t.ed.paint(y*w+x, m.stroke.value) {
			m.stroke.changed = true
		}
	}
	m.stroke.last = cell
	t.cursor = cell
}

func (m *midend) endStroke() {
	s := m.stroke
	m.stroke = stroke{}
	if s.active && s.changed && s.tab == m.at {
		m.edited(m.at)
	}
}

func (m *midend) setCursor(i int) {
	w, h := m.cur().ed.size()
	if i >= 0 && i < w*h {
		m.cur().cursor = i
	}
}

// key handles the page's keys: the shortcuts anywhere, and cursor, press
// and mark on a focused board (web/input.js decides which keys).
func (m *midend) key(key string, mods int) {
	t := m.cur()
	ctrl, shift := mods&modCtrl != 0, mods&modShift != 0
	switch {
	case key == "Escape":
		m.cancel()
		return
	case ctrl && key == "Enter", !ctrl && (key == "s" || key == "S"):
		m.solve()
		return
	case ctrl && (key == "z" || key == "Z") && !shift:
		m.undo()
		return
	case ctrl && (key == "z" || key == "Z" || key == "y" || key == "Y"):
		m.redo()
		return
	case mods&modOnBoard == 0 || ctrl:
		return
	}
	if how, ok := zoomKeys[key]; ok && !t.ed.input().takes(key) {
		m.zoom(how, 0)
		return
	}
	w, h := t.ed.size()
	if w == 0 || h == 0 {
		if t.ed.key(key) {
			m.edited(m.at)
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
			m.endStroke()
			t.cursor = next
			return
		}
		// Shift+arrows paint a line, as a drag does: the first step acts on
		// the cell it enters as a click would, the next ones paint its value.
		if !m.stroke.active {
			v, changed := t.ed.press(next, false)
			m.stroke = stroke{active: true, tab: m.at, value: v, last: next, changed: changed, keys: true}
			t.cursor = next
			return
		}
		m.paintTo(next)
	case " ", "Enter", "x", "X", ".":
		m.endStroke()
		if _, changed := t.ed.press(t.cursor, key != " " && key != "Enter"); changed {
			m.edited(m.at)
		}
	default:
		if t.ed.key(key) {
			m.edited(m.at)
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
