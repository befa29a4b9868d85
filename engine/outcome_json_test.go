package engine

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

func TestOutcomeJSONGolden(t *testing.T) {
	tests := []struct {
		name string
		o    Outcome
		want string
	}{
		{
			name: "write, no result",
			o:    Outcome{Statement: "INSERT INTO t (k) VALUES (1)", Line: 3},
			want: `{"statement":"INSERT INTO t (k) VALUES (1)","line":3,"warnings":[]}`,
		},
		{
			name: "result set with a null",
			o: Outcome{
				Statement: "SELECT mainland, state FROM users",
				Line:      12,
				Columns:   []string{"mainland", "state"},
				Rows:      [][]string{{"northamerica", "delaware"}, {"europe", "null"}},
				Nulls:     [][2]int{{1, 1}},
			},
			want: `{"statement":"SELECT mainland, state FROM users","line":12,` +
				`"columns":["mainland","state"],"rows":[["northamerica","delaware"],["europe","null"]],` +
				`"nulls":[[1,1]],"warnings":[]}`,
		},
		{
			name: "empty result set keeps columns and rows",
			o:    Outcome{Statement: "SELECT k FROM t", Line: 1, Columns: []string{"k"}},
			want: `{"statement":"SELECT k FROM t","line":1,"columns":["k"],"rows":[],"warnings":[]}`,
		},
		{
			name: "describe text and warnings",
			o: Outcome{
				Statement: "DESCRIBE TABLE t",
				Line:      2,
				Text:      "CREATE TABLE cqlplay.t (\n    k int PRIMARY KEY\n);",
				Warnings:  []string{"Aggregation query used without partition key"},
			},
			want: `{"statement":"DESCRIBE TABLE t","line":2,` +
				`"text":"CREATE TABLE cqlplay.t (\n    k int PRIMARY KEY\n);",` +
				`"warnings":["Aggregation query used without partition key"]}`,
		},
		{
			name: "error without position",
			o: Outcome{
				Statement: "SELECT * FROM nope",
				Line:      4,
				Error:     cqlerr.Invalid("table nope does not exist"),
			},
			want: `{"statement":"SELECT * FROM nope","line":4,"warnings":[],` +
				`"error":{"code":"InvalidRequest","message":"table nope does not exist",` +
				`"cqlsh":"InvalidRequest: Error from server: code=2200 [Invalid query] message=\"table nope does not exist\""}}`,
		},
		{
			name: "error with position",
			o: Outcome{
				Statement: "SELEC 1",
				Line:      7,
				Error:     cqlerr.Syntax(cqlerr.Pos{Offset: 40, Line: 7, Col: 1}, 5, "line 7:0 no viable alternative at input 'SELEC'"),
			},
			want: `{"statement":"SELEC 1","line":7,"warnings":[],` +
				`"error":{"code":"SyntaxException","message":"line 7:0 no viable alternative at input 'SELEC'",` +
				`"cqlsh":"SyntaxException: line 7:0 no viable alternative at input 'SELEC'",` +
				`"line":7,"column":1,"offset":40,"length":5}}`,
		},
		{
			name: "error with an explanation",
			o: Outcome{
				Statement: "SELECT * FROM t WHERE v = 1",
				Line:      5,
				Error: &cqlerr.Error{
					Code: cqlerr.InvalidRequest, Message: "Cannot execute this query",
					Pos: cqlerr.Pos{Offset: 70, Line: 5, Col: 23}, Len: 5,
					Why: "v is a regular column: every partition must be read.", Fix: "Add ALLOW FILTERING, or a table keyed by v.",
				},
			},
			want: `{"statement":"SELECT * FROM t WHERE v = 1","line":5,"warnings":[],` +
				`"error":{"code":"InvalidRequest","message":"Cannot execute this query",` +
				`"cqlsh":"InvalidRequest: Error from server: code=2200 [Invalid query] message=\"Cannot execute this query\"",` +
				`"line":5,"column":23,"offset":70,"length":5,` +
				`"why":"v is a regular column: every partition must be read.","fix":"Add ALLOW FILTERING, or a table keyed by v."}}`,
		},
		{
			name: "plan",
			o: Outcome{
				Statement: "SELECT * FROM t WHERE v = 1 ALLOW FILTERING",
				Line:      9,
				Columns:   []string{"k", "v"},
				Rows:      [][]string{{"1", "1"}},
				Plan: &Plan{
					Kind: "range-scan", Table: "cqlplay.t",
					PartitionsRead: 3, RowsRead: 5, RowsReturned: 1, CellsRead: 10, TombstonesScanned: 2,
					Filtering: true, AllPartitions: true,
					Partitions: []int64{-4069959284402364209, 9223372036854775807},
					Nodes:      []int{1, 3},
				},
			},
			want: `{"statement":"SELECT * FROM t WHERE v = 1 ALLOW FILTERING","line":9,` +
				`"columns":["k","v"],"rows":[["1","1"]],"warnings":[],` +
				`"plan":{"kind":"range-scan","table":"cqlplay.t","partitionsRead":3,"rowsRead":5,` +
				`"rowsReturned":1,"cellsRead":10,"tombstonesScanned":2,"filtering":true,"index":"",` +
				`"allPartitions":true,"partitions":["-4069959284402364209","9223372036854775807"],"nodes":[1,3]}}`,
		},
		{
			name: "empty plan",
			o:    Outcome{Statement: "INSERT", Line: 1, Plan: &Plan{Kind: "write"}},
			want: `{"statement":"INSERT","line":1,"warnings":[],` +
				`"plan":{"kind":"write","table":"","partitionsRead":0,"rowsRead":0,"rowsReturned":0,` +
				`"cellsRead":0,"tombstonesScanned":0,"filtering":false,"index":"","allPartitions":false,` +
				`"partitions":[],"nodes":[]}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(tt.o.AppendJSON(nil))
			if got != tt.want {
				t.Errorf("AppendJSON:\n got %s\nwant %s", got, tt.want)
			}
			std, err := json.Marshal(tt.o)
			if err != nil {
				t.Fatal(err)
			}
			if string(std) != tt.want {
				t.Errorf("json.Marshal:\n got %s\nwant %s", std, tt.want)
			}
			checkDecodes(t, &tt.o, []byte(got))
		})
	}
}

func TestAppendJSONAppends(t *testing.T) {
	o := Outcome{Statement: "x", Line: 1}
	got := string(o.AppendJSON([]byte("prefix ")))
	if want := `prefix {"statement":"x","line":1,"warnings":[]}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestOutcomesJSON(t *testing.T) {
	tests := []struct {
		name string
		outs []Outcome
		want string
	}{
		{"nil", nil, `[]`},
		{"empty", []Outcome{}, `[]`},
		{"one", []Outcome{{Statement: "a", Line: 1}}, `[{"statement":"a","line":1,"warnings":[]}]`},
		{"two", []Outcome{{Statement: "a", Line: 1}, {Statement: "b", Line: 2}},
			`[{"statement":"a","line":1,"warnings":[]},{"statement":"b","line":2,"warnings":[]}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(OutcomesJSON(tt.outs)); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if !json.Valid(OutcomesJSON(tt.outs)) {
				t.Error("not valid JSON")
			}
		})
	}
}

// decoded mirrors the JSON shape, for checking that a standard decoder reads
// back exactly the data the Outcome holds.
type decoded struct {
	Statement string     `json:"statement"`
	Line      int        `json:"line"`
	Columns   []string   `json:"columns"`
	Rows      [][]string `json:"rows"`
	Nulls     [][2]int   `json:"nulls"`
	Text      string     `json:"text"`
	Warnings  []string   `json:"warnings"`
	Error     *struct {
		Code    string  `json:"code"`
		Message string  `json:"message"`
		Cqlsh   string  `json:"cqlsh"`
		Line    *int    `json:"line"`
		Column  *int    `json:"column"`
		Offset  *int    `json:"offset"`
		Length  *int    `json:"length"`
		Why     *string `json:"why"`
		Fix     *string `json:"fix"`
	} `json:"error"`
	Plan *struct {
		Kind              string   `json:"kind"`
		Table             string   `json:"table"`
		PartitionsRead    int      `json:"partitionsRead"`
		RowsRead          int      `json:"rowsRead"`
		RowsReturned      int      `json:"rowsReturned"`
		CellsRead         int      `json:"cellsRead"`
		TombstonesScanned int      `json:"tombstonesScanned"`
		Filtering         bool     `json:"filtering"`
		Index             string   `json:"index"`
		AllPartitions     bool     `json:"allPartitions"`
		Partitions        []string `json:"partitions"`
		Nodes             []int    `json:"nodes"`
	} `json:"plan"`
}

// checkDecodes decodes data with encoding/json and compares every field with o.
// Strings are compared after the replacement of invalid UTF-8 the encoder does.
func checkDecodes(t *testing.T, o *Outcome, data []byte) {
	t.Helper()
	var d decoded
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("encoding/json cannot decode %s: %v", data, err)
	}
	eq := func(what, got, want string) {
		t.Helper()
		if !sameAfterReplacement(got, want) {
			t.Errorf("%s: decoded %q, want %q", what, got, want)
		}
	}
	eq("statement", d.Statement, o.Statement)
	if d.Line != o.Line {
		t.Errorf("line: decoded %d, want %d", d.Line, o.Line)
	}
	if (d.Columns != nil) != (o.Columns != nil) || len(d.Columns) != len(o.Columns) || len(d.Rows) != len(o.Rows) {
		t.Fatalf("result set shape: decoded %d columns %d rows, want %d, %d", len(d.Columns), len(d.Rows), len(o.Columns), len(o.Rows))
	}
	for i := range o.Columns {
		eq("column", d.Columns[i], o.Columns[i])
	}
	for i := range o.Rows {
		if len(d.Rows[i]) != len(o.Rows[i]) {
			t.Fatalf("row %d: decoded %d values, want %d", i, len(d.Rows[i]), len(o.Rows[i]))
		}
		for j := range o.Rows[i] {
			eq("value", d.Rows[i][j], o.Rows[i][j])
		}
	}
	if len(d.Nulls) != len(o.Nulls) {
		t.Fatalf("nulls: decoded %v, want %v", d.Nulls, o.Nulls)
	}
	for i := range o.Nulls {
		if d.Nulls[i] != o.Nulls[i] {
			t.Errorf("null %d: decoded %v, want %v", i, d.Nulls[i], o.Nulls[i])
		}
	}
	eq("text", d.Text, o.Text)
	if d.Warnings == nil || len(d.Warnings) != len(o.Warnings) {
		t.Fatalf("warnings: decoded %q, want %q", d.Warnings, o.Warnings)
	}
	for i := range o.Warnings {
		eq("warning", d.Warnings[i], o.Warnings[i])
	}
	checkDecodedError(t, d, o.Error, eq)
	checkDecodedPlan(t, d, o.Plan)
}

func checkDecodedError(t *testing.T, d decoded, e *cqlerr.Error, eq func(what, got, want string)) {
	t.Helper()
	if (d.Error != nil) != (e != nil) {
		t.Fatalf("error presence: decoded %v, want %v", d.Error != nil, e != nil)
	}
	if e == nil {
		return
	}
	eq("error code", d.Error.Code, string(e.Code))
	eq("error message", d.Error.Message, e.Message)
	eq("error cqlsh", d.Error.Cqlsh, e.Cqlsh())
	if (d.Error.Why != nil) != (e.Why != "") || (d.Error.Fix != nil) != (e.Why != "") {
		t.Errorf("why/fix presence: decoded %v/%v, want both only when Why is set (%q)", d.Error.Why != nil, d.Error.Fix != nil, e.Why)
	}
	if e.Why != "" && d.Error.Why != nil && d.Error.Fix != nil {
		eq("error why", *d.Error.Why, e.Why)
		eq("error fix", *d.Error.Fix, e.Fix)
	}
	if !e.Pos.IsValid() {
		if d.Error.Line != nil || d.Error.Column != nil || d.Error.Offset != nil || d.Error.Length != nil {
			t.Errorf("error without position has position keys")
		}
		return
	}
	if d.Error.Line == nil || d.Error.Column == nil || d.Error.Offset == nil || d.Error.Length == nil {
		t.Fatalf("error position keys missing")
	}
	got := [4]int{*d.Error.Line, *d.Error.Column, *d.Error.Offset, *d.Error.Length}
	want := [4]int{e.Pos.Line, e.Pos.Col, e.Pos.Offset, e.Len}
	if got != want {
		t.Errorf("error position: decoded %v, want %v", got, want)
	}
}

func checkDecodedPlan(t *testing.T, d decoded, p *Plan) {
	t.Helper()
	if (d.Plan != nil) != (p != nil) {
		t.Fatalf("plan presence: decoded %v, want %v", d.Plan != nil, p != nil)
	}
	if p == nil {
		return
	}
	dp := d.Plan
	if !sameAfterReplacement(dp.Kind, p.Kind) {
		t.Errorf("plan kind: %q, want %q", dp.Kind, p.Kind)
	}
	if !sameAfterReplacement(dp.Table, p.Table) || !sameAfterReplacement(dp.Index, p.Index) {
		t.Errorf("plan table/index: %q/%q, want %q/%q", dp.Table, dp.Index, p.Table, p.Index)
	}
	gotN := [5]int{dp.PartitionsRead, dp.RowsRead, dp.RowsReturned, dp.CellsRead, dp.TombstonesScanned}
	wantN := [5]int{p.PartitionsRead, p.RowsRead, p.RowsReturned, p.CellsRead, p.TombstonesScanned}
	if gotN != wantN || dp.Filtering != p.Filtering || dp.AllPartitions != p.AllPartitions {
		t.Errorf("plan counts: %v %v %v, want %v %v %v", gotN, dp.Filtering, dp.AllPartitions, wantN, p.Filtering, p.AllPartitions)
	}
	if dp.Partitions == nil || len(dp.Partitions) != len(p.Partitions) || dp.Nodes == nil || len(dp.Nodes) != len(p.Nodes) {
		t.Fatalf("plan lists: %v %v, want %v %v", dp.Partitions, dp.Nodes, p.Partitions, p.Nodes)
	}
	for i, tok := range p.Partitions {
		if dp.Partitions[i] != strconv.FormatInt(tok, 10) {
			t.Errorf("token %d: %s, want %d", i, dp.Partitions[i], tok)
		}
	}
	for i, n := range p.Nodes {
		if dp.Nodes[i] != n {
			t.Errorf("node %d: %d, want %d", i, dp.Nodes[i], n)
		}
	}
}

// sameAfterReplacement reports whether got is want with each invalid UTF-8
// byte replaced by U+FFFD, byte by byte, as the encoder (and encoding/json) do.
// (strings.ToValidUTF8 folds a run of bad bytes into one replacement, which
// JSON encoders do not.)
func sameAfterReplacement(got, want string) bool {
	var b strings.Builder
	for i := 0; i < len(want); {
		r, size := utf8.DecodeRuneInString(want[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(want[i : i+size])
		}
		i += size
	}
	return got == b.String()
}

// FuzzOutcomeJSON feeds arbitrary strings into every string field and checks
// that the output is valid JSON, equal to encoding/json's bytes, and decodes
// back to the same data.
func FuzzOutcomeJSON(f *testing.F) {
	f.Add("SELECT * FROM t", "北美洲", "a\"b\\c\n", "\xff\xfe", int64(-1), 3)
	f.Add("", "\u2028\u2029", "<script>&</script>", "\x00\x1f\x7f", int64(9223372036854775807), -1)
	f.Add("😀", "\xed\xa0\x80", "\t\r\b\f", "null", int64(-9223372036854775808), 0)
	f.Fuzz(func(t *testing.T, stmt, value, message, text string, token int64, n int) {
		o := Outcome{
			Statement: stmt,
			Line:      n,
			Columns:   []string{value, "k"},
			Rows:      [][]string{{value, message}, {text, "null"}},
			Nulls:     [][2]int{{1, 1}},
			Text:      text,
			Warnings:  []string{message, value},
			Error:     &cqlerr.Error{Code: cqlerr.Code(value), Message: message, Pos: cqlerr.Pos{Offset: n, Line: 1, Col: n}, Len: n, Why: text, Fix: stmt},
			Plan:      &Plan{Kind: value, Table: stmt, Index: text, Partitions: []int64{token}, Nodes: []int{n}},
		}
		got := o.AppendJSON(nil)
		if !json.Valid(got) {
			t.Fatalf("invalid JSON: %s", got)
		}
		std, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, std) {
			t.Fatalf("AppendJSON and encoding/json differ:\n%s\n%s", got, std)
		}
		checkDecodes(t, &o, got)
	})
}

// BenchmarkOutcomesJSON encodes a 300-row, 4-column result, the size the
// bridge's boundary cost was first measured with.
func BenchmarkOutcomesJSON(b *testing.B) {
	o := Outcome{Statement: "SELECT * FROM t WHERE k = 1", Line: 1, Columns: []string{"k", "c", "name", "ts"}}
	for i := range 300 {
		n := strconv.Itoa(i)
		o.Rows = append(o.Rows, []string{"1", n, "name " + n + " 北京", "2026-01-01 00:00:00.000000+0000"})
	}
	outs := []Outcome{o}
	b.SetBytes(int64(len(OutcomesJSON(outs))))
	b.ReportAllocs()
	for b.Loop() {
		OutcomesJSON(outs)
	}
}

// TestLayoutResultJSON checks the one encoder of every layout reply: the
// keys each kind of request adds, in the order the bridge has answered them.
func TestLayoutResultJSON(t *testing.T) {
	tests := []struct {
		r    LayoutResult
		want string
	}{
		{LayoutResult{Form: "map", Layout: `{"tables":[]}`}, `{"form":"map","table":"","map":{"tables":[]}}`},
		{LayoutResult{Form: "cli", Table: "t", Layout: "RowKey: 1\n=> (name=v, value=\"北京\")\n"}, `{"form":"cli","table":"t","text":"RowKey: 1\n=\u003e (name=v, value=\"北京\")\n"}`},
		{LayoutResult{Form: "ring", Table: "ks.\"T\""}, `{"form":"ring","table":"ks.\"T\"","text":""}`},
		{LayoutResult{Form: "summary", Layout: `{}`, Travel: true, Statement: 3, Changes: []Change{{Kind: "written", Table: "ks.t", Partition: "1", Column: "v", Static: true, Path: "'a'"}}},
			`{"form":"summary","table":"","map":{},"statement":3,"changes":[{"kind":"written","table":"ks.t","partition":"1","clustering":"","static":true,"column":"v","path":"'a'"}]}`},
		{LayoutResult{Form: "ring", Fill: &Fill{Line: 7, Table: "ks.t", Rows: 10}, Bounded: true},
			`{"form":"ring","table":"","text":"","fill":{"line":7,"table":"ks.t","rows":10},"changes":[],"elided":[]}`},
		{LayoutResult{Form: "cli", Layout: "x", More: true, Replaces: 2, Bounded: true, Elided: []Elision{{Table: "ks.t", Token: -4, Key: "k", Rows: 50, Left: 40, Bytes: 9, At: 3}, {Table: "ks.t", Partitions: 2}}},
			`{"form":"cli","table":"","text":"x","replaces":2,"elided":[{"table":"ks.t","token":"-4","key":"k","rows":50,"left":40,"bytes":9,"at":3},{"table":"ks.t","token":"0","key":"","rows":0,"left":0,"bytes":0,"at":0,"partitions":2}]}`},
	}
	for _, tt := range tests {
		got := string(tt.r.AppendJSON(nil))
		if got != tt.want {
			t.Errorf("%+v:\n got %s\nwant %s", tt.r, got, tt.want)
		}
		if !json.Valid([]byte(got)) {
			t.Errorf("not JSON: %s", got)
		}
	}
}

// TestIsPlainWrite checks which outcomes take appendPlainWriteJSON: a write
// with nothing but its statement, line and a plan that read nothing.
func TestIsPlainWrite(t *testing.T) {
	write := func() Outcome {
		return Outcome{Statement: "INSERT INTO t (k) VALUES (1)", Line: 3, Plan: &Plan{Kind: "write", Table: "ks.t", Partitions: []int64{-5}, Nodes: []int{1}}}
	}
	tests := []struct {
		name   string
		change func(o *Outcome)
		want   bool
	}{
		{"a write", func(o *Outcome) {}, true},
		{"no partitions or nodes", func(o *Outcome) { o.Plan.Partitions, o.Plan.Nodes = nil, nil }, true},
		{"another kind", func(o *Outcome) { o.Plan.Kind = "batch" }, true},
		{"no plan", func(o *Outcome) { o.Plan = nil }, false},
		{"a warning", func(o *Outcome) { o.Warnings = []string{"w"} }, false},
		{"an error", func(o *Outcome) { o.Error = cqlerr.Invalid("m") }, false},
		{"columns", func(o *Outcome) { o.Columns = []string{} }, false},
		{"nulls", func(o *Outcome) { o.Nulls = [][2]int{{0, 0}} }, false},
		{"text", func(o *Outcome) { o.Text = "x" }, false},
		{"rows read", func(o *Outcome) { o.Plan.RowsRead = 1 }, false},
		{"filtering", func(o *Outcome) { o.Plan.Filtering = true }, false},
		{"an index", func(o *Outcome) { o.Plan.Index = "i" }, false},
		{"all partitions", func(o *Outcome) { o.Plan.AllPartitions = true }, false},
		{"a trace", func(o *Outcome) { o.Trace = &Trace{} }, false},
	}
	for _, tt := range tests {
		o := write()
		tt.change(&o)
		if got := o.isPlainWrite(); got != tt.want {
			t.Errorf("%s: isPlainWrite = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// FuzzPlainWriteJSON checks the plain write's encoder against the general
// one, byte for byte, on every text its strings may hold.
func FuzzPlainWriteJSON(f *testing.F) {
	f.Add("INSERT INTO readings (sensor, day, ts, value, note) VALUES ('s000', '2026-01-01', 1767225600000, 47.123, 'ok')", "write", "bench.readings", int64(-9223372036854775808), 3, 1, 2)
	f.Add("a\"b\\c\n<&>\u2028\xff", "wr\"ite", "北美洲.t\x00", int64(9223372036854775807), 9, 10, 0)
	f.Add("", "", "", int64(0), -1, -1, 3)
	f.Add("😀", "write", "\xed\xa0\x80", int64(12), 10, 9, 1)
	f.Fuzz(func(t *testing.T, stmt, kind, table string, token int64, line, node, n int) {
		o := Outcome{Statement: stmt, Line: line, Plan: &Plan{Kind: kind, Table: table}}
		for i := range n % 4 {
			o.Plan.Partitions = append(o.Plan.Partitions, token+int64(i))
			o.Plan.Nodes = append(o.Plan.Nodes, node+i)
		}
		got, want := o.appendPlainWriteJSON([]byte("x")), o.appendJSON([]byte("x"))
		if !bytes.Equal(got, want) {
			t.Fatalf("appendPlainWriteJSON and appendJSON differ:\n%s\n%s", got, want)
		}
	})
}
