package nonogram

import (
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The webpbn XML reader against encoding/xml: stdPBN is what this package
// did before it had its own scanner, decoding the same tags with xml.Unmarshal.
type stdPuzzle struct {
	Type            string     `xml:"type,attr"`
	DefaultColor    string     `xml:"defaultcolor,attr"`
	BackgroundColor string     `xml:"backgroundcolor,attr"`
	Clues           []stdClues `xml:"clues"`
	Colors          []struct {
		Name string `xml:"name,attr"`
		Char string `xml:"char,attr"`
		RGB  string `xml:",chardata"`
	} `xml:"color"`
	Solutions []struct {
		Type  string `xml:"type,attr"`
		Image string `xml:"image"`
	} `xml:"solution"`
}

type stdClues struct {
	Type  string `xml:"type,attr"`
	Lines []struct {
		Counts []struct {
			Color string `xml:"color,attr"`
			N     string `xml:",chardata"`
		} `xml:"count"`
	} `xml:"line"`
}

// stdPBN reads text with encoding/xml into readPBN's shapes.
func stdPBN(text string) (root string, puzzles []pbnPuzzle, err error) {
	var doc struct {
		XMLName xml.Name
		Puzzles []stdPuzzle `xml:"puzzle"`
		stdPuzzle
	}
	if err := xml.Unmarshal([]byte(text), &doc); err != nil {
		return "", nil, err
	}
	list := doc.Puzzles
	if doc.XMLName.Local == "puzzle" {
		list = []stdPuzzle{doc.stdPuzzle}
	}
	for _, p := range list {
		q := pbnPuzzle{typ: p.Type, defaultColor: p.DefaultColor, backgroundColor: p.BackgroundColor}
		for _, c := range p.Colors {
			q.colours = append(q.colours, pbnColour{c.Name, c.Char, c.RGB})
		}
		for _, sol := range p.Solutions {
			q.solutions = append(q.solutions, pbnSolution{sol.Type, sol.Image})
		}
		for _, c := range p.Clues {
			d := pbnClues{typ: c.Type}
			for _, l := range c.Lines {
				var counts []pbnCount
				for _, n := range l.Counts {
					counts = append(counts, pbnCount{n.Color, n.N})
				}
				d.lines = append(d.lines, counts)
			}
			q.clues = append(q.clues, d)
		}
		puzzles = append(puzzles, q)
	}
	return doc.XMLName.Local, puzzles, nil
}

// sameAsStd fails unless readPBN and encoding/xml read text alike: the
// same root and puzzles, or both an error. readPBN is allowed to be more
// lenient in comments (it lets "--" pass) and in names beyond ASCII.
func sameAsStd(t *testing.T, text string) {
	t.Helper()
	root, puzzles, err := readPBN(text)
	stdRoot, stdPuzzles, stdErr := stdPBN(text)
	lenient := stdErr != nil && (strings.Contains(text, "<!--") || strings.Contains(stdErr.Error(), "invalid XML name"))
	if err != nil && stdErr == nil || err == nil && stdErr != nil && !lenient {
		t.Fatalf("%q: error %v, encoding/xml's %v", text, err, stdErr)
	}
	if err != nil || stdErr != nil {
		return
	}
	// The root is kept only when it is a puzzle.
	if stdRoot != "puzzle" && stdRoot != "puzzleset" {
		stdPuzzles = nil
	}
	if got, want := fmt.Sprint(root, spacedAttrs(puzzles)), fmt.Sprint(stdRoot, spacedAttrs(stdPuzzles)); got != want {
		t.Fatalf("%q:\nread  %s\nwant  %s", text, got, want)
	}
}

// spacedAttrs writes, in place, every white space character in the attribute values
// of puzzles as a space. encoding/xml makes each line end one LF but keeps
// it, and tabs, where XML 1.0 asks for a space (see attrSpaces), unless
// the character is written as a reference, which it cannot tell apart:
// both readers are compared with that difference ironed out, and
// TestAttributeSpaces checks readPBN's own way.
func spacedAttrs(puzzles []pbnPuzzle) []pbnPuzzle {
	space := strings.NewReplacer("\r", " ", "\n", " ", "\t", " ").Replace
	for i := range puzzles {
		p := &puzzles[i]
		p.typ, p.defaultColor, p.backgroundColor = space(p.typ), space(p.defaultColor), space(p.backgroundColor)
		for k := range p.colours {
			p.colours[k] = pbnColour{space(p.colours[k].name), space(p.colours[k].char), p.colours[k].rgb}
		}
		for k := range p.solutions {
			p.solutions[k].typ = space(p.solutions[k].typ)
		}
		for j := range p.clues {
			c := &p.clues[j]
			c.typ = space(c.typ)
			for _, counts := range c.lines {
				for k := range counts {
					counts[k].color = space(counts[k].color)
				}
			}
		}
	}
	return puzzles
}

var xmlSamples = []string{
	xmlExample,
	`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd" [ <!ENTITY x "a>b"> <!-- > --> ]>
<!-- a comment -->
<puzzleset><source>x</source>
<puzzle type="grid" defaultcolor='black'><title>A &amp; B &lt;3 &#65;&#x42;</title>
<color name="white" char=".">fff</color>
<clues type="columns"><line><count> 2 </count><count color="black"><![CDATA[1]]></count></line><line/></clues>
<clues type="rows"><line><count>1<b>9</b>2</count></line></clues>
<solution><image>|X.|</image></solution>
</puzzle></puzzleset>`,
	`<puzzle><clues type="rows"><line/></clues><clues type="columns"><line><count>1</count></line></clues></puzzle>`,
	`<puzzleset/>`,
	`<puzzleset><puzzle/><puzzle/></puzzleset>`,
	`<pbn:puzzle xmlns:pbn="x"><pbn:clues type="rows"><pbn:line><pbn:count>1</pbn:count></pbn:line></pbn:clues></pbn:puzzle>`,
	`<puzzle><foo><line><count>1</count></line></foo><clues><foo><count>2</count></foo></clues></puzzle>`,
	`<puzzle><puzzle><clues type="rows"/></puzzle></puzzle>`,
	`<puzzle type="grid"><clues type="rows"><line><count color="a">1</count></line></clues></puzzle>`,
	`<puzzle a="1" a="2" type="x" type="grid"/>`,
	`<puzzle backgroundcolor="white" defaultcolor="black" type="grid"/>`,
	"<puzzle><color name='ink' char='#'>000</color><color/><solution><image>|#.|\n|.#|</image></solution><solution type=\"saved\"><image>|?<b>x</b>?|</image><image>|x|</image></solution></puzzle>",
	`<puzzleset><puzzle><solution><note>n</note><image/></solution></puzzle></puzzleset>`,
	`<puzzle/> trailing text is not read`,
	// Line ends inside attribute values and text (issue 27, item 19).
	"<puzzle type=\"a\rb\"/>", "<puzzle type=\"a\r\nb\r\"/>", "<puzzle type=\"\ta\n b&#13;&#10;&#9;\"/>",
	"<puzzle><clues type=\"rows\"><line><count>\r\n1\r</count></line></clues></puzzle>",
	`text before <puzzle/>`,
	`<html/>`,
	// Errors.
	``, `   `, `<puzzle>`, `<puzzle></puzzles>`, `<puzzle></>`, `<puzzle type=grid/>`, `<puzzle type/>`,
	`<puzzle type="a<b"/>`, `<puzzle type="&bogus;"/>`, `<puzzle>&#0;</puzzle>`, `<puzzle>&amp</puzzle>`,
	`<puzzle type="a"type="b"/>`, `<puzzle><!-- </puzzle>`, `<puzzle><![CDATA[</puzzle>`, `<!DOCTYPE x`,
	`<?xml`, "<puzzle>\xff</puzzle>", `<1puzzle/>`, `<puzzle></puzzle >`, `</puzzle>`,
}

func TestReadPBNAgainstEncodingXML(t *testing.T) {
	for _, text := range xmlSamples {
		sameAsStd(t, text)
	}
}

// TestAttributeSpaces checks XML 1.0's normalisation of attribute values
// (issue 27, item 19: a CR was kept where encoding/xml gives LF): each
// line end, CR LF or CR alone, and each tab or LF written as itself is one
// space; the same characters written as references are kept.
func TestAttributeSpaces(t *testing.T) {
	for _, tc := range []struct{ value, want string }{
		{"a\rb", "a b"},
		{"a\r\nb", "a b"},
		{"a\n\rb", "a  b"},
		{"\ta\nb ", " a b "},
		{"a&#13;&#10;&#9;b", "a\r\n\tb"},
		{"a\r&#13;", "a \r"},
	} {
		_, puzzles, err := readPBN(`<puzzle type="` + tc.value + `"/>`)
		if err != nil {
			t.Fatalf("%q: %v", tc.value, err)
		}
		if got := puzzles[0].typ; got != tc.want {
			t.Errorf("type=%q read as %q, want %q", tc.value, got, tc.want)
		}
	}
}

func TestReadPBNErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`<puzzle>`, "XML syntax error on line 1: unexpected EOF"},
		{"<puzzle>\n<clues>\n</puzzle>", "line 3: element <clues> closed by </puzzle>"},
		{`<puzzle type=grid/>`, "unquoted value of attribute type"},
		{`<puzzle>&nbsp;</puzzle>`, "invalid character entity &nbsp;"},
		{"", "no root element"},
	} {
		_, _, err := readPBN(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}

// FuzzReadPBN checks the reader against encoding/xml: what one reads, the
// other reads the same, and what one refuses, the other refuses.
func FuzzReadPBN(f *testing.F) {
	for _, s := range xmlSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sameAsStd(t, text)
	})
}

