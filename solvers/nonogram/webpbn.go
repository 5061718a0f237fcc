package nonogram

import (
	"bytes"
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gridsolve/solvers/msg"
)

// The webpbn XML format (pbn-0.3.dtd, described at webpbn.com/pbn_fmt.html)
// as far as grid puzzles, black and white or colour, need it:
//
//	<puzzleset><puzzle type="grid" defaultcolor="black">
//	  <color name="white" char=".">fff</color>
//	  <color name="black" char="X">000</color>
//	  <clues type="columns"><line><count>2</count></line>...</clues>
//	  <clues type="rows"><line></line>...</clues>
//	</puzzle></puzzleset>
//
// An empty line has no count. A count is in the colour its color
// attribute names, or else in the puzzle's defaultcolor ("black" when not
// given); the puzzle's backgroundcolor ("white" when not given) is the
// colour of the cells between runs. Colour names are matched without
// regard to case, as pbnsolve does. Whatever the colours are called, a
// puzzle whose counts are all in one colour is black and white: that
// colour is black. Counts in two or more colours make a colour puzzle,
// its inks the colours of the counts in the order the <color> elements
// define them, each with its name and the RGB its <color> gives ("f00"
// or "ff0000"; one of defaultRGB if it has none). type="triddler", a
// puzzle of triangular cells, is refused in words.
// A puzzle without clues is read from its goal, a <solution> of type
// "goal" (or of no type) whose <image> draws each row between bars,
// "|..XX.|", a cell by the char of its <color> (white '.' and black 'X'
// unless defined); its clues are the picture's, in colour when it has two
// or more chars besides the background's, each the char of a <color>.
// Titles, other solutions and notes are ignored.
//
// It is read by a small XML scanner of its own (xmlScanner) rather than
// encoding/xml, which made each of the page's wasm files 40 to 60 KB
// larger (Brotli) for these few tags; the tests check it against
// encoding/xml.
type pbnPuzzle struct {
	typ, defaultColor, backgroundColor string
	clues                              []pbnClues
	colours                            []pbnColour
	solutions                          []pbnSolution
}

// pbnColour is a <color> of a puzzle: its name, the character that
// stands for it in images, and its text, the RGB ("f00" or "ff0000").
type pbnColour struct{ name, char, rgb string }

// pbnSolution is a <solution> of a puzzle: its type ("goal" when not
// given, "solution" or "saved") and the text of its <image>.
type pbnSolution struct{ typ, image string }

type pbnClues struct {
	typ   string
	lines [][]pbnCount
}

type pbnCount struct{ color, n string }

// xmlExample is the smallest webpbn XML puzzle, for the formats list.
const xmlExample = `<puzzleset><puzzle><clues type="columns"><line><count>2</count></line><line><count>1</count></line></clues><clues type="rows"><line><count>1</count></line><line><count>2</count></line></clues></puzzle></puzzleset>`

