package ui

// The "How it works" panel of each tab: the rules, what the board's
// colours and marks mean, the pieces drawn from the solver packages' own
// definitions, and the text formats with an example each. Each game's
// home gives the content (its editor's help method); pictures reuse the
// board's CSS classes so the panel shows the very colours of the board.

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
)

// gameHelp is what the panel says about one game; a zero gameHelp gives
// only the part on playing, which every tab shares.
type gameHelp struct {
	rules   []string      // paragraphs
	picture func() app.UI // pieces or a small worked example
	marks   []helpMark    // the board's colours and marks
	format  string        // the judge text format in a sentence
	example string        // judge text the game's parser accepts
	also    []helpExample // other forms the import box reads
	play    string        // what a left click does in Play
	playAlt string        // what a right click or long press does in Play; "" when the same
	keys    []helpKey     // the board's own keys (most boards: gridKeys)
}

// helpKey is a row of the key list: keys and what they do.
type helpKey struct{ keys, does string }

// gridKeys are the keys of a board of cells with a cursor (see
// midend.key): what a game whose board has them lists in its help.
var gridKeys = []helpKey{
	{"← ↑ → ↓", "move the cursor"},
	{"Space / Enter", "act on the cell, as a left click"},
	{"X", "act on it as a right click"},
}

// helpMark is one entry of the legend: sample cells and their meaning.
type helpMark struct {
	cells   []helpCell
	meaning string
}

// helpCell is a sample cell as the board draws it.
type helpCell struct {
	class, text string
	background  string // an inline background the board computes, or ""
}

// mark is a legend entry with one sample cell.
func mark(class, text, meaning string) helpMark {
	return helpMark{[]helpCell{{class: class, text: text}}, meaning}
}

// helpExample is a named example of an input form.
type helpExample struct {
	name, text string
}

// helpBody returns the "How it works" panel of ed's tab: rules, pictures,
// the board's marks, the judge text format with an example, and how to
// play. A game with no help of its own gets only the part on playing.
func helpBody(ed editor) app.UI {
	h, game := ed.help(), ed.game()
	if h.picture == nil {
		return app.Div().Class("help").Body(helpPlay(gameHelp{play: "act"}, ed.input()))
	}
	rules := make([]app.UI, len(h.rules))
	for i, r := range h.rules {
		rules[i] = app.P().Text(r)
	}
	marks := make([]app.UI, len(h.marks))
	for i, m := range h.marks {
		samples := make([]app.UI, len(m.cells))
		for k, c := range m.cells {
			sample := app.Span().Class("cell " + c.class).Text(c.text)
			if c.background != "" {
				sample = sample.Style("background", c.background)
			}
			samples[k] = sample
		}
		marks[i] = app.Li().Body(app.Span().Class("help-samples").Body(samples...), app.Span().Text(m.meaning))
	}
	examples := []app.UI{
		app.H3().Text("Import format"),
		app.P().Text(h.format),
		app.Pre().Class("help-example mono").DataSet("format", "judge").Text(h.example),
	}
	for _, e := range h.also {
		examples = append(examples,
			app.P().Text(e.name+":"),
			app.Pre().Class("help-example mono").Text(e.text),
		)
	}
	return app.Div().Class("help").Body(
		app.H3().Text("Rules"),
		app.Div().Body(rules...),
		app.Div().Class("help-figures "+game).Body(h.picture()),
		app.H3().Text("On the board"),
		app.Ul().Class("help-marks "+game).Body(marks...),
		app.Div().Body(examples...),
		helpPlay(h, ed.input()),
	)
}

