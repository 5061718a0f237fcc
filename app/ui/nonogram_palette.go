package ui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers/nonogram"
)

// The palette of a nonogram: the colour picker, and in Draw picture and
// Edit clues the inks' colours and names, Add colour and Remove. Its tools
// are named "ink" (pick ink value), "ink-add", and "ink-rgb:K",
// "ink-name:K", "ink-del:K" for ink K.

// nonoMaxInkName bounds an ink's name, in characters.
const nonoMaxInkName = 24

// paletteTools are the palette's controls: none in black and white play,
// only Add colour when drawing or typing black and white.
func (e *nonogramEditor) paletteTools(p *Page) []app.UI {
	inks := e.clues.Inks
	edit := e.mode != nonoPlay
	var items []app.UI
	for k, ink := range inks {
		name := inkName(e.clues, k)
		controls := []app.UI{app.Button().ID("ink-"+strconv.Itoa(k)).Class(classIf("tool swatch", k == e.ink, "active")).
			Aria("pressed", k == e.ink).Title("Paint with "+name).DataSet("tool", "ink").DataSet("v", strconv.Itoa(k)).
			Style("background", "#"+ink.RGB).Style("color", textOn(ink.RGB)).Text(string(nonogram.InkLetter(k))).OnClick(p.onTool)}
		if !edit {
			items = append(items, controls...)
			continue
		}
		at := ":" + strconv.Itoa(k)
		controls = append(controls,
			app.Input().Type("color").ID("ink-rgb-"+strconv.Itoa(k)).Class("ink-rgb").Title("The colour of "+name).
				Aria("label", "The colour of "+name).DataSet("tool", "ink-rgb"+at).Value("#"+ink.RGB).OnChange(p.onTool),
			app.Input().Type("text").ID("ink-name-"+strconv.Itoa(k)).Class("ink-name").Size(7).MaxLength(nonoMaxInkName).
				Aria("label", "The name of colour "+string(nonogram.InkLetter(k))).Placeholder("name").
				DataSet("tool", "ink-name"+at).Value(ink.Name).OnChange(p.onTool),
			app.Button().ID("ink-del-"+strconv.Itoa(k)).Class("tool ink-del").Title("Remove "+name).
				Aria("label", "Remove "+name).DataSet("tool", "ink-del"+at).Text("×").OnClick(p.onTool),
		)
		// One ink's controls wrap together on a narrow screen.
		items = append(items, app.Span().Class("ink-item").Body(controls...))
	}
	if edit && len(inks) < nonoMaxInks {
		items = append(items, p.toolButton("Add colour", "ink-add", "", false).ID("ink-add"))
	}
	if len(items) == 0 {
		return nil
	}
	return []app.UI{app.Div().Class("palette inks").Aria("label", "Colours").Body(items...)}
}