// parseXML reads a webpbn puzzleset holding one puzzle, or a lone puzzle.
func parseXML(text string) (*Clues, error) {
	root, puzzles, err := readPBN(text)
	if err != nil {
		return nil, msg.Errorf("nonogram: webpbn XML: %v", err)
	}
	var p *pbnPuzzle
	switch {
	case root == "puzzleset" && len(puzzles) == 1:
		p = &puzzles[0]
	case root == "puzzleset":
		return nil, msg.Errorf("nonogram: webpbn XML: want one puzzle in the puzzleset, got %d", len(puzzles))
	case root == "puzzle":
		p = &puzzles[0]
	default:
		return nil, msg.Errorf("nonogram: webpbn XML: want <puzzleset> or <puzzle>, got <%s>", clip(root))
	}
	inks, err := p.checkColours()
	if err != nil {
		return nil, msg.Errorf("nonogram: webpbn XML: %v", err)
	}
	if len(p.clues) == 0 {
		c, err := p.fromGoal()
		if err != nil {
			return nil, msg.Errorf("nonogram: webpbn XML: %v", err)
		}
		return c, nil
	}
	c := &Clues{}
	var haveRows, haveCols bool
	for _, clues := range p.clues {
		var dst *[][]int
		switch strings.ToLower(clues.typ) {
		case "rows":
			dst, haveRows = &c.Rows, true
		case "columns":
			dst, haveCols = &c.Cols, true
		default:
			return nil, msg.Errorf("nonogram: webpbn XML: clues of type %q (want rows or columns)", clip(clues.typ))
		}
		if len(clues.lines) > MaxSide {
			return nil, msg.Errorf("nonogram: webpbn XML: more than %d %s", MaxSide, clues.typ)
		}
		*dst = make([][]int, len(clues.lines))
		dstInks := &c.RowInks
		if dst == &c.Cols {
			dstInks = &c.ColInks
		}
		*dstInks = make([][]int, len(clues.lines))
		for i, line := range clues.lines {
			for _, count := range line {
				runs, err := parseRuns([]string{strings.TrimSpace(count.n)})
				if err != nil {
					return nil, msg.Errorf("nonogram: webpbn XML: %s %d: %v", clues.typ, i+1, err)
				}
				(*dst)[i] = append((*dst)[i], runs...)
				(*dstInks)[i] = append((*dstInks)[i], slices.IndexFunc(inks, p.named(p.inkOf(count))))
			}
		}
	}
	if !haveRows || !haveCols {
		return nil, errors.New("nonogram: webpbn XML: want both row and column clues")
	}
	if err := checkSize(len(c.Rows), len(c.Cols)); err != nil {
		return nil, msg.Errorf("nonogram: webpbn XML: %v", err)
	}
	if len(inks) > 1 {
		c.Inks = p.palette(inks)
	} else {
		c.RowInks, c.ColInks = nil, nil
	}
	return c, nil
}

// inkOf is the colour of a count: its own, or the puzzle's default.
func (p *pbnPuzzle) inkOf(count pbnCount) string {
	return cmp.Or(count.color, p.defaultColor, "black")
}

// named returns a test for a colour's name, without regard to case.
func (p *pbnPuzzle) named(name string) func(string) bool {
	return func(s string) bool { return strings.EqualFold(s, name) }
}

// palette makes the inks of a colour puzzle from their names: the RGB of
// their <color>, or of a colour of defaultRGB when the puzzle does not
// define it.
func (p *pbnPuzzle) palette(names []string) []Ink {
	inks := make([]Ink, len(names))
	for i, name := range names {
		rgb := ""
		if k := slices.IndexFunc(p.colours, func(c pbnColour) bool { return strings.EqualFold(c.name, name) }); k >= 0 {
			rgb = longRGB(strings.TrimSpace(p.colours[k].rgb))
		}
		if rgb == "" && strings.EqualFold(name, "black") {
			rgb = "000000"
		}
		// The name on one line, as the judge format keeps it; the
		// writer's name for an ink without one is none.
		if madeUpName(name) {
			name = ""
		}
		inks[i] = Ink{Name: strings.Join(strings.Fields(name), " "), RGB: cmp.Or(rgb, defaultRGB[i%len(defaultRGB)])}
	}
	return inks
}

// defaultRGB are the colours given to inks that a file names without
// saying what they are: black, red, blue, green, yellow, ...
var defaultRGB = []string{"000000", "e02020", "2040c0", "20a040", "f0c000", "a040c0", "f08020", "40c0c0"}

// longRGB writes a colour of three or six hex digits, as webpbn's <color>
// gives it, in six lower-case ones; "" if it is neither.
func longRGB(s string) string {
	s = strings.ToLower(strings.TrimPrefix(s, "#"))
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if !isRGB(s) {
		return ""
	}
	return s
}

