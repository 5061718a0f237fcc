package ui

import (
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
)

// node is one element of rendered HTML, enough to check a panel's content,
// or a run of text (tag "#text").
type node struct {
	tag  string
	attr map[string]string
	kids []*node
	text string // of a #text node
}

// parseHTML reads go-app's HTML rendering into a tree.
func parseHTML(t *testing.T, ui app.UI) *node {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(app.HTMLString(ui)))
	d.Strict, d.AutoClose, d.Entity = false, xml.HTMLAutoClose, xml.HTMLEntity
	root := &node{tag: "root"}
	stack := []*node{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return root
		}
		if err != nil {
			t.Fatalf("rendered HTML does not parse: %v", err)
		}
		top := stack[len(stack)-1]
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{tag: tok.Name.Local, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			top.kids = append(top.kids, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			top.kids = append(top.kids, &node{tag: "#text", text: string(tok)})
		}
	}
}

func (n *node) hasClass(c string) bool { return slices.Contains(strings.Fields(n.attr["class"]), c) }

// all returns the elements under n (n included) for which keep is true, in
// document order.
func (n *node) all(keep func(*node) bool) []*node {
	var found []*node
	if keep(n) {
		found = append(found, n)
	}
	for _, k := range n.kids {
		found = append(found, k.all(keep)...)
	}
	return found
}

func (n *node) withClass(c string) []*node {
	return n.all(func(m *node) bool { return m.hasClass(c) })
}

// content is the text of n and everything under it, lines without the
// indentation HTMLString adds.
func (n *node) content() string {
	var b strings.Builder
	n.write(&b)
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " ")
	}
	return strings.Join(lines, "\n")
}

func (n *node) write(b *strings.Builder) {
	b.WriteString(n.text)
	for _, k := range n.kids {
		k.write(b)
	}
}

var gridArea = regexp.MustCompile(`grid-area:\s*(\d+) / (\d+)`)

// shape reads a drawn piece's cells as (row, column) from their grid-area.
func shape(t *testing.T, piece *node) [][2]int {
	t.Helper()
	var cells [][2]int
	for _, c := range piece.withClass("cell") {
		m := gridArea.FindStringSubmatch(c.attr["style"])
		if m == nil {
			t.Fatalf("piece cell without a grid position: %v", c.attr)
		}
		r, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		cells = append(cells, [2]int{r - 1, col - 1})
	}
	return cells
}

// canonical names a shape up to rotation, and up to reflection too when
// mirror is set: the smallest listing of its normalised cells.
func canonical(cells [][2]int, mirror bool) string {
	best := ""
	cur := slices.Clone(cells)
	for m := range 2 {
		for range 4 {
			minR, minC := cur[0][0], cur[0][1]
			for _, c := range cur {
				minR, minC = min(minR, c[0]), min(minC, c[1])
			}
			n := make([][2]int, len(cur))
			for i, c := range cur {
				n[i] = [2]int{c[0] - minR, c[1] - minC}
			}
			slices.SortFunc(n, func(a, b [2]int) int { return (a[0]-b[0])*100 + a[1] - b[1] })
			if s := fmt.Sprint(n); best == "" || s < best {
				best = s
			}
			for i, c := range cur {
				cur[i] = [2]int{c[1], -c[0]}
			}
		}
		if !mirror || m == 1 {
			break
		}
		for i, c := range cur {
			cur[i] = [2]int{c[0], -c[1]}
		}
	}
	return best
}

// connected reports whether the cells form one piece, edge to edge.
func connected(cells [][2]int) bool {
	seen := map[[2]int]bool{cells[0]: true}
	todo := [][2]int{cells[0]}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			m := [2]int{c[0] + d[0], c[1] + d[1]}
			if !seen[m] && slices.Contains(cells, m) {
				seen[m] = true
				todo = append(todo, m)
			}
		}
	}
	return len(seen) == len(cells)
}

