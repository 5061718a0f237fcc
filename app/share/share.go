// Package share turns a puzzle into the fragment of a shareable link and
// back: #<game>/<payload>, where payload is the puzzle's judge text,
// raw-DEFLATE compressed and base64url encoded without padding.
//
// Decoding treats its input as hostile: the fragment length and the
// inflated size are capped, so a crafted link cannot exhaust memory.
// Whether the text is a valid puzzle is left to the game's own parser.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"

	"gridsolve/app/share/payload"
	"gridsolve/solvers"
	"gridsolve/solvers/msg"
)

const (
	// MaxText bounds the inflated judge text.
	MaxText = payload.MaxText
	// MaxFragment bounds the encoded fragment before any decoding work.
	MaxFragment = payload.MaxFragment
)

// Encode returns the fragment (without '#') for a puzzle of the given game.
func Encode(game, text string) string {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression) // level is valid: no error
	w.Write([]byte(text))                                // bytes.Buffer never fails
	w.Close()
	return game + "/" + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Decode parses a fragment made by Encode, with or without its leading '#'.
// It returns the game name, known to solvers.Lookup, and the judge text.
func Decode(fragment string) (game, text string, err error) {
	game, data, err := payload.Split(fragment)
	if err != nil {
		return "", "", err
	}
	if _, known := solvers.Lookup(game); !known {
		return "", "", msg.Errorf("share: unknown puzzle %q", clip(game))
	}
	if text, err = payload.Inflate(data); err != nil {
		return "", "", err
	}
	return game, text, nil
}

// clip shortens hostile text quoted back in an error message.
func clip(s string) string {
	const max = 20
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}
