package cql

import (
	"reflect"
	"testing"
)

func TestIdentifiers(t *testing.T) {
	s := parseOne(t, `SELECT Abc, "Abc", "a""b", KEY FROM "Ks".Tbl WHERE "" = 1`).(*Select)
	want := []Ident{
		{Name: "abc"}, {Name: "Abc", Quoted: true}, {Name: `a"b`, Quoted: true}, {Name: "key"},
	}
	for i, w := range want {
		got := s.Selectors[i].Expr.(*ColumnRef).Ident
		if got.Name != w.Name || got.Quoted != w.Quoted {
			t.Errorf("selector %d: got %+v, want %+v", i, got, w)
		}
	}
	if s.Table.Keyspace.Name != "Ks" || !s.Table.Keyspace.Quoted || s.Table.Name.Name != "tbl" {
		t.Errorf("table: got %+v", s.Table)
	}
	if c := s.Where[0].Columns[0]; c.Name != "" || !c.Quoted {
		t.Errorf(`"" column: got %+v`, c)
	}
}

func TestLiterals(t *testing.T) {
	tests := []struct {
		in   string
		kind LiteralKind
		text string
	}{
		{"'it''s'", StringLit, "it's"},
		{"$$it's$$", StringLit, "it's"},
		{"''", StringLit, ""},
		{"-12", IntegerLit, "-12"},
		{"- 12", IntegerLit, "-12"},
		{"1.5", FloatLit, "1.5"},
		{"1.", FloatLit, "1."},
		{"1e10", FloatLit, "1e10"},
		{"-2.5E-3", FloatLit, "-2.5E-3"},
		{"nan", FloatLit, "NaN"},
		{"-NaN", FloatLit, "NaN"},
		{"INFINITY", FloatLit, "Infinity"},
		{"-Infinity", FloatLit, "-Infinity"},
		{"TRUE", BooleanLit, "TRUE"},
		{"false", BooleanLit, "false"},
		{"5132b130-ae79-11e4-ab27-0800200c9a66", UUIDLit, "5132b130-ae79-11e4-ab27-0800200c9a66"},
		{"0xCAFE", HexLit, "0xCAFE"},
		{"0x", HexLit, "0x"},
		{"1h30m", DurationLit, "1h30m"},
		{"-3d", DurationLit, "-3d"},
		{"12mo3w4us5µs6ns7ms", DurationLit, "12mo3w4us5µs6ns7ms"},
		{"P1DT2H", DurationLit, "P1DT2H"},
		{"PT30M", DurationLit, "PT30M"},
		{"P2W", DurationLit, "P2W"},
		{"-P1Y2M3D", DurationLit, "-P1Y2M3D"},
		{"P0001-02-03T04:05:06", DurationLit, "P0001-02-03T04:05:06"},
		{"NULL", NullLit, "null"},
	}
	for _, tt := range tests {
		ins := parseOne(t, "INSERT INTO t (a) VALUES ("+tt.in+")").(*Insert)
		lit, ok := ins.Values[0].(*Literal)
		if !ok {
			t.Errorf("%s: got %T", tt.in, ins.Values[0])
			continue
		}
		if lit.Kind != tt.kind || lit.Text != tt.text {
			t.Errorf("%s: got kind %d text %q, want %d %q", tt.in, lit.Kind, lit.Text, tt.kind, tt.text)
		}
		if lit.Pos.Col != 27 {
			t.Errorf("%s: literal at column %d, want 27", tt.in, lit.Pos.Col)
		}
	}
}

