package ui

import "strconv"

// Zoom: each tab's board is drawn at a zoom factor of the size that fits
// it to the screen (web/app.css works the cell size out from --zoom), so
// "Fit" is 100% and the default. The zoom is the tab's view, not its
// puzzle: it is kept out of the undo history and not saved.

// zoomPercent is a tab's zoom, in percent of the fitted size.
type zoomPercent int

const (
	zoomFit zoomPercent = 100
	zoomMin zoomPercent = 50  // a board that does not fit at its smallest cells can still be seen whole
	zoomMax zoomPercent = 400 // about 60 px cells for a 50×50 board on a phone
)

// zoomSteps are the levels the buttons, Ctrl+wheel and the keys step
// through; a pinch sets any level between zoomMin and zoomMax.
var zoomSteps = []zoomPercent{50, 67, 80, 100, 125, 150, 200, 250, 300, 400}

// zoomStep is the zoom one step in (dir > 0) or out from z.
func zoomStep(z zoomPercent, dir int) zoomPercent {
	if dir > 0 {
		for _, s := range zoomSteps {
			if s > z {
				return s
			}
		}
		return zoomMax
	}
	for k := len(zoomSteps) - 1; k >= 0; k-- {
		if zoomSteps[k] < z {
			return zoomSteps[k]
		}
	}
	return zoomMin
}

// zoomKeys are the keys that zoom a focused board that does not take
// them itself (a game may type values with them).
var zoomKeys = map[string]string{"+": zoomIn, "=": zoomIn, "-": zoomOut, "0": zoomToFit}

// The zoom requests of web/input.js (key of an inputZoom) and the buttons.
const (
	zoomIn    = "in"
	zoomOut   = "out"
	zoomToFit = "fit"
)

// zoom changes the shown tab's zoom: how is zoomIn, zoomOut or
// zoomToFit, or "" to set it to percent (a pinch).
func (m *midend) zoom(how string, percent int) {
	t := m.cur()
	z := t.zoomed()
	switch how {
	case zoomIn:
		z = zoomStep(z, 1)
	case zoomOut:
		z = zoomStep(z, -1)
	case zoomToFit:
		z = zoomFit
	case "":
		z = max(zoomMin, min(zoomMax, zoomPercent(percent)))
	default:
		return
	}
	t.zoom = z
}

// zoomed is the tab's zoom; a new tab's is zoomFit.
func (t *tab) zoomed() zoomPercent {
	if t.zoom == 0 {
		return zoomFit
	}
	return t.zoom
}

// css is the zoom as the factor app.css multiplies the fitted size by.
func (z zoomPercent) css() string {
	return strconv.FormatFloat(float64(z)/100, 'f', -1, 64)
}
