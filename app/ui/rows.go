package ui

import (
	"html"
	"strconv"
	"strings"
)

// rowCache keeps each board row's HTML with the key it was built from, so
// a render rebuilds only the rows whose cells changed: a stroke across a
// 50×50 board then costs one row per cell it enters, not 2,500 cells.
//
// A big change, such as a solver's answer over a whole board, is revealed
// a few rows per frame (see Page.reveal), so that no frame's work keeps
// the page busy for long: rows from upTo on keep their old HTML until then.
type rowCache struct {
	keys, rows []string
	key        []byte // scratch for building a key
	upTo       int    // rows from upTo on are not rebuilt yet; -1: all are
}

// kept reports whether row y keeps its old HTML while a change is
// revealed, so that its key need not even be built.
func (c *rowCache) kept(y int) bool {
	return c.upTo >= 0 && y >= c.upTo && y < len(c.rows) && c.rows[y] != ""
}

// row returns row y's HTML for key, calling build only when the key
// differs from the one the cached HTML was built from.
func (c *rowCache) row(y int, key []byte, build func() string) string {
	if y >= len(c.rows) {
		c.rows = append(c.rows, make([]string, y+1-len(c.rows))...)
		c.keys = append(c.keys, make([]string, y+1-len(c.keys))...)
	}
	if c.kept(y) {
		return c.rows[y]
	}
	if c.keys[y] != string(key) || c.rows[y] == "" {
		c.keys[y], c.rows[y] = string(key), build()
	}
	return c.rows[y]
}

// appendKey adds parts to a row key, each ended by a 0 byte so that no two
// different cells give the same key.
func appendKey(key []byte, parts ...string) []byte {
	for _, s := range parts {
		key = append(append(key, s...), 0)
	}
	return key
}

// writeCell writes one grid cell's div.
func writeCell(b *strings.Builder, i, x, y int, c cell) {
	b.WriteString(`<div class="cell `)
	b.WriteString(html.EscapeString(c.class))
	b.WriteString(`" role="gridcell" data-i="`)
	b.WriteString(strconv.Itoa(i))
	b.WriteString(`" aria-label="Row `)
	b.WriteString(strconv.Itoa(y + 1))
	b.WriteString(` column `)
	b.WriteString(strconv.Itoa(x + 1))
	b.WriteString(`, `)
	b.WriteString(html.EscapeString(c.label))
	writeCellEnd(b, c)
}

// writeBareCell writes one cell's div of a picture (see gridRows): its
// classes, number, inline style and text.
func writeBareCell(b *strings.Builder, i int, c cell) {
	b.WriteString(`<div class="cell `)
	b.WriteString(html.EscapeString(c.class))
	b.WriteString(`" data-i="`)
	b.WriteString(strconv.Itoa(i))
	writeCellEnd(b, c)
}

// writeCellEnd ends a cell's div: its inline style and text.
func writeCellEnd(b *strings.Builder, c cell) {
	if c.style != "" {
		b.WriteString(`" style="`)
		b.WriteString(html.EscapeString(c.style))
	}
	b.WriteString(`">`)
	b.WriteString(html.EscapeString(c.text))
	b.WriteString(`</div>`)
}