// The Ships panel draws seven ships of four cells, all different even when
// turned: exactly the seven one-sided tetrominoes, the solver's fleet.
func TestHelpShipsFleet(t *testing.T) {
	pieces := parseHTML(t, helpBody(freshEditor("ships"))).withClass("help-piece")
	if len(pieces) != 7 {
		t.Fatalf("drew %d ships, want 7", len(pieces))
	}
	fleet := ships.Fleet()
	seen := map[string]bool{}
	for k, p := range pieces {
		cells := shape(t, p)
		if len(cells) != 4 || !connected(cells) {
			t.Errorf("ship %d: cells %v are not a tetromino", k, cells)
		}
		for _, c := range p.withClass("cell") {
			if !c.hasClass("hit") {
				t.Errorf("ship %d: cell class %q, want the board's hit colour", k, c.attr["class"])
			}
		}
		key := canonical(cells, false)
		if seen[key] {
			t.Errorf("ship %d: %v repeats another ship up to rotation", k, cells)
		}
		seen[key] = true
		var want [][2]int
		for r, row := range fleet[k] {
			for c := range len(row) {
				if row[c] == 'x' {
					want = append(want, [2]int{r, c})
				}
			}
		}
		if !slices.Equal(cells, want) {
			t.Errorf("ship %d: drew %v, the solver's fleet has %v", k, cells, want)
		}
	}
}

// The IQ panel draws the twelve pieces A to L as the solver defines them,
// each in its own colour, together as many cells as the triangle.
func TestHelpIQPieces(t *testing.T) {
	pieces := parseHTML(t, helpBody(freshEditor("iq"))).withClass("help-piece")
	if len(pieces) != iq.NumPieces {
		t.Fatalf("drew %d pieces, want %d", len(pieces), iq.NumPieces)
	}
	total := 0
	seen := map[string]bool{}
	for k, p := range pieces {
		letter := string(rune('A' + k))
		if got := p.attr["data-piece"]; got != letter {
			t.Errorf("piece %d is labelled %q, want %q", k, got, letter)
		}
		cells := shape(t, p)
		total += len(cells)
		var want [][2]int
		for _, c := range iq.Pieces[k].Cells {
			want = append(want, [2]int{c.Row, c.Col})
		}
		if !slices.Equal(cells, want) {
			t.Errorf("piece %s: drew %v, the solver has %v", letter, cells, want)
		}
		if !connected(cells) {
			t.Errorf("piece %s: %v is not in one piece", letter, cells)
		}
		for _, c := range p.withClass("cell") {
			if !c.hasClass("p-" + letter) {
				t.Errorf("piece %s: cell class %q lacks p-%s", letter, c.attr["class"], letter)
			}
		}
		key := canonical(cells, true)
		if seen[key] {
			t.Errorf("piece %s: same shape as another piece", letter)
		}
		seen[key] = true
	}
	if total != iq.NumCells {
		t.Errorf("the pieces cover %d cells, the triangle has %d", total, iq.NumCells)
	}
}

// helpRules are words each game's rules must say, the heart of the game.
var helpRules = map[string][]string{
	"ships":    {"seven ships", "never mirrored", "at most one more miss"},
	"flip":     {"neighbours", "one colour", "fewest presses"},
	"iq":       {"55 cells", "twelve pieces", "turned and flipped"},
	"nonogram": {"runs of black cells", "in order"},
	"tetravex": {"without turning", "same number"},
}