func TestExpressions(t *testing.T) {
	ins := parseOne(t, "INSERT INTO t (a, b, c, d, e, f, g) VALUES (system.now(), token(1, 2), [], {}, {1}, :name, ?)").(*Insert)
	f := ins.Values[0].(*FuncCall)
	if f.Keyspace != "system" || f.Name != "now" || len(f.Args) != 0 {
		t.Errorf("system.now(): got %+v", f)
	}
	if f := ins.Values[1].(*FuncCall); f.Name != "token" || len(f.Args) != 2 {
		t.Errorf("token(1, 2): got %+v", f)
	}
	if c := ins.Values[2].(*Collection); c.Kind != ListColl || len(c.Elems) != 0 {
		t.Errorf("[]: got %+v", c)
	}
	if c := ins.Values[3].(*Collection); c.Kind != EmptyBraces {
		t.Errorf("{}: got %+v", c)
	}
	if c := ins.Values[4].(*Collection); c.Kind != SetColl || len(c.Elems) != 1 {
		t.Errorf("{1}: got %+v", c)
	}
	if m := ins.Values[5].(*BindMarker); m.Name != "name" {
		t.Errorf(":name: got %+v", m)
	}
	if m := ins.Values[6].(*BindMarker); m.Name != "" {
		t.Errorf("?: got %+v", m)
	}
	items := Parse("INSERT INTO t (a, b, c) VALUES (?, :x, {'k': :y})")
	if items[0].Markers != 3 {
		t.Errorf("Markers: got %d, want 3", items[0].Markers)
	}
	sel := parseOne(t, "SELECT count(*), m['k'], u.f, (int) 5, CAST(a AS text), -a FROM t").(*Select)
	if f := sel.Selectors[0].Expr.(*FuncCall); !f.Star || f.Name != "count" {
		t.Errorf("count(*): got %+v", f)
	}
	if ix := sel.Selectors[1].Expr.(*Index); ix.Target.(*ColumnRef).Name != "m" || ix.Key.(*Literal).Text != "k" {
		t.Errorf("m['k']: got %+v", ix)
	}
	if fd := sel.Selectors[2].Expr.(*Field); fd.Field.Name != "f" {
		t.Errorf("u.f: got %+v", fd)
	}
	if h := sel.Selectors[3].Expr.(*TypeHint); h.Type.Name != "int" || h.Expr.(*Literal).Text != "5" {
		t.Errorf("(int) 5: got %+v", h)
	}
	if c := sel.Selectors[4].Expr.(*Cast); c.Type.Name != "text" {
		t.Errorf("CAST: got %+v", c)
	}
	if n := sel.Selectors[5].Expr.(*Negate); n.Expr.(*ColumnRef).Name != "a" {
		t.Errorf("-a: got %+v", n)
	}
}

func TestTypes(t *testing.T) {
	ct := parseOne(t, "CREATE TABLE t (a frozen<map<text, int>>, b tuple<int, text>, c set<frozen<list<int>>>, d ks.\"Addr\", e frozen<addr>, PRIMARY KEY (a))").(*CreateTable)
	want := []*TypeRef{
		{Name: "frozen", Params: []*TypeRef{{Name: "map", Params: []*TypeRef{{Name: "text"}, {Name: "int"}}}}},
		{Name: "tuple", Params: []*TypeRef{{Name: "int"}, {Name: "text"}}},
		{Name: "set", Params: []*TypeRef{{Name: "frozen", Params: []*TypeRef{{Name: "list", Params: []*TypeRef{{Name: "int"}}}}}}},
		{Name: "Addr", Keyspace: "ks", Quoted: true},
		{Name: "frozen", Params: []*TypeRef{{Name: "addr"}}},
	}
	for i, w := range want {
		if p, ok := equalTrees(reflect.ValueOf(ct.Columns[i].Type), reflect.ValueOf(w), "type"); !ok {
			t.Errorf("column %d: differs at %s: %s", i, p, ct.Columns[i].Type)
		}
	}
}