// helpPlay explains the play modes and lists the keys: the board's own
// (h.keys), then those every tab shares; the zoom keys only where the
// board does not take them for itself (in).
func helpPlay(h gameHelp, in boardInput) app.UI {
	keys := append(slices.Clip(h.keys),
		helpKey{"Ctrl+Z", "undo"},
		helpKey{"Ctrl+Shift+Z / Ctrl+Y", "redo"},
		helpKey{"S", "solve"},
		helpKey{"Esc", "cancel the solve"},
	)
	zoom := helpKey{"Ctrl+wheel / pinch", "zoom the board (or − Fit + above it)"}
	if !in.takes("+") && !in.takes("-") && !in.takes("0") {
		zoom.keys = "+ / − / 0, Ctrl+wheel, pinch"
	}
	keys = append(keys, zoom)
	rows := make([]app.UI, 0, 2*len(keys))
	for _, k := range keys {
		rows = append(rows, app.Dt().Body(app.Kbd().Text(k.keys)), app.Dd().Text(k.does))
	}
	click := "Left click: " + h.play
	if h.playAlt != "" {
		click += "; right click or long-press: " + h.playAlt
	}
	return app.Div().Class("help-play").Body(
		app.H3().Text("Playing"),
		app.Ul().Body(
			app.Li().Body(app.B().Text("Play: "), app.Text("solve it yourself. "+click+".")),
			app.Li().Body(app.B().Text("Hint: "), app.Text("one step, with its reason.")),
			app.Li().Body(app.B().Text("New: "), app.Text("a fresh puzzle.")),
			app.Li().Body(app.B().Text("Solve: "), app.Text("the solver's answer for the board as it stands.")),
		),
		app.Dl().Class("help-keys").Body(rows...),
	)
}

// helpFormats lists the formats a game's import reads, as the game's
// solvers.Converter Formats returns them: the judge format first, which
// helpBody already shows, so only the others are listed. It returns nil,
// which go-app skips, when there are no others.
func helpFormats(fs []solvers.Format) app.UI {
	if len(fs) < 2 {
		return nil
	}
	items := make([]app.UI, len(fs)-1)
	for i, f := range fs[1:] {
		how := "import"
		if f.Export {
			how = "import and export"
		}
		name := f.Name
		if f.Ext != "" {
			name += " (" + f.Ext + ")"
		}
		items[i] = app.Li().Body(
			app.B().Text(name),
			app.Text(", "+how+":"),
			app.Pre().Class("help-example mono").Text(f.Example),
		)
	}
	return app.Div().Class("help help-formats").Body(
		app.H3().Text("Other formats"),
		app.Ul().Body(items...),
	)
}

// helpPanel is the collapsible panel around helpBody, open when asked (on
// a first visit); the page remembers the reader's choice from its toggle.
func helpPanel(ed editor, open bool, formats []solvers.Format) app.HTMLDetails {
	return app.Details().Class("card help-panel").Open(open).Body(
		app.Summary().Text("How it works"),
		helpBody(ed),
		helpFormats(formats),
	)
}

// at is a CSS grid position, counting from 0.
func at(row, col int) string {
	return strconv.Itoa(row+1) + " / " + strconv.Itoa(col+1)
}

// helpShape draws a piece as a small CSS grid of board cells of the given
// classes, one per (row, column).
func helpShape(class string, cells [][2]int, label string) app.UI {
	divs := make([]app.UI, len(cells))
	for i, c := range cells {
		d := app.Div().Class("cell "+class).Style("grid-area", at(c[0], c[1]))
		if i == 0 {
			d = d.Text(label)
		}
		divs[i] = d
	}
	return app.Div().Class("help-piece").DataSet("piece", label).Body(divs...)
}

// miniGrid draws a small board of w columns whose cell i has class(i).
func miniGrid(game string, n, w int, class func(i int) string) app.UI {
	rows := make([]app.UI, 0, n/w)
	for y := 0; y < n; y += w {
		cells := make([]app.UI, w)
		for x := range w {
			cells[x] = app.Div().Class("cell " + class(y+x))
		}
		rows = append(rows, app.Div().Class("row").Body(cells...))
	}
	return app.Div().Class("grid help-grid " + game).Body(rows...)
}
