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
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"gridsolve/solvers"
	"gridsolve/solvers/msg"
)

const (
	// MaxText bounds the inflated judge text; the biggest puzzle the page
	// edits (a 50×50 board with its clues, or 200×200 cells) is far below it.
	MaxText = 1 << 20
	// MaxFragment bounds the encoded fragment before any decoding work.
	MaxFragment = 256 << 10
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
	game, payload, err := Split(fragment)
	if err != nil {
		return "", "", err
	}
	if _, known := solvers.Lookup(game); !known {
		return "", "", msg.Errorf("share: unknown puzzle %q", clip(game))
	}
	if text, err = Inflate(payload); err != nil {
		return "", "", err
	}
	return game, text, nil
}

// Split cuts a fragment, with or without its leading '#', into its game's
// name (not checked) and its payload, the first step of Decode. The
// preview (wasm/preview) decodes links with Split and Inflate, without
// Lookup, which would bring every solver into its small program.
func Split(fragment string) (game, payload string, err error) {
	fragment = strings.TrimPrefix(fragment, "#")
	if len(fragment) > MaxFragment {
		return "", "", msg.Errorf("share: link is too long (%d bytes, at most %d)", len(fragment), MaxFragment)
	}
	game, payload, ok := strings.Cut(fragment, "/")
	if !ok {
		return "", "", errors.New("share: link has no puzzle (want #game/data)")
	}
	return game, payload, nil
}

// Inflate turns a payload made by Encode back into the judge text.
func Inflate(payload string) (text string, err error) {
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return "", errors.New("share: link data is not valid base64url")
	}
	inflated, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), MaxText+1))
	if err != nil {
		return "", errors.New("share: link data is corrupt (bad DEFLATE stream)")
	}
	if len(inflated) > MaxText {
		return "", msg.Errorf("share: link data inflates beyond %d KiB", MaxText>>10)
	}
	if !utf8.Valid(inflated) {
		return "", errors.New("share: link data is not UTF-8 text")
	}
	return string(inflated), nil
}

// clip shortens hostile text quoted back in an error message.
func clip(s string) string {
	const max = 20
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}