// checkColours refuses, in words, the puzzles that cannot be read:
// triddlers, counts in the background colour, and more inks than
// MaxInks. It returns the inks of the counts, in the order their <color>
// elements define them, any others after in the order they are met.
func (p *pbnPuzzle) checkColours() ([]string, error) {
	switch {
	case p.typ == "" || strings.EqualFold(p.typ, "grid"):
	case strings.EqualFold(p.typ, "triddler"):
		return nil, errors.New("triddlers, puzzles with triangular cells, are not supported")
	default:
		return nil, msg.Errorf("puzzle type %q is not supported (only grid puzzles are)", clip(p.typ))
	}
	background := cmp.Or(p.backgroundColor, "white")
	var inks []string // the colours of the counts, the first one first
	for _, clues := range p.clues {
		for i, line := range clues.lines {
			for _, count := range line {
				colour := p.inkOf(count)
				if strings.EqualFold(colour, background) {
					return nil, msg.Errorf("%s %d: a count in %q, the background colour", clues.typ, i+1, clip(colour))
				}
				if !slices.ContainsFunc(inks, p.named(colour)) {
					inks = append(inks, colour)
				}
			}
		}
	}
	if len(inks) > MaxInks {
		return nil, msg.Errorf("%d colours besides the background: at most %d are supported", len(inks), MaxInks)
	}
	order := func(name string) int {
		if k := slices.IndexFunc(p.colours, func(c pbnColour) bool { return strings.EqualFold(c.name, name) }); k >= 0 {
			return k
		}
		return len(p.colours)
	}
	slices.SortStableFunc(inks, func(a, b string) int { return order(a) - order(b) })
	return inks, nil
}

// fromGoal makes the clues of a puzzle given by its goal's image.
func (p *pbnPuzzle) fromGoal() (*Clues, error) {
	var goal *pbnSolution
	for i, sol := range p.solutions {
		if sol.typ == "" || strings.EqualFold(sol.typ, "goal") {
			goal = &p.solutions[i]
		}
	}
	if goal == nil {
		return nil, errors.New("want clues, or a goal to make them from")
	}
	// The background's char: its <color>'s, or '.' for white.
	background := cmp.Or(p.backgroundColor, "white")
	bg := ""
	if strings.EqualFold(background, "white") {
		bg = "."
	}
	for _, c := range p.colours {
		if strings.EqualFold(c.name, background) {
			bg = c.char
		}
	}
	var pic [][]int
	var chars []byte // the inks' chars, in the order met
	for _, row := range strings.Fields(goal.image) {
		if len(row) < 2 || row[0] != '|' || row[len(row)-1] != '|' {
			return nil, msg.Errorf("goal row %d: want its cells between bars, |..XX.|", len(pic)+1)
		}
		cells := row[1 : len(row)-1]
		if len(pic) > 0 && len(cells) != len(pic[0]) {
			return nil, msg.Errorf("goal row %d has %d cells, row 1 has %d", len(pic)+1, len(cells), len(pic[0]))
		}
		if len(pic) == MaxSide || len(cells) > MaxSide {
			return nil, msg.Errorf("goal larger than %d cells a side", MaxSide)
		}
		line := make([]int, len(cells))
		for i := range len(cells) {
			switch ch := cells[i]; {
			case ch == '[':
				return nil, msg.Errorf("goal row %d: a cell of several colours, [...], is no goal", len(pic)+1)
			case len(bg) == 1 && ch == bg[0]:
			default:
				k := bytes.IndexByte(chars, ch)
				if k < 0 {
					if len(chars) == MaxInks {
						return nil, msg.Errorf("the goal has more than %d colours besides the background", MaxInks)
					}
					k, chars = len(chars), append(chars, ch)
				}
				line[i] = k + 1
			}
		}
		pic = append(pic, line)
	}
	if len(pic) == 0 {
		return nil, errors.New("the goal's image is empty")
	}
	if err := checkSize(len(pic), len(pic[0])); err != nil {
		return nil, err
	}
	c := ColourCluesOf(pic, nil)
	if len(chars) < 2 {
		c.Inks, c.RowInks, c.ColInks = nil, nil, nil // black and white
		return c, nil
	}
	// The inks by their <color>: names and RGB.
	names := make([]string, len(chars))
	for i, ch := range chars {
		k := slices.IndexFunc(p.colours, func(c pbnColour) bool { return c.char == string(ch) })
		if k < 0 {
			return nil, msg.Errorf("the goal has cells %q, the char of no <color>", ch)
		}
		names[i] = p.colours[k].name
	}
	c.Inks = p.palette(names)
	return c, nil
}

