package nonogram

import (
	"strings"

	"gridsolve/solvers/play"
)

// importFormats are the formats other than the judge one, in the order
// detect tries them.
var importFormats = []format{
	{play.Format{Name: "webpbn XML", Ext: ".xml", Example: xmlExample, Export: true},
		func(t string) bool { return strings.HasPrefix(t, "<") }, parseXML},
	{play.Format{Name: ".non", Ext: ".non", Example: "width 2\nheight 2\nrows\n1\n2\ncolumns\n2\n1\n", Export: true},
		isNon, parseNon},
	{play.Format{Name: "Tatham Pattern", Ext: ".txt", Example: "2x2:2/1/1/2", Export: true},
		isTathamID, parseTatham},
	{play.Format{Name: "puzz.link", Ext: ".url", Example: "https://puzz.link/p?nonogram/2/2/2112", Export: true},
		isPuzzLink, parsePuzzLink},
	{play.Format{Name: "picture", Ext: ".txt", Example: "#.\n##\n"},
		func(t string) bool { return t[0] == '#' || t[0] == '.' }, parsePicture},
}
