package ships

import (
	"strings"
	"testing"
)

func TestImportGrid(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"xx..\n.o..\n", "4 2\nxx..\n.o..\n0 0\n", ""},
		{"\n\n x\r\n\n", "", "cell 1 is ' '"},
		{"xo \r\n.x\n\n", "2 2\nxo\n.x\n0 0\n", ""},
		{"xx\nx\n", "", "row 2 has 1 cells, want 2"},
		{"xx\n\nxx\n", "", "text after the grid"},
		{"#.\n", "", "want 'x' (hit)"},
		{strings.Repeat("x", MaxSide+1), "", "more than 20"},
		{strings.Repeat("x\n", MaxSide+1), "", "more than 20 rows"},
		{"   \n", "", "no board"},
		{"2 1\nx.\n0 0\n", "2 1\nx.\n0 0\n", ""},
		{"2 1\nx\n", "", "want 2 cells"},
	} {
		got, _, err := Game{}.Import(tc.in)
		if tc.err == "" && (err != nil || got != tc.want) {
			t.Errorf("Import(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
		if tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("Import(%q) error %v, want one saying %q", tc.in, err, tc.err)
		}
	}
	if _, err := (Game{}).Export("2 1\nx.\n", "picture"); err == nil {
		t.Error("Export to an unknown format: no error")
	}
}