// readPBN reads the root element's name and the puzzles in the document:
// the root itself when it is a <puzzle>, its <puzzle> children when it is
// a <puzzleset>. Of a puzzle it keeps the attributes type, defaultcolor
// and backgroundcolor and its <clues> children; of those the attribute
// type and the <count> children of their <line> children; of a count, its
// colour and its text; of its <color> children the name and char, and of
// its <solution> children the type and the text of the last <image>.
// Every other element is skipped. Like encoding/xml's
// Unmarshal it reads up to the end of the root element, and names match
// whatever their namespace prefix.
func readPBN(text string) (root string, puzzles []pbnPuzzle, err error) {
	s := &xmlScanner{text: text}
	// What each open element is, the root first: a puzzle, or a clues,
	// line, count, color, solution or image element in one, or anything
	// else.
	type role int
	const (
		other role = iota
		puzzle
		clues
		line
		count
		colour
		solution
		image
	)
	var open []string
	var roles []role
	for {
		tok, err := s.next()
		if err != nil {
			return "", nil, err
		}
		p := len(puzzles) - 1 // the puzzle being read, if any
		switch tok.kind {
		case xmlEOF:
			if len(open) > 0 {
				return "", nil, s.syntaxError("unexpected EOF")
			}
			return "", nil, s.syntaxError("no root element")
		case xmlText:
			switch last(roles) {
			case count:
				lines := puzzles[p].clues[len(puzzles[p].clues)-1].lines
				counts := lines[len(lines)-1]
				counts[len(counts)-1].n += tok.text
			case image:
				puzzles[p].solutions[len(puzzles[p].solutions)-1].image += tok.text
			case colour:
				puzzles[p].colours[len(puzzles[p].colours)-1].rgb += tok.text
			}
		case xmlStart:
			parent := other
			if len(roles) > 0 {
				parent = roles[len(roles)-1]
			}
			r := other
			switch {
			case len(open) == 0:
				root = tok.local
				if tok.local == "puzzle" {
					r = puzzle
				}
			case len(open) == 1 && root == "puzzleset" && tok.local == "puzzle":
				r = puzzle
			case parent == puzzle && tok.local == "clues":
				r = clues
			case parent == clues && tok.local == "line":
				r = line
			case parent == line && tok.local == "count":
				r = count
			case parent == puzzle && tok.local == "color":
				r = colour
			case parent == puzzle && tok.local == "solution":
				r = solution
			case parent == solution && tok.local == "image":
				r = image
			}
			switch r {
			case puzzle:
				puzzles = append(puzzles, pbnPuzzle{typ: tok.attr("type"), defaultColor: tok.attr("defaultcolor"), backgroundColor: tok.attr("backgroundcolor")})
			case clues:
				puzzles[p].clues = append(puzzles[p].clues, pbnClues{typ: tok.attr("type")})
			case line:
				c := &puzzles[p].clues[len(puzzles[p].clues)-1]
				c.lines = append(c.lines, nil)
			case count:
				lines := puzzles[p].clues[len(puzzles[p].clues)-1].lines
				lines[len(lines)-1] = append(lines[len(lines)-1], pbnCount{color: tok.attr("color")})
			case colour:
				puzzles[p].colours = append(puzzles[p].colours, pbnColour{tok.attr("name"), tok.attr("char"), ""})
			case solution:
				puzzles[p].solutions = append(puzzles[p].solutions, pbnSolution{typ: tok.attr("type")})
			case image:
				puzzles[p].solutions[len(puzzles[p].solutions)-1].image = "" // the last image counts
			}
			open, roles = append(open, tok.name), append(roles, r)
			if !tok.selfClosing {
				break
			}
			fallthrough
		case xmlEnd:
			if len(open) == 0 || open[len(open)-1] != tok.name {
				return "", nil, s.syntaxError(msg.Sprintf("element <%s> closed by </%s>", clip(last(open)), clip(tok.name)))
			}
			open, roles = open[:len(open)-1], roles[:len(roles)-1]
			if len(open) == 0 {
				return root, puzzles, nil
			}
		}
	}
}

