package main

import (
	"errors"
	"math"
	"strconv"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cqlplay/cqlplay/engine"
)

// parseOptions reads the JSON object cqlplay.open takes:
//
//	{"version": "4.1", "maxStatements": 500, "maxRows": 10000,
//	 "timeoutMs": 2000, "seed": 7, "start": "2026-01-01T00:00:00Z", "lang": "zh"}
//
// Every key is optional; "" means all defaults. Unknown keys are errors, so a
// typo in the page does not silently leave a session unbounded. seed may be a
// number (exact up to 2^53) or a decimal string (the full uint64 range).
//
// It is a small parser for this one flat object rather than encoding/json,
// which would add about 136 KB of brotli to the module.
func parseOptions(s string) (engine.Options, error) {
	var opts engine.Options
	if isBlank(s) {
		return opts, nil
	}
	fields, err := parseFlatObject(s)
	if err != nil {
		return opts, err
	}
	for _, f := range fields {
		if err := setOption(&opts, f); err != nil {
			return opts, err
		}
	}
	return opts, nil
}

func setOption(opts *engine.Options, f field) error {
	var err error
	switch f.key {
	case "version":
		opts.Version, err = f.str()
		// "" is the default (4.1), like a missing key: a page passing an
		// unset version attribute gets the default rather than no session.
		if err == nil && opts.Version != "" && !engine.IsVersion(opts.Version) {
			err = errors.New(`options: version must be ` + engine.VersionList(`"`) + `, not "` + opts.Version + `"`)
		}
	case "maxStatements":
		opts.MaxStatements, err = f.count()
	case "maxRows":
		opts.MaxRows, err = f.count()
	case "timeoutMs":
		var ms float64
		ms, err = f.number()
		if err == nil && (ms < 0 || ms > float64(math.MaxInt64/int64(time.Millisecond))) {
			err = errors.New("options: timeoutMs must be between 0 and 9223372036854")
		}
		opts.Timeout = time.Duration(ms * float64(time.Millisecond))
	case "seed":
		opts.Seed, err = f.seed()
	case "start":
		var s string
		if s, err = f.str(); err == nil {
			var ok bool
			if opts.Start, ok = engine.ParseInstant(s); !ok {
				err = errors.New(`options: start must be an RFC 3339 time such as "2026-01-01T00:00:00Z", not "` + s + `"`)
			}
		}
	case "lang":
		// The language of the explanations of failures; one the engine does
		// not know explains in English, as a page in a new language should.
		opts.Lang, err = f.str()
	default:
		err = errors.New(`options: unknown key "` + f.key + `" (known: version, maxStatements, maxRows, timeoutMs, seed, start, lang)`)
	}
	return err
}

// field is one key of the options object with its value: a decoded string,
// or the literal text of a number, true, false or null.
type field struct {
	key      string
	value    string
	isString bool
}

func (f field) str() (string, error) {
	if !f.isString {
		return "", errors.New("options: " + f.key + " must be a string")
	}
	return f.value, nil
}

func (f field) number() (float64, error) {
	if f.isString {
		return 0, errors.New("options: " + f.key + " must be a number")
	}
	v, err := strconv.ParseFloat(f.value, 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, errors.New("options: " + f.key + " must be a number, not " + f.value)
	}
	return v, nil
}

// count reads a bound: a whole number from 0 (no bound) to 2^31-1.
func (f field) count() (int, error) {
	v, err := f.number()
	if err != nil {
		return 0, err
	}
	if v < 0 || v > math.MaxInt32 || v != math.Trunc(v) {
		return 0, errors.New("options: " + f.key + " must be a whole number from 0 to 2147483647, not " + f.value)
	}
	return int(v), nil
}

// whole reads a whole number from -2^31 to 2^31-1 (a statement index may
// be negative, for the engine to refuse with its message).
func (f field) whole() (int, error) {
	v, err := f.number()
	if err != nil {
		return 0, err
	}
	if v < math.MinInt32 || v > math.MaxInt32 || v != math.Trunc(v) {
		return 0, errors.New("options: " + f.key + " must be a whole number, not " + f.value)
	}
	return int(v), nil
}