func TestRelations(t *testing.T) {
	s := parseOne(t, "SELECT * FROM t WHERE  a  IN  (1,2) AND (b, c) > (1, 2) AND token(k) >= 5 AND m['x'] = 1 AND v IS NOT NULL AND l CONTAINS KEY 3 AND (d, e) IN ((1, 2)) AND f IN ?").(*Select)
	r := s.Where
	if r[0].Kind != SingleColumn || r[0].Op != OpIn || len(r[0].In) != 2 || r[0].Value != nil || r[0].Text != "a IN (1,2)" {
		t.Errorf("IN: got %+v", r[0])
	}
	if r[1].Kind != MultiColumn || r[1].Op != OpGt || len(r[1].Columns) != 2 || len(r[1].Value.(*Tuple).Elems) != 2 {
		t.Errorf("multi: got %+v", r[1])
	}
	if r[2].Kind != TokenRelation || r[2].Op != OpGte || r[2].Columns[0].Name != "k" {
		t.Errorf("token: got %+v", r[2])
	}
	if r[3].MapKey.(*Literal).Text != "x" || r[3].Op != OpEq {
		t.Errorf("map key: got %+v", r[3])
	}
	if r[4].Op != OpIsNotNull || r[4].Value != nil {
		t.Errorf("IS NOT NULL: got %+v", r[4])
	}
	if r[5].Op != OpContainsKey {
		t.Errorf("CONTAINS KEY: got %+v", r[5])
	}
	if r[6].Kind != MultiColumn || r[6].Op != OpIn || len(r[6].In) != 1 {
		t.Errorf("multi IN: got %+v", r[6])
	}
	if _, ok := r[7].Value.(*BindMarker); !ok || r[7].In != nil {
		t.Errorf("IN ?: got %+v", r[7])
	}
	if r[0].Pos.Col != 24 {
		t.Errorf("relation position: got %v", r[0].Pos)
	}
}

func TestAssignments(t *testing.T) {
	u := parseOne(t, "UPDATE t SET a = a + 1, b = [1] + b, c = c - {2}, d += 3, e -= 4, f = f -5, m['k'] = 1, g = 7 WHERE k = 1").(*Update)
	want := []struct {
		op   AssignOp
		ref  string
		text string
	}{
		{AssignAdd, "a", "a = a + 1"}, {AssignPrepend, "b", "b = [1] + b"}, {AssignSub, "c", "c = c - {2}"},
		{AssignAdd, "", "d += 3"}, {AssignSub, "", "e -= 4"}, {AssignSub, "f", "f = f -5"},
		{AssignSet, "", "m['k'] = 1"}, {AssignSet, "", "g = 7"},
	}
	for i, w := range want {
		a := u.Assignments[i]
		ref := ""
		if a.Ref != nil {
			ref = a.Ref.Name
		}
		if a.Op != w.op || ref != w.ref || a.Text != w.text {
			t.Errorf("%d: got op %d ref %q text %q, want %d %q %q", i, a.Op, ref, a.Text, w.op, w.ref, w.text)
		}
	}
	if lit := u.Assignments[5].Value.(*Literal); lit.Text != "5" || lit.Pos.Col != 74 {
		t.Errorf("f = f -5: value %q at %v", lit.Text, lit.Pos)
	}
	if u.Assignments[6].Key.(*Literal).Text != "k" {
		t.Errorf("m['k']: got %+v", u.Assignments[6])
	}
}

func TestCreateTableKeys(t *testing.T) {
	ct := parseOne(t, "CREATE TABLE t (a int, b int, c int, d int static, PRIMARY KEY ((a, b), c)) WITH CLUSTERING ORDER BY (c DESC) AND COMPACT STORAGE AND comment = 'x'").(*CreateTable)
	names := func(ids []Ident) (s []string) {
		for _, id := range ids {
			s = append(s, id.Name)
		}
		return s
	}
	if got := names(ct.PartitionKey); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("partition key: %v", got)
	}
	if got := names(ct.Clustering); !reflect.DeepEqual(got, []string{"c"}) {
		t.Errorf("clustering: %v", got)
	}
	if ct.PrimaryKeys != 1 || !ct.Columns[3].Static || !ct.CompactStorage || len(ct.ClusteringOrder) != 1 || !ct.ClusteringOrder[0].Desc {
		t.Errorf("got %+v", ct)
	}
	if len(ct.Properties) != 1 || ct.Properties[0].Name.Name != "comment" {
		t.Errorf("properties: %+v", ct.Properties)
	}
	ct = parseOne(t, "CREATE TABLE t (k int PRIMARY KEY, v int, PRIMARY KEY (v))").(*CreateTable)
	if ct.PrimaryKeys != 2 || !ct.Columns[0].PrimaryKey {
		t.Errorf("two primary keys: got %d", ct.PrimaryKeys)
	}
}

