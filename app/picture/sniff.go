package picture

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// Format is a picture file's format, in the words people know it by.
type Format string

const (
	PNG  Format = "PNG"
	JPEG Format = "JPEG"
	GIF  Format = "GIF"
	WebP Format = "WebP"
)

// Head is how much of a file Sniff wants: the size of a JPEG comes after
// its metadata (an Exif segment, a colour profile), which may take tens
// of kilobytes.
const Head = 256 << 10

// MaxPixels bounds the pictures opened: decoding one takes four bytes a
// pixel, and a phone's browser tab has a few hundred megabytes.
const MaxPixels = 40_000_000

// Sniff's errors.
var (
	ErrNotPicture = errors.New("not a PNG, JPEG, GIF or WebP picture")
	ErrDamaged    = errors.New("damaged: its header is cut short or broken")
	ErrNoSize     = errors.New("its size is not in its first bytes") // a JPEG with much metadata: the browser may still decode it
)

// Sniff reads the format and size in pixels of a picture file from its
// first bytes (Head of them, or the whole file if shorter), without
// decoding it, so that a file that is no picture, or one too large to
// decode, is told so before the browser tries.
func Sniff(b []byte) (f Format, w, h int, err error) {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		f, w, h, err = PNG, be32(b, 16), be32(b, 20), nil
		if len(b) < 24 || string(b[12:16]) != "IHDR" {
			err = ErrDamaged
		}
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		f, w, h = GIF, le16(b, 6), le16(b, 8)
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		f = WebP
		w, h, err = webpSize(b)
	case bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}):
		f = JPEG
		w, h, err = jpegSize(b)
	default:
		return "", 0, 0, ErrNotPicture
	}
	if err == nil && (w <= 0 || h <= 0) {
		err = ErrDamaged
	}
	if err != nil {
		return f, 0, 0, err
	}
	return f, w, h, nil
}

// be32, le16 and le24 read numbers at i, -1 past the end of b.
func be32(b []byte, i int) int {
	if i < 0 || len(b) < i+4 {
		return -1
	}
	return int(binary.BigEndian.Uint32(b[i:]))
}

func be16(b []byte, i int) int {
	if i < 0 || len(b) < i+2 {
		return -1
	}
	return int(binary.BigEndian.Uint16(b[i:]))
}

func le16(b []byte, i int) int {
	if i < 0 || len(b) < i+2 {
		return -1
	}
	return int(binary.LittleEndian.Uint16(b[i:]))
}

func le24(b []byte, i int) int {
	if i < 0 || len(b) < i+3 {
		return -1
	}
	return int(b[i]) | int(b[i+1])<<8 | int(b[i+2])<<16
}

// webpSize reads the size from a WebP file's first chunk: a lossy frame
// ("VP8 "), a lossless one ("VP8L") or the extended header ("VP8X").
func webpSize(b []byte) (w, h int, err error) {
	if len(b) < 16 {
		return 0, 0, ErrDamaged
	}
	switch string(b[12:16]) {
	case "VP8 ": // a key frame: its start code, then 14-bit sizes
		if len(b) < 30 || !bytes.Equal(b[23:26], []byte{0x9d, 0x01, 0x2a}) {
			return 0, 0, ErrDamaged
		}
		return le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff, nil
	case "VP8L": // signature 0x2f, then 14-bit sizes less one
		if len(b) < 25 || b[20] != 0x2f {
			return 0, 0, ErrDamaged
		}
		v := binary.LittleEndian.Uint32(b[21:])
		return int(v&0x3fff) + 1, int(v>>14&0x3fff) + 1, nil
	case "VP8X": // flags, then 24-bit sizes less one
		if len(b) < 30 {
			return 0, 0, ErrDamaged
		}
		return le24(b, 24) + 1, le24(b, 27) + 1, nil
	}
	return 0, 0, ErrDamaged
}

// jpegSize walks a JPEG's segments to its frame header (SOF0 to SOF15,
// but for DHT, JPG and DAC, which share the range) and reads the size
// there.
func jpegSize(b []byte) (w, h int, err error) {
	i := 2
	for {
		if i < len(b) && b[i] != 0xff {
			return 0, 0, ErrDamaged // not a marker where one must be
		}
		for i < len(b) && b[i] == 0xff { // a marker, after any fill bytes
			i++
		}
		if i >= len(b) {
			return 0, 0, ErrNoSize
		}
		m := b[i]
		i++
		switch {
		case m == 0x01 || m >= 0xd0 && m <= 0xd8: // markers without a segment
			continue
		case m == 0xd9 || m == 0xda: // the end, or a scan before any frame
			return 0, 0, ErrDamaged
		case m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc:
			h, w = be16(b, i+3), be16(b, i+5)
			if w < 0 || h < 0 {
				return 0, 0, ErrNoSize
			}
			return w, h, nil
		}
		n := be16(b, i)
		if n < 0 {
			return 0, 0, ErrNoSize
		}
		if n < 2 {
			return 0, 0, ErrDamaged
		}
		i += n
	}
}