// goalImage reads the rows of the <image> of a webpbn file's goal,
// "|..XX.|", as rows of '#' and '.', white being the character given.
func goalImage(t *testing.T, text string, white byte) []string {
	t.Helper()
	_, image, ok := strings.Cut(text, "<image>")
	image, _, ok2 := strings.Cut(image, "</image>")
	if !ok || !ok2 {
		t.Fatal("no <image> in the goal")
	}
	var rows []string
	for _, row := range strings.Fields(image) {
		row = strings.Trim(row, "|")
		b := []byte(row)
		for i := range b {
			b[i] = ".#"[btoi(b[i] != white)]
		}
		rows = append(rows, string(b))
	}
	return rows
}

// TestWebpbnFilesAsWritten reads webpbn files in the styles other tools
// write (testdata/webpbn, made for these tests): black and white puzzles
// whose colours have names, and colour puzzles, given by clues or by their
// goal alone, solve to their goal; triddlers are refused in words.
func TestWebpbnFilesAsWritten(t *testing.T) {
	for _, tc := range []struct {
		file  string
		white byte   // the background's character in the goal
		err   string // what the error says, for files refused
		inks  string // of a colour puzzle: its goal's chars, each with its ink's letter
	}{
		{file: "bw-named-colours.xml", white: '.'},
		{file: "bw-other-names.xml", white: '-'},
		{file: "colour-three.xml", white: '.', inks: "Ra Bb"},
		{file: "triddler.xml", err: "triddlers, puzzles with triangular cells, are not supported"},
		{file: "goal-only.xml", white: '-'},
		{file: "goal-colour.xml", white: '-', inks: "#a Rb"},
	} {
		text, err := os.ReadFile(filepath.Join("testdata", "webpbn", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		judge, f, err := Game{}.Import(string(text))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.file, err, tc.err)
			}
			continue
		}
		if err != nil || f.Name != "webpbn XML" {
			t.Errorf("%s: read as %s, error %v", tc.file, f.Name, err)
			continue
		}
		a, err := Game{}.Solve(context.Background(), judge, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := goalImage(t, string(text), tc.white)
		if tc.inks != "" {
			want = colourGoal(t, string(text), tc.white, tc.inks)
		}
		if got := a.(*Answer); got.Status != "unique" || !slices.Equal(got.Grid, want) {
			t.Errorf("%s: %s\n%s\nwant the goal\n%s", tc.file, got.Status, strings.Join(got.Grid, "\n"), strings.Join(want, "\n"))
		}
	}
}

// colourGoal reads the rows of the <image> of a colour webpbn file's goal
// in the inks' letters: white is the background's char, and inks pairs
// each ink's char with its letter ("Ra Bb").
func colourGoal(t *testing.T, text string, white byte, inks string) []string {
	t.Helper()
	_, image, _ := strings.Cut(text, "<image>")
	image, _, _ = strings.Cut(image, "</image>")
	letters := map[byte]byte{white: '.'}
	for _, pair := range strings.Fields(inks) {
		letters[pair[0]] = pair[1]
	}
	var rows []string
	for _, row := range strings.Fields(image) {
		b := []byte(strings.Trim(row, "|"))
		for i := range b {
			b[i] = letters[b[i]]
		}
		rows = append(rows, string(b))
	}
	return rows
}