// errBool: a key whose value must be true or false.
func errBool(key string) error { return errors.New(key + " must be true or false") }

// errUnknown: a key a layout request does not have.
func errUnknown(key string) error {
	return errors.New(`unknown key "` + key + `" (known: form, table, at, fill, bounded, open, partition, more)`)
}

func (f field) seed() (uint64, error) {
	if f.isString {
		v, err := strconv.ParseUint(f.value, 10, 64)
		if err != nil {
			return 0, errors.New(`options: seed must be a whole number or a decimal string, not "` + f.value + `"`)
		}
		return v, nil
	}
	v, err := f.number()
	if err != nil {
		return 0, err
	}
	if v < 0 || v > 1<<53 || v != math.Trunc(v) {
		return 0, errors.New("options: seed must be a whole number from 0 to 2^53 (pass larger seeds as a decimal string), not " + f.value)
	}
	return uint64(v), nil
}

var errSyntax = errors.New("options: not a JSON object of strings and numbers")

// parseFlatObject parses a JSON object whose values are strings, numbers,
// true, false or null (no nesting), keeping the keys in order. A key given
// twice is an error.
func parseFlatObject(s string) ([]field, error) {
	p := &flatParser{s: s}
	p.space()
	if !p.eat('{') {
		return nil, errSyntax
	}
	var fields []field
	seen := map[string]bool{}
	p.space()
	if p.eat('}') {
		return fields, p.end()
	}
	for {
		p.space()
		key, ok := p.str()
		if !ok {
			return nil, errSyntax
		}
		if seen[key] {
			return nil, errors.New(`options: key "` + key + `" given twice`)
		}
		seen[key] = true
		p.space()
		if !p.eat(':') {
			return nil, errSyntax
		}
		p.space()
		f := field{key: key}
		if p.peek() == '"' {
			f.value, ok = p.str()
			f.isString = true
		} else {
			f.value, ok = p.literal()
		}
		if !ok {
			return nil, errSyntax
		}
		if f.value != "null" || f.isString {
			fields = append(fields, f)
		}
		p.space()
		if p.eat('}') {
			return fields, p.end()
		}
		if !p.eat(',') {
			return nil, errSyntax
		}
	}
}

type flatParser struct {
	s string
	i int
}

func (p *flatParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *flatParser) eat(c byte) bool {
	if p.peek() == c {
		p.i++
		return true
	}
	return false
}

func (p *flatParser) space() {
	for p.i < len(p.s) && isSpace(p.s[p.i]) {
		p.i++
	}
}

func (p *flatParser) end() error {
	p.space()
	if p.i != len(p.s) {
		return errSyntax
	}
	return nil
}

// literal reads a number, true, false or null.
func (p *flatParser) literal() (string, bool) {
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '+' || c == '.' || c == 'E' {
			p.i++
			continue
		}
		break
	}
	lit := p.s[start:p.i]
	return lit, lit != ""
}

// str reads a JSON string with its escapes, including surrogate pairs.
func (p *flatParser) str() (string, bool) {
	if !p.eat('"') {
		return "", false
	}
	var b []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b), true
		case c < 0x20:
			return "", false
		case c != '\\':
			b = append(b, c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			return "", false
		}
		e := p.s[p.i+1]
		p.i += 2
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", false
			}
			if r >= 0xd800 && r < 0xdc00 && p.i+1 < len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
				p.i += 2
				lo, ok := p.hex4()
				if !ok {
					return "", false
				}
				if lo < 0xdc00 || lo > 0xdfff {
					b = utf8.AppendRune(b, utf8.RuneError)
					r = lo
				} else {
					r = utf16.DecodeRune(r, lo)
				}
			}
			b = utf8.AppendRune(b, r) // a lone surrogate becomes U+FFFD
		default:
			return "", false
		}
	}
	return "", false
}

func (p *flatParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return rune(v), true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			return false
		}
	}
	return true
}
