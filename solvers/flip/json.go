package flip

import "gridsolve/solvers/jsonw"

// AppendJSON writes a as encoding/json would, for the solver worker.
func (a *Answer) AppendJSON(w *jsonw.Writer) {
	if w.Null("", a == nil) {
		return
	}
	w.Object("")
	w.Bool("possible", a.Possible)
	w.Base64("presses", a.Presses)
	w.Int("count", int64(a.Count))
	w.String("color", a.Color)
	w.Bool("minimal", a.Minimal)
	w.Int("solutions", int64(a.Solutions))
	w.End()
}