// last is the last element of s, or the zero value.
func last[T any](s []T) T {
	var zero T
	if len(s) == 0 {
		return zero
	}
	return s[len(s)-1]
}

// An xmlScanner splits a document into start tags, end tags and text.
// Declarations, processing instructions, comments and the doctype are
// skipped; CDATA sections are text; entities are decoded. It checks what
// it reads as an XML parser must, but knows no DTD and no namespaces: a
// name is matched without its prefix (see local).
type xmlScanner struct {
	text string
	at   int
}

type xmlKind int

const (
	xmlEOF xmlKind = iota
	xmlStart
	xmlEnd
	xmlText
)

type xmlToken struct {
	kind        xmlKind
	name        string      // start and end tags, as written
	local       string      // name without its namespace prefix (see local)
	attrs       [][2]string // start tags: local name and value, in order
	selfClosing bool        // a start tag ending in "/>"
	text        string      // text, decoded
}

// attr is the value of the attribute named, the last one if repeated.
func (t xmlToken) attr(name string) string {
	v := ""
	for _, a := range t.attrs {
		if a[0] == name {
			v = a[1]
		}
	}
	return v
}

// syntaxError says what is wrong where the scanner is.
func (s *xmlScanner) syntaxError(what string) error {
	return msg.Errorf("XML syntax error on line %d: %s", 1+strings.Count(s.text[:s.at], "\n"), what)
}

func (s *xmlScanner) next() (xmlToken, error) {
	for {
		rest := s.text[s.at:]
		switch {
		case rest == "":
			return xmlToken{kind: xmlEOF}, nil
		case rest[0] != '<':
			end := strings.IndexByte(rest, '<')
			if end < 0 {
				end = len(rest)
			}
			text, err := s.decode(lineEnds(rest[:end]))
			if err != nil {
				return xmlToken{}, err
			}
			s.at += end
			return xmlToken{kind: xmlText, text: text}, nil
		case strings.HasPrefix(rest, "<?"):
			if err := s.skipPast("?>"); err != nil {
				return xmlToken{}, err
			}
		case strings.HasPrefix(rest, "<!--"):
			if err := s.skipPast("-->"); err != nil {
				return xmlToken{}, err
			}
		case strings.HasPrefix(rest, "<![CDATA["):
			end := strings.Index(rest, "]]>")
			if end < 0 {
				return xmlToken{}, s.syntaxError("unexpected EOF in CDATA section")
			}
			text := rest[len("<![CDATA["):end]
			if err := s.checkChars(text); err != nil {
				return xmlToken{}, err
			}
			s.at += end + len("]]>")
			return xmlToken{kind: xmlText, text: lineEnds(text)}, nil
		case strings.HasPrefix(rest, "<!-"), strings.HasPrefix(rest, "<!["):
			return xmlToken{}, s.syntaxError("invalid sequence " + clip(rest[:3]))
		case strings.HasPrefix(rest, "<!"):
			if err := s.skipDirective(); err != nil {
				return xmlToken{}, err
			}
		case strings.HasPrefix(rest, "</"):
			s.at += 2
			name, err := s.name()
			if err != nil {
				return xmlToken{}, err
			}
			s.space()
			if !s.eat(">") {
				return xmlToken{}, s.syntaxError("invalid characters between </" + clip(name) + " and >")
			}
			return xmlToken{kind: xmlEnd, name: name}, nil
		default:
			return s.startTag()
		}
	}
}