// Every game's panel states its rules, shows the board's marks, and gives
// examples its own judge and import accept.
func TestHelpPanels(t *testing.T) {
	for _, g := range solvers.All {
		t.Run(g.Name(), func(t *testing.T) {
			root := parseHTML(t, helpBody(freshEditor(g.Name())))
			text := root.content()
			rules, ok := helpRules[g.Name()]
			if !ok {
				t.Errorf("no words listed that the rules must say")
			}
			for _, want := range rules {
				if !strings.Contains(strings.ToLower(text), want) {
					t.Errorf("the rules do not say %q", want)
				}
			}
			if figs := root.withClass("help-figures"); len(figs) != 1 || len(figs[0].kids) == 0 {
				t.Error("no picture")
			}
			if marks := root.withClass("help-marks"); len(marks) != 1 || len(marks[0].kids) == 0 {
				t.Error("no marks explained")
			}
			judged := 0
			for _, pre := range root.withClass("help-example") {
				ex := pre.content()
				if pre.attr["data-format"] == "judge" {
					judged++
					var out strings.Builder
					if err := g.Judge(context.Background(), strings.NewReader(ex), &out, nil); err != nil || out.Len() == 0 {
						t.Errorf("judge example %q: error %v, output %q", ex, err, out.String())
					}
				} else if _, _, err := g.(solvers.Converter).Import(ex); err != nil {
					t.Errorf("example %q does not load: %v", ex, err)
				}
			}
			if judged != 1 {
				t.Errorf("%d judge examples, want 1", judged)
			}
			for _, want := range []string{"Play:", "Hint:", "New:", "Ctrl+Z", "Ctrl+Y", "Esc"} {
				if !strings.Contains(text, want) {
					t.Errorf("the play part does not mention %q", want)
				}
			}
		})
	}
}

// noHelp is an editor whose game has no help of its own.
type noHelp struct{ editor }

func (noHelp) help() gameHelp { return gameHelp{} }

// A game without a panel of its own still gets the part on playing.
func TestHelpUnknownGame(t *testing.T) {
	text := parseHTML(t, helpBody(noHelp{newFlip()})).content()
	if !strings.Contains(text, "Play:") || strings.Contains(text, "Rules") {
		t.Errorf("unknown game panel: %q", text)
	}
}

// The flip picture is one press: the second board is the first with the
// marked cell pressed.
func TestHelpFlipPress(t *testing.T) {
	grids := parseHTML(t, helpBody(freshEditor("flip"))).withClass("help-grid")
	if len(grids) != 2 {
		t.Fatalf("%d boards drawn, want before and after", len(grids))
	}
	before, after := grids[0].withClass("cell"), grids[1].withClass("cell")
	b, err := flip.NewBoard(3, 3)
	if err != nil || len(before) != 9 || len(after) != 9 {
		t.Fatalf("want two 3×3 boards, got %d and %d cells (%v)", len(before), len(after), err)
	}
	var presses []int
	for i, c := range before {
		b.Black[i] = c.hasClass("black")
		if c.hasClass("press") {
			presses = append(presses, i)
		}
	}
	if len(presses) != 1 {
		t.Fatalf("%d presses marked, want 1", len(presses))
	}
	b.Press(presses[0])
	for i, c := range after {
		if c.hasClass("black") != b.Black[i] || c.hasClass("white") == b.Black[i] {
			t.Errorf("after the press, cell %d is drawn %q", i, c.attr["class"])
		}
	}
}

// The nonogram picture is the one and only solution of the clues drawn
// beside it, which are the judge example's and the Tatham ID's clues.
func TestHelpNonogramPicture(t *testing.T) {
	root := parseHTML(t, helpBody(freshEditor("nonogram")))
	grid := root.withClass("help-grid")[0]
	var pic []string
	var drawn nonogram.Clues
	for _, row := range grid.withClass("row")[1:] {
		line := ""
		for _, c := range row.withClass("cell") {
			line += map[bool]string{true: "#", false: "."}[c.hasClass("fill")]
		}
		pic = append(pic, line)
		drawn.Rows = append(drawn.Rows, runsOf(t, row.withClass("rowclue")[0].content()))
	}
	for _, col := range grid.withClass("col") {
		drawn.Cols = append(drawn.Cols, runsOf(t, col.content()))
	}
	var examples []*nonogram.Clues
	for _, pre := range root.withClass("help-example") {
		c, err := nonogram.ParseClues(pre.content())
		if err != nil {
			t.Fatalf("example %q: %v", pre.content(), err)
		}
		examples = append(examples, c)
	}
	if len(examples) < 2 {
		t.Fatalf("%d examples, want the judge text and a Tatham ID", len(examples))
	}
	for _, c := range examples {
		// Given cells are the picture's own.
		for i, g := range c.Given {
			if w := len(pic[0]); g != nonogram.NotGiven && (g == nonogram.GivenBlack) != (pic[i/w][i%w] == '#') {
				t.Errorf("example %s gives cell %d as %c, the picture has %c", c, i, g, pic[i/w][i%w])
			}
		}
		if runs := (&nonogram.Clues{Rows: c.Rows, Cols: c.Cols}); runs.String() != drawn.String() {
			t.Errorf("example clues\n%s differ from the drawn clues\n%s", c, &drawn)
		}
	}
	a, err := nonogram.Solve(context.Background(), &drawn, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != "unique" {
		t.Errorf("the drawn clues have status %q, want unique", a.Status)
	}
	for r, row := range a.Grid {
		if got := strings.ReplaceAll(strings.ReplaceAll(row, "1", "#"), "0", "."); r >= len(pic) || got != pic[r] {
			t.Errorf("row %d: solution %q, drawn %v", r, row, pic)
		}
	}
}

// runsOf reads a drawn clue, "0" for an empty line.
func runsOf(t *testing.T, s string) []int {
	t.Helper()
	var runs []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("clue %q: %v", s, err)
		}
		if n > 0 {
			runs = append(runs, n)
		}
	}
	return runs
}

