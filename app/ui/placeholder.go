package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// plainEditor holds a puzzle as judge text only, until its grid editor lands.
type plainEditor struct {
	noKeys
	name, label, puzzle string
	answer              string
}

func (e *plainEditor) game() string              { return e.name }
func (e *plainEditor) title() string             { return e.label }
func (e *plainEditor) text() string              { return e.puzzle }
func (e *plainEditor) load(text string) error    { e.puzzle = text; return nil }
func (e *plainEditor) tools(*Page) []app.UI      { return nil }
func (e *plainEditor) tool(string, string) error { return nil }
func (e *plainEditor) click(int) bool            { return false }
func (e *plainEditor) clearAnswer()              { e.answer = "" }
func (e *plainEditor) setAnswer(raw []byte) (string, error) {
	e.answer = string(raw)
	return "Solved.", nil
}
func (e *plainEditor) board(*Page) app.UI {
	return app.Div().ID("grid").Body(app.Pre().Class("mono").Text(e.puzzle + "\n" + e.answer))
}

func newNonogram() editor { return &plainEditor{name: "nonogram", label: "Nonogram"} }