// startTag reads "<name attr='value' ...>" or "<name .../>".
func (s *xmlScanner) startTag() (xmlToken, error) {
	s.at++
	name, err := s.name()
	if err != nil {
		return xmlToken{}, err
	}
	tok := xmlToken{kind: xmlStart, name: name, local: local(name)}
	for {
		// Like encoding/xml, it needs no space between attributes.
		s.space()
		if s.eat("/>") {
			tok.selfClosing = true
			return tok, nil
		}
		if s.eat(">") {
			return tok, nil
		}
		attr, err := s.name()
		if err != nil {
			return xmlToken{}, err
		}
		s.space()
		if !s.eat("=") {
			return xmlToken{}, s.syntaxError("attribute " + clip(attr) + " has no value")
		}
		s.space()
		rest := s.text[s.at:]
		if rest == "" || rest[0] != '"' && rest[0] != '\'' {
			return xmlToken{}, s.syntaxError("unquoted value of attribute " + clip(attr))
		}
		end := strings.IndexByte(rest[1:], rest[0])
		if end < 0 {
			return xmlToken{}, s.syntaxError("unexpected EOF in the value of attribute " + clip(attr))
		}
		raw := rest[1 : 1+end]
		if strings.IndexByte(raw, '<') >= 0 {
			return xmlToken{}, s.syntaxError("unescaped < in the value of attribute " + clip(attr))
		}
		value, err := s.decode(attrSpaces(raw))
		if err != nil {
			return xmlToken{}, err
		}
		s.at += end + 2
		tok.attrs = append(tok.attrs, [2]string{local(attr), value})
	}
}