// The tetravex picture obeys the edge rule, colours each edge by its
// number, and shows a solution of the judge example.
func TestHelpTetravexPicture(t *testing.T) {
	root := parseHTML(t, helpBody(freshEditor("tetravex")))
	var cards []tetravex.Card
	for _, tile := range root.withClass("help-cards")[0].withClass("tile") {
		var card tetravex.Card
		for s, name := range []string{"t", "r", "b", "l"} {
			e := tile.all(func(n *node) bool { return n.hasClass("edge") && n.hasClass(name) })
			if len(e) != 1 {
				t.Fatalf("card %d has %d %s edges", len(cards), len(e), name)
			}
			v, err := strconv.Atoi(strings.TrimSpace(e[0].content()))
			if err != nil || !e[0].hasClass("v"+strconv.Itoa(v%10)) {
				t.Errorf("edge %q is coloured %q", e[0].content(), e[0].attr["class"])
			}
			card[s] = v
		}
		cards = append(cards, card)
	}
	n := 0
	for n*n < len(cards) {
		n++
	}
	if n < 2 || n*n != len(cards) {
		t.Fatalf("%d cards drawn, want a square board of at least 2×2", len(cards))
	}
	for i, c := range cards {
		if x := i % n; x+1 < n && c[tetravex.Right] != cards[i+1][tetravex.Left] {
			t.Errorf("cards %d and %d touch with %d and %d", i, i+1, c[tetravex.Right], cards[i+1][tetravex.Left])
		}
		if i+n < len(cards) && c[tetravex.Bottom] != cards[i+n][tetravex.Top] {
			t.Errorf("cards %d and %d touch with %d and %d", i, i+n, c[tetravex.Bottom], cards[i+n][tetravex.Top])
		}
	}
	legend := root.withClass("help-marks")[0].withClass("cell")
	if len(legend) != 10 {
		t.Fatalf("the legend shows %d edge colours, want 0 to 9", len(legend))
	}
	for v, c := range legend {
		if c.content() != strconv.Itoa(v) || !c.hasClass("v"+strconv.Itoa(v)) {
			t.Errorf("legend entry %d reads %q in %q", v, c.content(), c.attr["class"])
		}
	}
	p, err := tetravex.ParsePuzzle(root.withClass("help-example")[0].content())
	if err != nil {
		t.Fatal(err)
	}
	sortCards := func(cs []tetravex.Card) []tetravex.Card {
		cs = slices.Clone(cs)
		slices.SortFunc(cs, func(a, b tetravex.Card) int { return slices.Compare(a[:], b[:]) })
		return cs
	}
	if !slices.Equal(sortCards(p.Cards), sortCards(cards)) {
		t.Errorf("the example's cards %v are not the drawn %v", p.Cards, cards)
	}
	if slices.Equal(p.Cards, cards) {
		t.Error("the example gives the cards already solved; a puzzle shuffles them")
	}
}