// paletteTool applies a palette tool (see the top of the file).
func (e *nonogramEditor) paletteTool(name, value string) error {
	op, at, _ := strings.Cut(name, ":")
	inks := e.clues.Inks
	if op == "ink" {
		k, err := strconv.Atoi(value)
		if err != nil || k < 0 || k >= max(1, len(inks)) {
			return errors.New("There is no such colour to paint with.")
		}
		e.ink = k
		return nil
	}
	if e.mode == nonoPlay {
		return errors.New("The colours are changed in Draw picture or Edit clues, not in play.")
	}
	k, err := strconv.Atoi(at)
	if op != "ink-add" && (err != nil || k < 0 || k >= len(inks)) {
		return errors.New("There is no such colour.")
	}
	next := slices.Clone(inks)
	switch op {
	case "ink-add":
		if len(inks) >= nonoMaxInks {
			return fmt.Errorf("A puzzle has at most %d colours.", nonoMaxInks)
		}
		if next == nil { // black and white: its ink is the first colour
			next = []nonogram.Ink{{Name: "black", RGB: "000000"}}
		}
		next = append(next, newInk(next))
		e.setPalette(next, nil)
		e.ink = len(next) - 1
	case "ink-name":
		name := strings.Join(strings.Fields(value), " ")
		if utf8.RuneCountInString(name) > nonoMaxInkName {
			return fmt.Errorf("A colour's name is at most %d characters.", nonoMaxInkName)
		}
		next[k].Name = name
		e.setPalette(next, nil)
	case "ink-rgb":
		rgb := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(value), "#"))
		if _, err := strconv.ParseUint(rgb, 16, 32); err != nil || len(rgb) != 6 {
			return fmt.Errorf("%q is not a colour: want six hex digits, as in #e02020.", clip(value, 12))
		}
		if rgb == "ffffff" {
			return errors.New("White is the background: pick another colour.")
		}
		if j := slices.IndexFunc(inks, func(i nonogram.Ink) bool { return i.RGB == rgb }); j >= 0 && j != k {
			return fmt.Errorf("%s is already that colour: pick another.", capitalFirst(inkName(e.clues, j)))
		}
		next[k].RGB = rgb
		e.setPalette(next, nil)
	case "ink-del":
		next = slices.Delete(next, k, k+1)
		if len(next) == 1 { // one ink left: black and white
			next = nil
		}
		if e.ink > k || e.ink == k && k > 0 { // the picked ink keeps its colour, or the one before
			e.ink--
		}
		e.setPalette(next, func(j int) int {
			switch {
			case j == k:
				return -1
			case j > k:
				return j - 1
			}
			return j
		})
	default:
		return fmt.Errorf("nonogram: unknown palette tool %q", clip(name, 20))
	}
	return nil
}

// setPalette gives the puzzle the palette inks (nil: black and white);
// remap, if not nil, says what each old ink becomes (-1: none), and the
// picture's cells, the runs and the given cells follow it.
func (e *nonogramEditor) setPalette(inks []nonogram.Ink, remap func(int) int) {
	if remap == nil {
		remap = func(j int) int { return j }
	}
	old, n := e.clues, len(inks)
	e.followInks(inks)
	for _, row := range e.pic {
		for x, v := range row {
			if v > 0 {
				row[x] = remap(v-1) + 1
			}
		}
	}
	c := &nonogram.Clues{Inks: inks}
	if e.mode == nonoDraw {
		c = cluesOfPicture(e.pic, inks)
	} else {
		c.Rows, c.RowInks = remapRuns(old.Rows, old.RowInks, remap, n)
		c.Cols, c.ColInks = remapRuns(old.Cols, old.ColInks, remap, n)
	}
	if old.Given != nil {
		c.Given = slices.Clone(old.Given)
		for i, g := range c.Given {
			if j := inkOfCell(g, len(old.Inks)); j >= 0 {
				c.Given[i] = nonogram.NotGiven
				if k := remap(j); k >= 0 {
					c.Given[i] = cellOfInk(k, n)
				}
			}
		}
	}
	e.clues, e.answer = c, nil
	e.ink = min(e.ink, max(0, n-1))
}

// remapRuns carries lines of runs to a palette of n inks (0: black and
// white): a run of old ink j (0 in black and white) keeps ink remap(j),
// and is dropped when that is -1.
func remapRuns(lines, inks [][]int, remap func(int) int, n int) (runs, runInks [][]int) {
	runs = make([][]int, len(lines))
	if n > 0 {
		runInks = make([][]int, len(lines))
	}
	for l, line := range lines {
		for r, length := range line {
			j := 0
			if inks != nil {
				j = inks[l][r]
			}
			k := remap(j)
			if k < 0 {
				continue
			}
			runs[l] = append(runs[l], length)
			if n > 0 {
				runInks[l] = append(runInks[l], k)
			}
		}
	}
	return runs, runInks
}

// newInk is the first of newInks whose colour is not in inks.
func newInk(inks []nonogram.Ink) nonogram.Ink {
	for _, ink := range newInks {
		if !slices.ContainsFunc(inks, func(i nonogram.Ink) bool { return i.RGB == ink.RGB }) {
			return ink
		}
	}
	return newInks[0]
}

// capitalFirst writes s with a capital first letter, to start a sentence.
func capitalFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
