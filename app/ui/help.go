package ui

// The "How it works" panel of each tab: the rules, what the board's
// colours and marks mean, the pieces drawn from the solver packages' own
// definitions, and the text formats with an example each. Pictures reuse
// the board's CSS classes (ships hit, flip black, iq p-A, tetravex v0...)
// so the panel shows the very colours of the board.

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
)

// gameHelp is what the panel says about one game.
type gameHelp struct {
	rules   []string      // paragraphs
	picture func() app.UI // pieces or a small worked example
	marks   []helpMark    // the board's colours and marks
	format  string        // the judge text format in a sentence
	example string        // judge text the game's parser accepts
	also    []helpExample // other forms the import box reads
	play    string        // what a left click does in Play
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

// tetravexColours shows every edge value 0–9 in its colour.
func tetravexColours() []helpCell {
	cells := make([]helpCell, 10)
	for v := range cells {
		cells[v] = helpCell{class: "v" + strconv.Itoa(v), text: strconv.Itoa(v)}
	}
	return cells
}

// helpExample is a named example of an input form.
type helpExample struct {
	name, text string
}

var helps = map[string]gameHelp{
	"ships": {
		rules: []string{
			"Seven ships hide on the grid, one of each shape below. They may be turned but never mirrored, and never overlap; they may touch.",
			"Each shot is a hit (part of a ship) or a miss (water). The solver answers one question: from here, can you surely sink every ship with at most one more miss, whatever the layout? Yes or no.",
		},
		picture: shipsFleet,
		marks: []helpMark{
			mark("hit", "✕", "a shot that hit a ship"),
			mark("miss", "•", "a shot into water"),
			mark("sure-ship", "", "surely a ship: every layout that fits the shots has one there"),
			mark("sure-water", "", "surely water"),
			{[]helpCell{{text: "40", background: "rgba(255, 152, 0, .4)"}}, "the % of fitting layouts with a ship there"},
			mark("next", "", "ringed: the suggested next shot"),
		},
		format:  `A line "w h", then h rows of w cells: x hit, o miss, . not shot. A line "0 0" ends the input.`,
		example: "7 4\n..x....\n..x..o.\n.......\n.o.....\n0 0\n",
		play:    "shoot",
	},
	"flip": {
		rules: []string{
			"Each cell is black or white. Pressing a cell flips it and its neighbours above, below, left and right.",
			"Goal: make the whole board one colour, all black or all white, with the fewest presses. The solver gives that number, or Impossible.",
		},
		picture: flipPress,
		marks: []helpMark{
			mark("black", "", "a black cell"),
			mark("white", "", "a white cell"),
			mark("white press", "", "amber dot: press here (the answer's presses, in any order)"),
		},
		format:  "16 cells, b black or w white, read as a 4×4 board row by row; spaces and line breaks don't matter.",
		example: "bwwb\nbbwb\nbwwb\nbwww\n",
		also: []helpExample{
			{"The same on one line", "bwwbbbwbbwwbbwww"},
			{`Any size: a "w h" line, then h rows`, "5 3\nbwwbb\nwwbbw\nbbbww\n"},
		},
		play: "press",
	},
	"iq": {
		rules: []string{
			"Fill the triangle of 55 cells, rows of 1 to 10, with the twelve pieces below, each used once. Pieces may be turned and flipped over.",
			"Place some pieces yourself; the solver fills in the rest, or says there is no solution. Count says in how many ways the rest can be filled (32,288 for the empty triangle), counting on every core of the machine.",
		},
		picture: iqPieces,
		marks: []helpMark{
			mark("given p-A", "A", "bold, ringed: a piece you placed"),
			mark("solved p-A", "A", "plain: a piece the solver placed"),
			mark("empty", "", "an empty cell"),
		},
		format:  "Ten lines, line i holding i cells: . for an empty cell or a piece letter A–L.",
		example: "A\nAA\n...\nBBBB\n.....\n......\n.......\n........\n.........\n..........\n",
		play:    "place the chosen piece",
	},
	"nonogram": {
		rules: []string{
			"Colour cells black so that every row and column matches its clue: the lengths of its runs of black cells, in order, with at least one white cell between runs. \"1 1\" is two single cells with a gap; an empty clue is an all-white line.",
			"The solver draws the picture and says whether it is the only one.",
		},
		picture: nonogramExample,
		marks: []helpMark{
			mark("fill", "", "a black cell"),
			mark("", "", "a white cell"),
			mark("fill differs", "", "ringed: another solution colours this cell the other way, so the clues have more than one picture"),
		},
		format:  `A line "X Y" (rows, columns), then one line per row, then one per column: the number of runs, then the runs; "0" for an empty line.`,
		example: "5 5\n2 1 1\n1 5\n1 5\n1 3\n1 1\n1 2\n1 4\n1 4\n1 4\n1 2\n",
		also: []helpExample{
			{"Simon Tatham's Pattern ID: columns, then rows", "5x5:2/4/4/4/2/1.1/5/5/3/1"},
		},
		play: "fill",
	},
	"tetravex": {
		rules: []string{
			"Place the n×n cards on the n×n board, one per square, without turning them, so that wherever two cards touch their edges show the same number.",
			"The solver says Possible, and draws a solution, or Impossible.",
		},
		picture: tetravexSolved,
		marks: []helpMark{
			{tetravexColours(), "each number has its own colour, so matching edges match in colour too"},
		},
		format:  `A line with n, then n×n lines "top right bottom left", one card each. A line with 0 ends the input.`,
		example: "2\n6 1 5 8\n1 4 2 7\n2 8 0 9\n3 5 6 4\n0\n",
		play:    "place a card",
	},
}

// helpBody returns the "How it works" panel of a game's tab (ships, flip,
// iq, nonogram or tetravex): rules, pictures, the board's marks, the judge
// text format with an example, and how to play. An unknown game gets only
// the part on playing, which every tab shares.
func helpBody(game string) app.UI {
	h, ok := helps[game]
	if !ok {
		return app.Div().Class("help").Body(helpPlay("act"))
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
		helpPlay(h.play),
	)
}

// helpPlay explains the play modes and keys every tab shares; click says
// what a left click does in this game.
func helpPlay(click string) app.UI {
	keys := []struct{ keys, does string }{
		{"← ↑ → ↓", "move the cursor"},
		{"Space / Enter", "act on the cell, as a left click"},
		{"X", "mark the cell"},
		{"Ctrl+Z", "undo"},
		{"Ctrl+Shift+Z / Ctrl+Y", "redo"},
		{"S", "solve"},
		{"Esc", "cancel the solve"},
	}
	rows := make([]app.UI, 0, 2*len(keys))
	for _, k := range keys {
		rows = append(rows, app.Dt().Body(app.Kbd().Text(k.keys)), app.Dd().Text(k.does))
	}
	return app.Div().Class("help-play").Body(
		app.H3().Text("Playing"),
		app.Ul().Body(
			app.Li().Body(app.B().Text("Play: "), app.Text("solve it yourself. Left click: "+click+"; right click or long-press: mark.")),
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
func helpPanel(game string, open bool, formats []solvers.Format) app.HTMLDetails {
	return app.Details().Class("card help-panel").Open(open).Body(
		app.Summary().Text("How it works"),
		helpBody(game),
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

// shipsFleet draws the seven ships as the solver knows them.
func shipsFleet() app.UI {
	var pieces []app.UI
	for _, rows := range ships.Fleet() {
		var cells [][2]int
		for r, row := range rows {
			for c := range len(row) {
				if row[c] == 'x' {
					cells = append(cells, [2]int{r, c})
				}
			}
		}
		pieces = append(pieces, helpShape("hit", cells, ""))
	}
	return app.Div().Class("help-fleet").Body(pieces...)
}

// iqPieces draws the twelve pieces in their solver's base orientation.
func iqPieces() app.UI {
	pieces := make([]app.UI, len(iq.Pieces))
	for i, p := range iq.Pieces {
		cells := make([][2]int, len(p.Cells))
		for k, c := range p.Cells {
			cells[k] = [2]int{c.Row, c.Col}
		}
		pieces[i] = helpShape("solved p-"+p.Letter, cells, p.Letter)
	}
	return app.Div().Class("help-fleet").Body(pieces...)
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

// flipPress shows one press on a 3×3 board: the middle and its four
// neighbours flip.
func flipPress() app.UI {
	const plus = "010111010" // the cells the middle press flips
	return app.Div().Class("help-steps").Body(
		miniGrid("flip", 9, 3, func(i int) string {
			if i == 4 {
				return "white press"
			}
			return "white"
		}),
		app.Span().Class("help-arrow").Text("→"),
		miniGrid("flip", 9, 3, func(i int) string {
			if plus[i] == '1' {
				return "black"
			}
			return "white"
		}),
	)
}

// nonogramPicture is the small example the nonogram panel draws; its clues
// are the panel's judge example.
var nonogramPicture = []string{
	".#.#.",
	"#####",
	"#####",
	".###.",
	"..#..",
}

// nonogramExample draws nonogramPicture with its clues, as the board does.
func nonogramExample() app.UI {
	pic := make([][]bool, len(nonogramPicture))
	for r, row := range nonogramPicture {
		pic[r] = make([]bool, len(row))
		for c := range len(row) {
			pic[r][c] = row[c] == '#'
		}
	}
	clues := nonogram.CluesOf(pic)
	w := len(clues.Cols)
	cols := make([]app.UI, w)
	for c, runs := range clues.Cols {
		cols[c] = app.Div().Class("col").Text(runsText(runs, " "))
	}
	rows := []app.UI{app.Div().Class("row").Body(append([]app.UI{app.Div().Class("corner")}, cols...)...)}
	for r, runs := range clues.Rows {
		cells := []app.UI{app.Div().Class("rowclue").Text(runsText(runs, " "))}
		for c := range w {
			class := "cell"
			if pic[r][c] {
				class += " fill"
			}
			cells = append(cells, app.Div().Class(class))
		}
		rows = append(rows, app.Div().Class("row").Body(cells...))
	}
	return app.Div().Class("grid help-grid nonogram").Body(rows...)
}

// runsText writes a clue's runs, "0" for an empty line.
func runsText(runs []int, sep string) string {
	if len(runs) == 0 {
		return "0"
	}
	s := make([]string, len(runs))
	for i, r := range runs {
		s[i] = strconv.Itoa(r)
	}
	return strings.Join(s, sep)
}

// tetravexCards is a solved 2×2 board, row by row; the panel's judge
// example holds the same cards in another order.
var tetravexCards = []tetravex.Card{
	{1, 4, 2, 7}, {3, 5, 6, 4},
	{2, 8, 0, 9}, {6, 1, 5, 8},
}

// tetravexSolved draws tetravexCards in place, as the board draws cards.
func tetravexSolved() app.UI {
	sides := [4]string{"t", "r", "b", "l"}
	var rows []app.UI
	for y := 0; y < len(tetravexCards); y += 2 {
		tiles := make([]app.UI, 2)
		for x := range 2 {
			card := tetravexCards[y+x]
			edges := make([]app.UI, 4)
			for s, name := range sides {
				v := strconv.Itoa(card[s])
				edges[s] = app.Div().Class("edge " + name + " v" + strconv.Itoa(card[s]%10)).Body(app.Span().Text(v))
			}
			tiles[x] = app.Div().Class("tile").Body(edges...)
		}
		rows = append(rows, app.Div().Class("row").Body(tiles...))
	}
	return app.Div().Class("cards solved help-cards").Body(rows...)
}