// helpFormats lists every format but the judge one, which the panel shows,
// with its example and whether it exports.
func TestHelpFormats(t *testing.T) {
	fs := []solvers.Format{
		{Name: "judge", Example: "1 1\n1 1\n1 1\n"},
		{Name: "webpbn XML", Ext: ".xml", Example: `<puzzle type="grid">`, Export: true},
		{Name: "Tatham ID", Example: "1x1:1/1"},
	}
	root := parseHTML(t, helpFormats(fs))
	text := root.content()
	for _, want := range []string{"webpbn XML (.xml), import and export", `<puzzle type="grid">`, "Tatham ID, import:", "1x1:1/1"} {
		if !strings.Contains(strings.ReplaceAll(strings.Join(strings.Fields(text), " "), " ,", ","), want) {
			t.Errorf("formats list lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "judge") || len(root.withClass("help-example")) != 2 {
		t.Errorf("want the two other formats only:\n%s", text)
	}
	if helpFormats(fs[:1]) != nil || helpFormats(nil) != nil {
		t.Error("no other formats should give nothing to draw")
	}
}

// The panel folds: open on a first visit, closed when asked, with the
// game's help and formats inside.
func TestHelpPanel(t *testing.T) {
	fs := []solvers.Format{{Name: "judge"}, {Name: "Tatham ID", Example: "1x1:1/1"}}
	for _, open := range []bool{true, false} {
		root := parseHTML(t, helpPanel(freshEditor("nonogram"), open, fs))
		d := root.all(func(n *node) bool { return n.tag == "details" })
		if len(d) != 1 {
			t.Fatalf("want one details element, got %d", len(d))
		}
		v, ok := d[0].attr["open"]
		if got := ok && v != "false"; got != open {
			t.Errorf("open = %v, want %v", got, open)
		}
		if !strings.Contains(d[0].content(), "runs of black cells") || len(d[0].withClass("help-formats")) != 1 {
			t.Error("the panel lacks the game's help or its formats")
		}
	}
}

// Every class the panels draw with is styled in web/app.css, so pictures
// show the board's own colours.
func TestHelpClassesStyled(t *testing.T) {
	css, err := os.ReadFile("../../web/app.css")
	if err != nil {
		t.Fatal(err)
	}
	checked := map[string]bool{}
	for _, g := range solvers.All {
		root := parseHTML(t, helpBody(freshEditor(g.Name())))
		for _, n := range root.all(func(n *node) bool { return n.attr["class"] != "" }) {
			for _, c := range strings.Fields(n.attr["class"]) {
				if checked[c] {
					continue
				}
				checked[c] = true
				if !regexp.MustCompile(`\.` + regexp.QuoteMeta(c) + `\b`).Match(css) {
					t.Errorf("class %q is not in web/app.css", c)
				}
			}
		}
	}
}

// Dark mode gives every colour variable of :root a value of its own, so
// nothing drawn with them stays light on the dark page.
func TestDarkModeRedefinesColours(t *testing.T) {
	css, err := os.ReadFile("../../web/app.css")
	if err != nil {
		t.Fatal(err)
	}
	_, dark, ok := strings.Cut(string(css), "@media (prefers-color-scheme: dark)")
	if !ok {
		t.Fatal("web/app.css has no dark mode block")
	}
	rootBlock := regexp.MustCompile(`:root\s*\{([^}]*)\}`)
	light, darkRoot := rootBlock.FindStringSubmatch(string(css)), rootBlock.FindStringSubmatch(dark)
	if light == nil || darkRoot == nil {
		t.Fatal("want a :root block at the top and in the dark mode block")
	}
	colour := regexp.MustCompile(`(--[\w-]+):\s*#`)
	names := colour.FindAllStringSubmatch(light[1], -1)
	if len(names) == 0 {
		t.Fatal("no colour variables in :root")
	}
	for _, m := range names {
		if !strings.Contains(darkRoot[1], m[1]+":") {
			t.Errorf("dark mode does not redefine %s", m[1])
		}
	}
}
