package share

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers"
)

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := []string{"", "4 4\nbwbw\nwwww\nbbbb\nwbwb\n", strings.Repeat("x.o\n", 5000)}
	for range 50 {
		b := make([]byte, rng.IntN(3000))
		for i := range b {
			b[i] = " .xo#bw0123456789\n"[rng.IntN(18)]
		}
		texts = append(texts, string(b))
	}
	for _, g := range solvers.All {
		game := g.Name()
		own := texts
		if p, ok := g.(solvers.Player); ok { // a puzzle of the game's own
			puzzle, err := p.Generate(context.Background(), solvers.Options{W: 8, H: 8, Level: 1, Seed: 1})
			if err != nil {
				t.Fatalf("%s: Generate: %v", game, err)
			}
			own = append(own[:len(own):len(own)], puzzle)
		}
		for _, text := range own {
			frag := Encode(game, text)
			if strings.ContainsAny(frag, "#?&=+ \n") {
				t.Fatalf("fragment %q has characters unsafe in a URL", frag)
			}
			g, got, err := Decode("#" + frag)
			if err != nil || g != game || got != text {
				t.Fatalf("Decode(Encode(%q, %q)) = %q, %q, %v", game, text, g, got, err)
			}
		}
	}
}

func deflate(t testing.TB, b []byte) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(b)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestDecodeRejects(t *testing.T) {
	bomb := deflate(t, bytes.Repeat([]byte("a"), MaxText+1))
	cases := map[string]string{
		"":                              "no puzzle",
		"#flip":                         "no puzzle",
		"#chess/AAAA":                   "unknown puzzle",
		"#<script>alert(1)</script>/xx": "unknown puzzle",
		"#flip/!!!!":                    "base64url",
		"#flip/AAAA":                    "corrupt",
		"#flip/" + deflate(t, []byte{0xff, 0xfe}): "UTF-8",
		"#ships/" + bomb: "inflates beyond",
		"#ships/" + strings.Repeat("A", MaxFragment): "too long",
	}
	for in, want := range cases {
		_, _, err := Decode(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Decode(%.40q) error = %v, want it to mention %q", in, err, want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("#" + Encode("flip", "4 4\nbwbw\nwwww\nbbbb\nwbwb\n"))
	f.Add("#" + Encode("ships", "3 3\n...\n.x.\n..o\n"))
	f.Add("#nonogram/")
	f.Add("#tetravex/%%%")
	f.Add("#iq/" + deflate(f, bytes.Repeat([]byte("\x00"), 5000)))
	f.Add("ships/AAAA")
	f.Fuzz(func(t *testing.T, frag string) {
		game, text, err := Decode(frag)
		if err != nil {
			return
		}
		if len(text) > MaxText {
			t.Fatalf("Decode returned %d bytes, over the %d cap", len(text), MaxText)
		}
		g2, t2, err := Decode(Encode(game, text))
		if err != nil || g2 != game || t2 != text {
			t.Fatalf("re-encoding %q/%q does not round trip: %q %q %v", game, text, g2, t2, err)
		}
	})
}
