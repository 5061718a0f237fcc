package iq

import (
	"strings"
	"testing"
)

func TestImportTriangle(t *testing.T) {
	var b Board
	b.Set(0, 0, 'A')
	b.Set(1, 0, 'A')
	b.Set(1, 1, 'A')
	tri, err := Game{}.Export(b.String(), formatTriangle)
	if err != nil {
		t.Fatal(err)
	}
	if want := "         A\n        A A\n       . . .\n"; !strings.HasPrefix(tri, want) {
		t.Errorf("the triangle starts %q, want %q", tri, want)
	}
	// Flush left, tabs, CRLF: still the same board.
	loose := strings.ReplaceAll(strings.ReplaceAll(tri, "         A\n", "A\n"), "\n", " \r\n")
	loose = strings.Replace(loose, "A A", "A\tA", 1)
	if got, f, err := (Game{}).Import(loose); err != nil || got != b.String() || f.Name != formatTriangle {
		t.Errorf("Import(%q) = %q, %s, %v", loose, got, f.Name, err)
	}
	for _, tc := range []struct{ in, err string }{
		{"A A\nA A\n", "want 1 cells, got 2"},
		{"A\nA B\n", "want 10"},
		{"A\nA M\n", "'M'"},
	} {
		if _, _, err := (Game{}).Import(tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Import(%q) error %v, want one saying %q", tc.in, err, tc.err)
		}
	}
	if _, err := (Game{}).Export(b.String(), "picture"); err == nil {
		t.Error("Export to an unknown format: no error")
	}
}
