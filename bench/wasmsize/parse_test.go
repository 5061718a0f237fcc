package main

import (
	"strings"
	"testing"
)

// sample is a module built by hand: one imported function, then two
// defined ones whose bodies are 3 and 5 bytes long, and names for all
// three when named.
func sample(named bool) []byte {
	section := func(id byte, body ...byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	name := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	imports := []byte{1}
	imports = append(imports, name("go")...)
	imports = append(imports, name("debug")...)
	imports = append(imports, 0, 0) // a function of type 0
	code := []byte{2, 3, 0, 0x41, 0x0b, 5, 0, 0x01, 0x01, 0x01, 0x0b}
	var names []byte
	names = append(names, 3)
	for i, n := range []string{"go.debug", "gridsolve_solvers_flip.Solve", "github.com_x_y.F"} {
		names = append(names, byte(i))
		names = append(names, name(n)...)
	}
	nameSec := append(name("name"), append([]byte{1, byte(len(names))}, names...)...)
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = append(b, section(2, imports...)...)
	b = append(b, section(10, code...)...)
	if named {
		b = append(b, section(0, nameSec...)...)
	}
	return b
}

func TestParse(t *testing.T) {
	m, err := parse(sample(true))
	if err != nil {
		t.Fatal(err)
	}
	got := m.byPackage()
	want := []pkgSize{{"github.com_x_y", 5}, {"gridsolve_solvers_flip", 3}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("byPackage = %v, want %v", got, want)
	}
	if m.imported != 1 || m.code != 11 {
		t.Errorf("imported %d, code %d bytes; want 1 and 11", m.imported, m.code)
	}
}

func TestParseRefuses(t *testing.T) {
	b := sample(true)
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"not wasm", []byte("hello, world"), "not a WebAssembly"},
		{"cut short", b[:len(b)-3], "unexpected end"},
		{"no names", sample(false), "without -ldflags=-s"},
	} {
		if _, err := parse(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to say %q", c.name, err, c.want)
		}
	}
}

func TestPackageOf(t *testing.T) {
	for sym, want := range map[string]string{
		"runtime.mallocgc":                                    "runtime",
		"gridsolve_solvers_ships.__board_.fire":               "gridsolve_solvers_ships",
		"github.com_maxence_charriere_go_app_v10_pkg_app.Div": "github.com_maxence_charriere_go_app_v10_pkg_app",
		"encoding_json.Marshal":                               "encoding_json",
		"":                                                    "(unnamed)",
		"nodot":                                               "nodot",
	} {
		if got := packageOf(sym); got != want {
			t.Errorf("packageOf(%q) = %q, want %q", sym, got, want)
		}
	}
}

// Any bytes give a module or an error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add(sample(true))
	f.Add([]byte("\x00asm\x01\x00\x00\x00\x0a\xff\xff\xff\xff\x0f"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if m, err := parse(b); err == nil {
			m.byPackage()
		}
	})
}
