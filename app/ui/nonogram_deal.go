package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gridsolve/solvers"
	"gridsolve/solvers/nonogram"
)

// New puzzle in colour: a choice next to the difficulty of how many
// colours New deals, black and white or 2 to nonogram.MaxGenerateColours.

// nonoDealNames are the words of the choice, by its index: black and
// white, then 2 colours on.
var nonoDealNames = [nonogram.MaxGenerateColours]string{"Black and white", "2 colours", "3 colours", "4 colours", "5 colours"}

// dealColoursAt is the number of colours of choice k (0: black and white).
func dealColoursAt(k int) int {
	if k == 0 {
		return 0
	}
	return k + 1
}

// tuneDeal asks the generator for the chosen colours.
func (e *nonogramEditor) tuneDeal(o *solvers.Options) { o.Colours = e.dealColours }

// followInks makes the choice follow a puzzle about to be shown in inks,
// as Tatham's Type menu follows the game shown: a colour puzzle opened or
// drawn does not sit beside "Black and white". Only a change in the
// number of inks moves it, so a choice made for the next New stays while
// the shown puzzle is edited.
func (e *nonogramEditor) followInks(inks []nonogram.Ink) {
	if e.clues != nil && len(inks) == len(e.clues.Inks) {
		return
	}
	switch n := len(inks); {
	case n <= 1:
		e.dealColours = 0
	case n <= nonogram.MaxGenerateColours:
		e.dealColours = n
	}
}

// dealChoice picks the colours of new puzzles.
func (e *nonogramEditor) dealChoice(p *Page) app.UI {
	return toolSelect(p, "Colours", "nono-deal-colours", "deal-colours", "Colours of new puzzles",
		nonoDealNames[:], max(0, e.dealColours-1), func(k int) string { return strconv.Itoa(dealColoursAt(k)) })
}

// dealColoursTool takes the choice.
func (e *nonogramEditor) dealColoursTool(value string) error {
	n, err := strconv.Atoi(value)
	if err != nil || n != 0 && (n < 2 || n > nonogram.MaxGenerateColours) {
		return fmt.Errorf("new puzzles are black and white or in 2 to %d colours", nonogram.MaxGenerateColours)
	}
	e.dealColours = n
	return nil
}