// lineEnds makes each line end of text one LF, as XML 1.0 says (section
// 2.11): CR LF and a lone CR alike. (A function, not a strings.Replacer
// in a variable, which would be linked into the solver worker, which
// reads no XML.)
func lineEnds(text string) string {
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// attrSpaces normalises an attribute value as XML 1.0 says (sections 2.11
// and 3.3.3): a line end, CR LF or a lone CR, is one LF, and then every
// white space character written as itself is a space. Characters written
// as references (&#10;) are kept: it sees them before decode.
func attrSpaces(raw string) string {
	// Byte by byte, not strings.Map, which would make bad UTF-8 good.
	return strings.ReplaceAll(strings.ReplaceAll(lineEnds(raw), "\n", " "), "\t", " ")
}

// name reads an XML name, with at most one colon.
func (s *xmlScanner) name() (string, error) {
	rest := s.text[s.at:]
	n := 0
	for n < len(rest) {
		r, size := utf8.DecodeRuneInString(rest[n:])
		if !isNameRune(r, n == 0) {
			break
		}
		n += size
	}
	if n == 0 || strings.Count(rest[:n], ":") > 1 {
		return "", s.syntaxError("expected a name")
	}
	s.at += n
	return rest[:n], nil
}

// local is a name without its namespace prefix: "pbn:count" is "count";
// ":count" and "count:" have none (as encoding/xml reads them).
func local(name string) string {
	if i := strings.IndexByte(name, ':'); i >= 1 && i < len(name)-1 {
		return name[i+1:]
	}
	return name
}

// isNameRune says whether r may be in a name (at its start if first).
// Beyond ASCII it takes any character: telling letters from others there
// needs Unicode tables, and no webpbn file needs them.
func isNameRune(r rune, first bool) bool {
	switch {
	case r == utf8.RuneError:
		return false
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_', r == ':', r >= 0x80:
		return true
	case first:
		return false
	default:
		return r >= '0' && r <= '9' || r == '-' || r == '.'
	}
}

// space skips white space.
func (s *xmlScanner) space() {
	for s.at < len(s.text) && strings.IndexByte(" \t\r\n", s.text[s.at]) >= 0 {
		s.at++
	}
}

func (s *xmlScanner) eat(prefix string) bool {
	if strings.HasPrefix(s.text[s.at:], prefix) {
		s.at += len(prefix)
		return true
	}
	return false
}

func (s *xmlScanner) skipPast(end string) error {
	i := strings.Index(s.text[s.at:], end)
	if i < 0 {
		return s.syntaxError("unexpected EOF")
	}
	s.at += i + len(end)
	return nil
}

// skipDirective skips "<!DOCTYPE ...>", whose internal subset in [...] may
// hold quoted strings, comments and declarations with '>' of their own.
func (s *xmlScanner) skipDirective() error {
	depth := 0 // of '<' inside the directive
	// The character after "<!" is part of the keyword, even a '>' (as
	// encoding/xml reads it).
	for i := s.at + 3; i < len(s.text); i++ {
		switch c := s.text[i]; {
		case c == '"' || c == '\'':
			end := strings.IndexByte(s.text[i+1:], c)
			if end < 0 {
				i = len(s.text)
				continue
			}
			i += 1 + end
		case strings.HasPrefix(s.text[i:], "<!--"):
			end := strings.Index(s.text[i:], "-->")
			if end < 0 {
				i = len(s.text)
				continue
			}
			i += end + 2
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
		case c == '>':
			s.at = i + 1
			return nil
		}
	}
	s.at = len(s.text)
	return s.syntaxError("unexpected EOF")
}

// checkChars checks that text is UTF-8 of characters XML allows.
func (s *xmlScanner) checkChars(text string) error {
	for i, r := range text {
		if r == utf8.RuneError && !strings.HasPrefix(text[i:], "\uFFFD") {
			return s.syntaxError("invalid UTF-8")
		}
		if !isXMLChar(r) {
			return s.syntaxError(msg.Sprintf("illegal character code %U", r))
		}
	}
	return nil
}

// decode checks text (see checkChars) and replaces its entities.
func (s *xmlScanner) decode(text string) (string, error) {
	if err := s.checkChars(text); err != nil {
		return "", err
	}
	if strings.IndexByte(text, '&') < 0 {
		return text, nil
	}
	var b strings.Builder
	for {
		amp := strings.IndexByte(text, '&')
		if amp < 0 {
			b.WriteString(text)
			return b.String(), nil
		}
		b.WriteString(text[:amp])
		semi := strings.IndexByte(text[amp:], ';')
		if semi < 0 {
			return "", s.syntaxError("invalid character entity " + clip(text[amp:]) + " (no semicolon)")
		}
		entity := text[amp+1 : amp+semi]
		r, ok := entityRune(entity)
		if !ok {
			return "", s.syntaxError("invalid character entity &" + clip(entity) + ";")
		}
		b.WriteRune(r)
		text = text[amp+semi+1:]
	}
}

// entityRune is the character an entity stands for: one of XML's five
// named ones, or a character reference (&#65; &#x41;).
func entityRune(e string) (rune, bool) {
	switch e {
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "amp":
		return '&', true
	case "apos":
		return '\'', true
	case "quot":
		return '"', true
	}
	digits, base := strings.CutPrefix(e, "#x")
	if base {
		n, err := strconv.ParseUint(digits, 16, 32)
		return rune(n), err == nil && isXMLChar(rune(n))
	}
	if digits, ok := strings.CutPrefix(e, "#"); ok {
		n, err := strconv.ParseUint(digits, 10, 32)
		return rune(n), err == nil && isXMLChar(rune(n))
	}
	return 0, false
}

// isXMLChar says whether r is a character XML allows.
func isXMLChar(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
