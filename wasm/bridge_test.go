package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/cqlplay/cqlplay/engine"
)

func TestParseOptions(t *testing.T) {
	start := time.Date(2030, 5, 6, 7, 8, 9, 500, time.UTC)
	tests := []struct {
		in   string
		want engine.Options
	}{
		{"", engine.Options{}},
		{"  \n", engine.Options{}},
		{"{}", engine.Options{}},
		{` { "version" : "3.11" } `, engine.Options{Version: "3.11"}},
		{`{"maxStatements":500,"maxRows":10000,"timeoutMs":2000}`,
			engine.Options{MaxStatements: 500, MaxRows: 10000, Timeout: 2 * time.Second}},
		{`{"timeoutMs":0.5}`, engine.Options{Timeout: 500 * time.Microsecond}},
		{`{"seed":7}`, engine.Options{Seed: 7}},
		{`{"seed":9007199254740992}`, engine.Options{Seed: 1 << 53}},
		{`{"seed":"18446744073709551615"}`, engine.Options{Seed: 1<<64 - 1}},
		{`{"start":"2030-05-06T07:08:09.0000005Z"}`, engine.Options{Start: start}},
		{`{"version":null,"maxRows":null}`, engine.Options{}},
		{`{"version":""}`, engine.Options{}},
		{`{"version":"5.0","seed":1e3}`, engine.Options{Version: "5.0", Seed: 1000}},
		{`{"lang":"zh"}`, engine.Options{Lang: "zh"}},
	}
	for _, tt := range tests {
		got, err := parseOptions(tt.in)
		if err != nil {
			t.Errorf("parseOptions(%s): %v", tt.in, err)
			continue
		}
		if got.Version != tt.want.Version || got.MaxStatements != tt.want.MaxStatements || got.MaxRows != tt.want.MaxRows ||
			got.Timeout != tt.want.Timeout || got.Seed != tt.want.Seed || !got.Start.Equal(tt.want.Start) || got.Lang != tt.want.Lang {
			t.Errorf("parseOptions(%s) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

func TestParseOptionsErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{", "options: not a JSON object of strings and numbers"},
		{"[]", "options: not a JSON object of strings and numbers"},
		{`{"version":"4.1",}`, "options: not a JSON object of strings and numbers"},
		{`{"version":"4.1"} x`, "options: not a JSON object of strings and numbers"},
		{`{"maxRows":{"a":1}}`, "options: not a JSON object of strings and numbers"},
		{`{"version":"4.1`, "options: not a JSON object of strings and numbers"},
		{`{"version":"\x"}`, "options: not a JSON object of strings and numbers"},
		{`{"nope":1}`, `options: unknown key "nope" (known: version, maxStatements, maxRows, timeoutMs, seed, start, lang)`},
		{`{"seed":1,"seed":2}`, `options: key "seed" given twice`},
		{`{"version":"4.0"}`, `options: version must be "3.11", "4.1" or "5.0", not "4.0"`},
		{`{"version":4.1}`, "options: version must be a string"},
		{`{"maxRows":"10"}`, "options: maxRows must be a number"},
		{`{"maxRows":-1}`, "options: maxRows must be a whole number from 0 to 2147483647, not -1"},
		{`{"maxStatements":1.5}`, "options: maxStatements must be a whole number from 0 to 2147483647, not 1.5"},
		{`{"maxStatements":true}`, "options: maxStatements must be a number, not true"},
		{`{"timeoutMs":-5}`, "options: timeoutMs must be between 0 and 9223372036854"},
		{`{"timeoutMs":1e400}`, "options: timeoutMs must be a number, not 1e400"},
		{`{"seed":-1}`, "options: seed must be a whole number from 0 to 2^53 (pass larger seeds as a decimal string), not -1"},
		{`{"seed":"x"}`, `options: seed must be a whole number or a decimal string, not "x"`},
		{`{"start":"2026-01-01"}`, `options: start must be an RFC 3339 time such as "2026-01-01T00:00:00Z", not "2026-01-01"`},
	}
	for _, tt := range tests {
		_, err := parseOptions(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("parseOptions(%s) error %v, want %s", tt.in, err, tt.want)
		}
	}
}

// TestParseFlatObjectStrings checks string escapes against encoding/json.
func TestParseFlatObjectStrings(t *testing.T) {
	for _, s := range []string{"plain", "北京😀", "a\"b\\c/d", "\b\f\n\r\t", "\u2028", "\x01"} {
		enc, _ := json.Marshal(map[string]string{"version": s})
		fields, err := parseFlatObject(string(enc))
		if err != nil || len(fields) != 1 || fields[0].value != s {
			t.Errorf("parseFlatObject(%s) = %+v, %v; want %q", enc, fields, err, s)
		}
	}
	tests := []struct{ in, want string }{
		{`{"k":"\ud83d\ude00"}`, "😀"},
		{`{"k":"\u00e9\u4e2d"}`, "é中"},
		{`{"k":"\ud800"}`, "\uFFFD"},
		{`{"k":"\ud800x"}`, "\uFFFDx"},
		{`{"k":"\ud800\u0041"}`, "\uFFFDA"},
		{`{"k":"\udc00"}`, "\uFFFD"},
	}
	for _, tt := range tests {
		fields, err := parseFlatObject(tt.in)
		if err != nil || len(fields) != 1 || fields[0].value != tt.want {
			t.Errorf("parseFlatObject(%s) = %+v, %v; want %q", tt.in, fields, err, tt.want)
		}
	}
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"", "{}", `{"seed":"1"}`, `{"version":"4.1","maxRows":3}`, `{"k":"\ud800`, `{"start":"2026-01-01T00:00:00Z"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		opts, err := parseOptions(s)
		if err != nil {
			return
		}
		if opts.MaxRows < 0 || opts.MaxStatements < 0 || opts.Timeout < 0 {
			t.Fatalf("parseOptions(%q) accepted negative bounds: %+v", s, opts)
		}
	})
}

func TestUTF16Len(t *testing.T) {
	for _, s := range []string{"", "abc", "é", "北京", "😀", "a😀b北\n", "\xff\xfe", "e\u0301"} {
		want := len(utf16.Encode([]rune(s)))
		if got := utf16Len(s); got != want {
			t.Errorf("utf16Len(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestPositionsToUTF16 locates errors in bytes, converts them, and checks
// that the UTF-16 offset, column and length select the same text in the
// script's UTF-16 form.
func TestPositionsToUTF16(t *testing.T) {
	script := "INSERT INTO t (k) VALUES ('北京😀');\nSELEC 1;\n/* 😀😀 */ SELECT * FROM 用户 WHERE é = 1;\nx"
	locate := func(needle string, from int) engine.Pos {
		off := from + strings.Index(script[from:], needle)
		line := 1 + strings.Count(script[:off], "\n")
		col := off - (strings.LastIndexByte(script[:off], '\n') + 1) + 1
		return engine.Pos{Offset: off, Line: line, Col: col}
	}
	shared := syntaxErr(locate("SELEC", 0), len("SELEC"), "bad")
	outs := []engine.Outcome{
		{Statement: "a", Error: invalidErr("no position")},
		{Statement: "b", Error: shared},
		{Statement: "c", Error: syntaxErr(locate("用户", 0), len("用户"), "t")},
		{Statement: "d", Error: syntaxErr(locate("é", 50), len("é = 1"), "col")},
		{Statement: "e", Error: syntaxErr(locate("北京😀", 0), len("北京😀"), "lit")},
		{Statement: "f", Error: syntaxErr(locate("x", len(script)-1), 1, "last")},
		{Statement: "g", Error: syntaxErr(engine.Pos{Offset: len(script) + 10, Line: 9, Col: 1}, 5, "past the end")},
		{Statement: "h"},
	}
	wantText := []string{"", "SELEC", "用户", "é = 1", "北京😀", "x", ""}
	// Spans that end inside a character (one byte of 用, of 😀) cover the whole
	// character, and the errors after them still land right.
	outs = append(outs[:7],
		engine.Outcome{Statement: "i", Error: syntaxErr(locate("用户", 0), 1, "first byte")},
		engine.Outcome{Statement: "j", Error: syntaxErr(locate("😀", 0), 2, "half an emoji")},
		engine.Outcome{Statement: "k", Error: syntaxErr(locate("é", 50), 1, "after")},
	)
	wantText = append(wantText, "用", "😀", "é")
	positionsToUTF16(script, outs)
	if shared.Pos.Offset != strings.Index(script, "SELEC") {
		t.Errorf("the engine's error value was changed in place")
	}
	units := utf16.Encode([]rune(script))
	lines := strings.Split(script, "\n")
	for i, want := range wantText {
		e := outs[i].Error
		if i == 0 {
			if e.Pos.IsValid() {
				t.Errorf("an error without position gained one: %+v", e.Pos)
			}
			continue
		}
		if e.Pos.Offset < 0 || e.Pos.Offset+e.Len > len(units) {
			t.Errorf("%s: offset %d length %d outside the script's %d units", outs[i].Statement, e.Pos.Offset, e.Len, len(units))
			continue
		}
		got := string(utf16.Decode(units[e.Pos.Offset : e.Pos.Offset+e.Len]))
		if got != want {
			t.Errorf("%s: UTF-16 offset/length select %q, want %q", outs[i].Statement, got, want)
		}
		if want == "" {
			continue
		}
		line := utf16.Encode([]rune(lines[e.Pos.Line-1]))
		atCol := string(utf16.Decode(line[e.Pos.Col-1 : e.Pos.Col-1+e.Len]))
		if atCol != want {
			t.Errorf("%s: UTF-16 line %d column %d select %q, want %q", outs[i].Statement, e.Pos.Line, e.Pos.Col, atCol, want)
		}
	}
	// Spot values, worked by hand: 北 and 京 are one unit each, 😀 two.
	if e := outs[1].Error; e.Pos.Offset != 35 || e.Pos.Col != 1 || e.Pos.Line != 2 {
		t.Errorf("SELEC at %+v, want offset 35, line 2, column 1", e.Pos)
	}
	if e := outs[4].Error; e.Pos.Offset != 27 || e.Pos.Col != 28 || e.Len != 4 {
		t.Errorf("北京😀 at %+v len %d, want offset 27, column 28, length 4", e.Pos, e.Len)
	}
}

func TestBridgeSessions(t *testing.T) {
	b := newBridge()
	h1, err := b.open("")
	if err != nil || h1 != 1 {
		t.Fatalf("open = %d, %v; want 1", h1, err)
	}
	h2, _ := b.open(`{"maxStatements":3}`)
	if h2 != 2 {
		t.Errorf("second handle %d, want 2", h2)
	}
	if h, err := b.open("{"); h != 0 || err == nil {
		t.Errorf("open with bad options = %d, %v; want 0 and an error", h, err)
	}
	if got := string(b.run(h1, "")); got != "[]" {
		t.Errorf("run of an empty script = %s, want []", got)
	}
	if !b.close(h1) || b.close(h1) {
		t.Errorf("close should succeed once")
	}
	want := `[{"statement":"","line":0,"warnings":[],"error":{"code":"ServerError","message":"cqlplay: no open session has handle 1 (call cqlplay.open first; a closed handle is not reused)","cqlsh":"ServerError: cqlplay: no open session has handle 1 (call cqlplay.open first; a closed handle is not reused)"}}]`
	if got := string(b.run(h1, "SELECT 1;")); got != want {
		t.Errorf("run after close:\n got %s\nwant %s", got, want)
	}
	if h3, _ := b.open(""); h3 != 3 {
		t.Errorf("handle after close %d, want 3 (never reused)", h3)
	}
	wantLayout := `{"error":{"code":"ServerError","message":"cqlplay: no open session has handle 7 (call cqlplay.open first; a closed handle is not reused)","cqlsh":"ServerError: cqlplay: no open session has handle 7 (call cqlplay.open first; a closed handle is not reused)"}}`
	if got := string(b.layout(7, "cli", "")); got != wantLayout {
		t.Errorf("layout of a bad handle:\n got %s\nwant %s", got, wantLayout)
	}
}

func TestBridgeLayout(t *testing.T) {
	b := newBridge()
	h, _ := b.open("")
	b.run(h, "CREATE TABLE t (k int PRIMARY KEY, v text); INSERT INTO t (k, v) VALUES (1, '北京');")
	s := engine.NewSession(engine.Options{})
	s.Run("CREATE TABLE t (k int PRIMARY KEY, v text); INSERT INTO t (k, v) VALUES (1, '北京');")
	for _, form := range engine.LayoutForms {
		for _, table := range []string{"", "t"} {
			out := b.layout(h, form, table)
			var got struct {
				Form  string          `json:"form"`
				Table string          `json:"table"`
				Text  *string         `json:"text"`
				Map   json.RawMessage `json:"map"`
			}
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("layout(%q, %q) = %s: %v", form, table, out, err)
			}
			res, err := s.Layout(engine.LayoutRequest{Form: form, Table: table})
			if err != nil {
				t.Fatal(err)
			}
			want := res.Layout
			if got.Form != form || got.Table != table {
				t.Errorf("layout(%q, %q) names form %q table %q", form, table, got.Form, got.Table)
			}
			if form == "map" || form == "summary" {
				if got.Text != nil || string(got.Map) != want {
					t.Errorf("layout(%s, %q): map %s text %v, want the model %s", form, table, got.Map, got.Text, want)
				}
				continue
			}
			if got.Map != nil || got.Text == nil || *got.Text != want {
				t.Errorf("layout(%q, %q): text %v map %s, want text %q", form, table, got.Text, got.Map, want)
			}
		}
	}
	want := `{"error":{"code":"InvalidRequest","message":"unknown layout form \"nope\" (known: map, tree, cli, sstabledump, ring, summary)",` +
		`"cqlsh":"InvalidRequest: Error from server: code=2200 [Invalid query] message=\"unknown layout form \"nope\" (known: map, tree, cli, sstabledump, ring, summary)\""}}`
	if got := string(b.layout(h, "nope", "")); got != want {
		t.Errorf("unknown form:\n got %s\nwant %s", got, want)
	}
	if got := string(b.layout(h, "cli", "missing")); !strings.HasPrefix(got, `{"error":{"code":"InvalidRequest","message":"unknown table \"missing\"`) {
		t.Errorf("unknown table: %s", got)
	}
}

// TestBridgeRecoversPanics makes the engine panic in several ways and checks
// each comes back as one ServerError outcome, with the session still usable.
func TestBridgeRecoversPanics(t *testing.T) {
	tests := []struct {
		name  string
		panic func()
		what  string
	}{
		{"string", func() { panic("boom") }, "boom"},
		{"error", func() { panic(errors.New("bad state")) }, "bad state"},
		{"runtime", func() {
			var m map[string]int
			m["x"] = 1
		}, "assignment to entry in nil map"},
		{"index", func() {
			s := []int{}
			_ = s[len(s)+1]
		}, "runtime error: index out of range [1] with length 0"},
		{"other", func() { panic(42) }, "a panic of an unexpected kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newBridge()
			b.runScript = func(*engine.Session, string, func(*engine.Outcome)) { tt.panic() }
			h, _ := b.open("")
			out := b.run(h, "SELECT 1;")
			var got []struct {
				Error struct{ Code, Message string } `json:"error"`
			}
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("%s: %v", out, err)
			}
			want := "cqlplay hit a bug in its engine and stopped this run (" + tt.what + "). The session may be inconsistent: open a new one. Please report the script."
			if len(got) != 1 || got[0].Error.Code != "ServerError" || got[0].Error.Message != want {
				t.Errorf("got %s\nwant one ServerError outcome saying %q", out, want)
			}
			b.runScript = (*engine.Session).RunEach
			if out := b.run(h, ""); string(out) != "[]" {
				t.Errorf("the session is unusable after a panic: %s", out)
			}
		})
	}
}

// FuzzPositionsToUTF16 gives the converter any script and any position,
// including ones the engine should never produce (past the end, negative,
// inside a character), and checks that it never panics and that the result
// stays inside the script's UTF-16 form.
func FuzzPositionsToUTF16(f *testing.F) {
	f.Add("SELECT '北京😀' FROM t;\nSELEC 1;", 40, 5, 2, 1)
	f.Add("😀", 1, 1, 1, 2)
	f.Add("\xff\xfe\n\xed\xa0\x80", 3, 2, 2, 1)
	f.Add("", -4, -1, 0, 0)
	f.Fuzz(func(t *testing.T, script string, off, n, line, col int) {
		outs := []engine.Outcome{{Error: syntaxErr(engine.Pos{Offset: off, Line: max(line, 1), Col: col}, n, "x")}}
		positionsToUTF16(script, outs)
		e := outs[0].Error
		units := utf16Len(script)
		if e.Pos.Offset < 0 || e.Len < 0 || e.Pos.Offset+e.Len > units || e.Pos.Col < 1 || e.Pos.Col-1 > e.Pos.Offset {
			t.Fatalf("script %q, byte position %d+%d: UTF-16 offset %d, length %d, column %d out of bounds (%d units)",
				script, off, n, e.Pos.Offset, e.Len, e.Pos.Col, units)
		}
	})
}

func invalidErr(msg string) *engine.Error {
	return &engine.Error{Code: engine.InvalidRequest, Message: msg}
}

func syntaxErr(pos engine.Pos, n int, msg string) *engine.Error {
	return &engine.Error{Code: engine.SyntaxException, Message: msg, Pos: pos, Len: n}
}

// TestRecoverObject checks that recoverObject, deferred by a call that
// answers a JSON object (layout, layoutAt, layoutBounded), turns a panic
// into that call's error reply: recover works only in the deferred
// function itself.
func TestRecoverObject(t *testing.T) {
	answer := func() (out []byte) {
		defer recoverObject(&out)
		panic("boom")
	}
	got := string(answer())
	if !strings.HasPrefix(got, `{"error":{"code":"ServerError"`) || !strings.Contains(got, "boom") {
		t.Errorf("reply %s, want a ServerError object naming the panic", got)
	}
}