func TestScript(t *testing.T) {
	src := "-- a comment\n" +
		"CREATE TABLE t (k int PRIMARY KEY) ;\n" +
		"  -- @Advance 2h  30m\n" +
		"/* block\ncomment */ INSERT INTO t (k)\n  VALUES (1)   -- trailing\n;\n" +
		"SELECT * FROM t -- @not a directive\n" +
		";;\n" +
		"//@nodes 6\n" +
		"-- @retry\n" +
		"SELECT * FROM t"
	items := Parse(src)
	type want struct {
		src  string
		line int
		col  int
	}
	wants := []want{
		{"CREATE TABLE t (k int PRIMARY KEY)", 2, 1},
		{"-- @Advance 2h  30m", 3, 3},
		{"INSERT INTO t (k)\n  VALUES (1)", 5, 12},
		{"SELECT * FROM t", 8, 1},
		{"-- @retry", 11, 1},
		{"SELECT * FROM t", 12, 1},
	}
	if len(items) != len(wants) {
		for _, it := range items {
			t.Logf("%v %q", it.Pos, it.Src)
		}
		t.Fatalf("got %d items, want %d", len(items), len(wants))
	}
	for i, w := range wants {
		it := items[i]
		if it.Err != nil {
			t.Errorf("%d: %s", i, it.Err.Message)
		}
		if it.Src != w.src || it.Pos.Line != w.line || it.Pos.Col != w.col {
			t.Errorf("%d: got %q at %v, want %q at %d:%d", i, it.Src, it.Pos, w.src, w.line, w.col)
		}
		if it.Stmt != nil && (it.Stmt.Position() != it.Pos) {
			t.Errorf("%d: statement position %v, item %v", i, it.Stmt.Position(), it.Pos)
		}
	}
	d := items[1].Stmt.(*Directive)
	if d.Name != "advance" || !reflect.DeepEqual(d.Args, []string{"2h", "30m"}) || d.Src != "-- @Advance 2h  30m" {
		t.Errorf("directive: got %+v", d)
	}
	if d := items[4].Stmt.(*Directive); d.Name != "retry" || d.Args != nil {
		t.Errorf("directive: got %+v", d)
	}
	if items[2].Pos.Offset != 92 {
		t.Errorf("offset: got %d", items[2].Pos.Offset)
	}
	if got := items[2].Stmt.(*Insert).Base.Src; got != items[2].Src {
		t.Errorf("Base.Src %q", got)
	}
}

func TestBatchStatements(t *testing.T) {
	b := parseOne(t, "BEGIN BATCH\n  INSERT INTO t (a) VALUES (1);\n  DELETE FROM t WHERE a = 2;\nAPPLY BATCH;").(*Batch)
	if len(b.Statements) != 2 {
		t.Fatalf("got %d statements", len(b.Statements))
	}
	ins := b.Statements[0].(*Insert)
	if ins.Src != "INSERT INTO t (a) VALUES (1)" || ins.Pos.Line != 2 || ins.Pos.Col != 3 {
		t.Errorf("inner insert: %q at %v", ins.Src, ins.Pos)
	}
	if d := b.Statements[1].(*Delete); d.Src != "DELETE FROM t WHERE a = 2" {
		t.Errorf("inner delete: %q", d.Src)
	}
}

func TestInsertJSONDefault(t *testing.T) {
	for _, tt := range []struct {
		in          string
		defaultNull bool
	}{
		{"INSERT INTO t JSON '{}'", true},
		{"INSERT INTO t JSON '{}' DEFAULT NULL", true},
		{"INSERT INTO t JSON '{}' DEFAULT UNSET", false},
	} {
		if got := parseOne(t, tt.in).(*Insert).DefaultNull; got != tt.defaultNull {
			t.Errorf("%s: DefaultNull %v", tt.in, got)
		}
	}
}
