package main

import (
	"unicode/utf8"

	"github.com/cqlplay/cqlplay/engine"
)

// The engine locates errors in Go's terms: byte offsets, and columns counted
// in bytes of UTF-8. JavaScript strings index UTF-16 code units, so an editor
// given byte positions would underline the wrong text after the first
// non-ASCII character. The bridge converts every position once, here, before
// the outcomes leave the module.

// utf16Len returns the number of UTF-16 code units in s. Invalid UTF-8 bytes
// count one unit each: each becomes U+FFFD, which is one unit. (A string that
// came from JavaScript is valid UTF-8: lone surrogates arrive as U+FFFD.)
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// utf16Cursor converts byte offsets of one script to UTF-16 offsets, scanning
// forward from the last offset asked for: outcomes come in script order, so a
// run with many errors costs one pass over the script rather than one a error.
type utf16Cursor struct {
	s       string
	byteOff int
	unitOff int
}

// at returns the UTF-16 offset of byte offset off, clamped to the script. An
// offset inside a multi-byte character counts the character as passed, so an
// error span that ends inside a character still covers all of it in UTF-16.
func (c *utf16Cursor) at(off int) int {
	off = runeEnd(c.s, min(max(off, 0), len(c.s)))
	if off < c.byteOff {
		c.byteOff, c.unitOff = 0, 0
	}
	c.unitOff += utf16Len(c.s[c.byteOff:off])
	c.byteOff = off
	return c.unitOff
}

// runeEnd moves off forward to the end of the character it falls inside, or
// leaves it where it is when it is on a character boundary. The cursor must
// only ever rest on boundaries: counting from inside a character would count
// its remaining bytes as characters of their own.
func runeEnd(s string, off int) int {
	for back := 1; back < utf8.UTFMax && off-back >= 0; back++ {
		if !utf8.RuneStart(s[off-back]) {
			continue
		}
		_, size := utf8.DecodeRuneInString(s[off-back:])
		if off-back+size > off {
			return off - back + size
		}
		break
	}
	return off
}

// positionsToUTF16 rewrites the error positions of outs, which ran script,
// from bytes to UTF-16 code units (see toUTF16).
func positionsToUTF16(script string, outs []engine.Outcome) {
	cur := &utf16Cursor{s: script}
	for i := range outs {
		cur.toUTF16(&outs[i])
	}
}

// toUTF16 rewrites the error position of o, an outcome of the cursor's
// script, from bytes to UTF-16 code units: offset from the start of the
// script, column (1-based) from the start of its line, and length. Line
// numbers do not change. The error is copied before it changes, since the
// engine may share it. Outcomes come in script order, so the cursor mostly
// moves forward.
func (cur *utf16Cursor) toUTF16(o *engine.Outcome) {
	e := o.Error
	if e == nil || !e.Pos.IsValid() {
		return
	}
	script := cur.s
	c := *e
	start := min(max(e.Pos.Offset, 0), len(script))
	end := min(max(start+e.Len, start), len(script))
	lineStart := 0
	for j := start - 1; j >= 0; j-- {
		if script[j] == '\n' {
			lineStart = j + 1
			break
		}
	}
	lineStart16 := cur.at(lineStart)
	start16 := cur.at(start)
	c.Pos.Offset = start16
	c.Pos.Col = start16 - lineStart16 + 1
	c.Len = cur.at(end) - start16
	o.Error = &c
}
