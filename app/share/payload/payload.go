// Package payload decodes the fragment of a shared link (see app/share)
// without checking its game's name: share.Decode does that with
// solvers.Lookup, which would bring every solver into a program that
// links it, and the preview (wasm/preview) must stay small.
package payload

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"gridsolve/solvers/msg"
)

const (
	// MaxText bounds the inflated judge text; the biggest puzzle the page
	// edits (a 50×50 board with its clues, or 200×200 cells) is far below it.
	MaxText = 1 << 20
	// MaxFragment bounds the encoded fragment before any decoding work.
	MaxFragment = 256 << 10
)

// Split cuts a fragment, with or without its leading '#', into its game's
// name (not checked) and its payload, the first step of share.Decode.
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
