package layout_test

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine"
	"github.com/cqlplay/cqlplay/engine/internal/peek"
	"github.com/cqlplay/cqlplay/engine/layout"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// modelOf runs script and returns the map model of table t.
func modelOf(t *testing.T, script, table string) *layout.Table {
	t.Helper()
	s := runScript(t, script)
	tb := peek.DB(s).Schema.Keyspaces["cqlplay"].Tables[table]
	if tb == nil {
		t.Fatalf("no table %s", table)
	}
	m := layout.Build(peek.State(s), []*schema.Table{tb})
	return &m.Tables[0]
}

// cellsOf summarises a row's cells as "column[path]=kind:value" strings.
func cellsOf(r *layout.Row) string {
	var parts []string
	for _, c := range r.Cells {
		s := c.Column
		if c.Path != nil {
			s += "[" + c.Path.Text + "]"
		}
		s += "=" + c.Kind.String()
		if c.Value != nil {
			s += ":" + c.Value.Text
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

const usersDDL = "CREATE TABLE users (k text, c int, v text, w int, s text static, tags set<int>, m map<text, int>, l list<text>, PRIMARY KEY (k, c));\n"

// TestLayoutFollowsWrites checks, statement kind by statement kind, what the
// model shows for the partition 'a'.
func TestLayoutFollowsWrites(t *testing.T) {
	tests := []struct {
		name, script string
		// rows is each row's clustering and cells; marker lists which rows
		// have a row marker.
		rows, markers []string
		check         func(t *testing.T, p *layout.Partition)
	}{
		{
			name:    "insert writes a marker and cells",
			script:  "INSERT INTO users (k, c, v, w) VALUES ('a', 1, 'x', 5);",
			rows:    []string{"1: v=live:x w=live:5"},
			markers: []string{"1"},
		},
		{
			name:   "update writes cells and no marker",
			script: "UPDATE users SET v = 'y' WHERE k = 'a' AND c = 2;",
			rows:   []string{"2: v=live:y"},
		},
		{
			name:    "overwrite keeps the newest cell only",
			script:  "INSERT INTO users (k, c, v) VALUES ('a', 1, 'x');\nUPDATE users SET v = 'z' WHERE k = 'a' AND c = 1;",
			rows:    []string{"1: v=live:z"},
			markers: []string{"1"},
		},
		{
			name:    "deleting a cell writes a cell tombstone",
			script:  "INSERT INTO users (k, c, v, w) VALUES ('a', 1, 'x', 5);\nDELETE v FROM users WHERE k = 'a' AND c = 1;",
			rows:    []string{"1: v=tombstone w=live:5"},
			markers: []string{"1"},
		},
		{
			name:   "deleting a row writes a row tombstone and purges the row",
			script: "INSERT INTO users (k, c, v) VALUES ('a', 1, 'x');\nDELETE FROM users WHERE k = 'a' AND c = 1;",
			rows:   []string{"1: "},
			check: func(t *testing.T, p *layout.Partition) {
				r := p.Rows[0]
				if r.Deletion == nil || r.Live || r.Marker != nil {
					t.Errorf("row: deletion %v live %v marker %v; want a dead row tombstone alone", r.Deletion, r.Live, r.Marker)
				}
			},
		},
		{
			name:   "deleting a clustering range writes a range tombstone",
			script: "INSERT INTO users (k, c, v) VALUES ('a', 1, 'x');\nINSERT INTO users (k, c, v) VALUES ('a', 5, 'y');\nDELETE FROM users WHERE k = 'a' AND c >= 1 AND c < 3;",
			rows:   []string{"5: v=live:y"}, markers: []string{"5"},
			check: func(t *testing.T, p *layout.Partition) {
				if len(p.Ranges) != 1 {
					t.Fatalf("%d range tombstones, want 1", len(p.Ranges))
				}
				rt := p.Ranges[0]
				if got := rt.Start.Clustering[0].Text + " " + rt.End.Clustering[0].Text; got != "1 3" || !rt.Start.Inclusive || rt.End.Inclusive {
					t.Errorf("range [%s] start inclusive %v end inclusive %v; want [1 3), start inclusive, end exclusive", got, rt.Start.Inclusive, rt.End.Inclusive)
				}
			},
		},
		{
			name:   "deleting the partition writes a partition tombstone and purges everything",
			script: "INSERT INTO users (k, c, v, s) VALUES ('a', 1, 'x', 'st');\nDELETE FROM users WHERE k = 'a';",
			check: func(t *testing.T, p *layout.Partition) {
				if p.Deletion == nil || p.Static != nil || p.LiveRows != 0 {
					t.Errorf("partition: deletion %v static %v live rows %d; want a tombstone alone", p.Deletion, p.Static, p.LiveRows)
				}
			},
		},
		{
			name:   "a TTL cell shows as expired after -- @advance",
			script: "UPDATE users USING TTL 10 SET v = 'x' WHERE k = 'a' AND c = 1;\n-- @advance 11s",
			rows:   []string{"1: v=expired:x"},
			check: func(t *testing.T, p *layout.Partition) {
				if p.Rows[0].Live || p.LiveRows != 0 {
					t.Errorf("row live %v, partition live rows %d; want the expired row invisible", p.Rows[0].Live, p.LiveRows)
				}
			},
		},
		{
			name:    "a TTL cell is live before its expiry",
			script:  "INSERT INTO users (k, c, v) VALUES ('a', 1, 'x') USING TTL 10;\n-- @advance 9s",
			rows:    []string{"1: v=live:x"},
			markers: []string{"1"},
			check: func(t *testing.T, p *layout.Partition) {
				c := p.Rows[0].Cells[0]
				mk := p.Rows[0].Marker
				if c.TTL != 10 || mk.TTL != 10 || mk.Expired || c.ExpiresAt != mk.ExpiresAt {
					t.Errorf("cell ttl %d expires %d, marker %+v", c.TTL, c.ExpiresAt, *mk)
				}
			},
		},
		{
			name:    "collection elements are one cell each, in the comparator's order",
			script:  "INSERT INTO users (k, c, tags, m, l) VALUES ('a', 1, {5, -1, 300}, {'b': 2, 'a': 1}, ['z', 'y']);",
			rows:    []string{"1: l=collection_tombstone l[*]=live:z l[*]=live:y m=collection_tombstone m[a]=live:1 m[b]=live:2 tags=collection_tombstone tags[-1]=live: tags[5]=live: tags[300]=live:"},
			markers: []string{"1"},
		},
		{
			name:   "appending to a list adds a cell and no tombstone",
			script: "UPDATE users SET l = l + ['q'] WHERE k = 'a' AND c = 1;",
			rows:   []string{"1: l[*]=live:q"},
		},
		{
			name:   "removing a set element writes an element tombstone",
			script: "UPDATE users SET tags = tags + {1, 2} WHERE k = 'a' AND c = 1;\nUPDATE users SET tags = tags - {1} WHERE k = 'a' AND c = 1;",
			rows:   []string{"1: tags[1]=tombstone tags[2]=live:"},
		},
		{
			name:   "static cells live in the partition's static row",
			script: "UPDATE users SET s = 'shared' WHERE k = 'a';",
			check: func(t *testing.T, p *layout.Partition) {
				if p.Static == nil || cellsOf(p.Static) != "s=live:shared" || len(p.Rows) != 0 || p.LiveRows != 1 {
					t.Errorf("static %v rows %d live rows %d; want the static row alone, counted as one row", p.Static, len(p.Rows), p.LiveRows)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := modelOf(t, usersDDL+tc.script, "users")
			if len(tb.Partitions) != 1 {
				t.Fatalf("%d partitions, want 1", len(tb.Partitions))
			}
			p := &tb.Partitions[0]
			if p.Key[0].Text != "a" || p.Key[0].Hex() != "0x61" || p.Token != -8839064797231613815 {
				t.Errorf("partition key %+v token %d; want a, 0x61, -8839064797231613815", p.Key, p.Token)
			}
			var rows, markers []string
			for i := range p.Rows {
				r := &p.Rows[i]
				rows = append(rows, r.Clustering[0].Text+": "+cellsOf(r))
				if r.Marker != nil {
					markers = append(markers, r.Clustering[0].Text)
				}
			}
			for i := range rows {
				rows[i] = maskListPaths(rows[i])
			}
			if strings.Join(rows, "\n") != strings.Join(tc.rows, "\n") {
				t.Errorf("rows:\n got %q\nwant %q", rows, tc.rows)
			}
			if strings.Join(markers, ",") != strings.Join(tc.markers, ",") {
				t.Errorf("row markers on %q, want %q", markers, tc.markers)
			}
			if tc.check != nil {
				tc.check(t, p)
			}
		})
	}
}

// maskListPaths replaces list element paths (timeuuids) with *.
func maskListPaths(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "l[")
		if i < 0 || (i > 0 && s[i-1] != ' ') {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], ']')
		b.WriteString(s[:i+2] + "*")
		s = s[i+j:]
	}
}

// TestCompactionPurgesTombstones checks that -- @compact drops tombstones
// past gc_grace_seconds and leaves younger ones.
func TestCompactionPurgesTombstones(t *testing.T) {
	script := "CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c)) WITH gc_grace_seconds = 60;\n" +
		"INSERT INTO t (k, c, v) VALUES (1, 1, 'x');\n" +
		"DELETE v FROM t WHERE k = 1 AND c = 1;\n" +
		"DELETE FROM t WHERE k = 2;\n"
	young := modelOf(t, script+"-- @advance 30s\n-- @compact\n", "t")
	// Token order: key 1 (-4069959284402364209) before key 2 (-3248873570005575792).
	if len(young.Partitions) != 2 || cellsOf(&young.Partitions[0].Rows[0]) != "v=tombstone" || young.Partitions[1].Deletion == nil {
		t.Fatalf("before gc_grace: %+v; want both tombstones kept", young.Partitions)
	}
	old := modelOf(t, script+"-- @advance 61s\n-- @compact\n", "t")
	if len(old.Partitions) != 1 || old.Partitions[0].Key[0].Text != "1" {
		t.Fatalf("after gc_grace: %d partitions; want only partition 1", len(old.Partitions))
	}
	if r := old.Partitions[0].Rows[0]; cellsOf(&r) != "" || r.Marker == nil {
		t.Errorf("after gc_grace: row cells %q marker %v; want the marker alone", cellsOf(&r), r.Marker)
	}
}

// TestCompactStorage checks that a COMPACT STORAGE table has no row markers.
func TestCompactStorage(t *testing.T) {
	tb := modelOf(t, "CREATE TABLE e (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE;\nINSERT INTO e (k, c, v) VALUES ('a', 1, 'x');", "e")
	if !tb.Compact {
		t.Error("table not marked compact")
	}
	r := tb.Partitions[0].Rows[0]
	if r.Marker != nil || cellsOf(&r) != "v=live:x" {
		t.Errorf("row marker %v cells %q; want no marker and v=x", r.Marker, cellsOf(&r))
	}
}

// TestRing checks the ring's accounting: ownership covers the token space,
// every replica counts a partition's rows and bytes, and the hot partition
// of a low-cardinality key is first.
func TestRing(t *testing.T) {
	s := runScript(t, "-- @nodes 5 rf 2 vnodes 8\n"+
		"CREATE TABLE t (country text, uid int, PRIMARY KEY (country, uid));\n"+
		"INSERT INTO t (country, uid) VALUES ('us', 1);\nINSERT INTO t (country, uid) VALUES ('us', 2);\n"+
		"INSERT INTO t (country, uid) VALUES ('us', 3);\nINSERT INTO t (country, uid) VALUES ('nz', 4);\n")
	m := layout.Build(peek.State(s), []*schema.Table{peek.DB(s).Schema.Keyspaces["cqlplay"].Tables["t"]})
	r := m.Ring
	if r.Nodes != 5 || r.RF != 2 || r.VNodes != 8 || len(r.Ranges) != 40 || len(r.Loads) != 5 {
		t.Fatalf("ring %d nodes rf %d vnodes %d, %d ranges, %d loads", r.Nodes, r.RF, r.VNodes, len(r.Ranges), len(r.Loads))
	}
	own, parts, rows, bytes := 0.0, 0, 0, 0
	for _, l := range r.Loads {
		own += l.Ownership
		parts += l.Partitions
		rows += l.Rows
		bytes += l.Bytes
		if l.VNodes != 8 {
			t.Errorf("node %d has %d vnodes, want 8", l.Node, l.VNodes)
		}
	}
	if own < 0.999999 || own > 1.000001 {
		t.Errorf("ownership sums to %v, want 1", own)
	}
	us, nz := r.Hot[0], r.Hot[1]
	if us.Key != "'us'" || us.Rows != 3 || len(us.Replicas) != 2 || nz.Key != "'nz'" {
		t.Fatalf("hot partitions %+v", r.Hot)
	}
	if parts != 4 || rows != 8 || bytes != 2*(us.Bytes+nz.Bytes) {
		t.Errorf("loads sum to %d partitions, %d rows, %d bytes; want every partition counted on its 2 replicas", parts, rows, bytes)
	}
	if most := r.Loads[r.MostLoaded-1]; !containsInt(us.Replicas, most.Node) || r.MeanBytes != float64(bytes)/5 {
		t.Errorf("most loaded node %d (mean %v); want a replica of 'us'", most.Node, r.MeanBytes)
	}
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// TestMapJSONDecodes checks the hand-written encoder against encoding/json:
// the model's JSON decodes, and awkward text survives the trip.
func TestMapJSONDecodes(t *testing.T) {
	s := runScript(t, "CREATE TABLE t (k text, c blob, v text, PRIMARY KEY (k, c));\n"+
		"INSERT INTO t (k, c, v) VALUES ('a\"<&>', 0x00ff, 'line\nbreak\té\u2028');\n")
	m := layout.Build(peek.State(s), []*schema.Table{peek.DB(s).Schema.Keyspaces["cqlplay"].Tables["t"]})
	var got struct {
		Now    int64
		Tables []struct {
			Partitions []struct {
				Token string
				Key   []struct{ Text, Hex string }
				Rows  []struct {
					Clustering []struct{ Text, Hex string }
					Marker     struct{ Timestamp int64 }
					Cells      []struct {
						Column, Kind string
						Value        struct{ Text, Hex string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(m.JSON(), &got); err != nil {
		t.Fatalf("%v\n%s", err, m.JSON())
	}
	p := got.Tables[0].Partitions[0]
	r := p.Rows[0]
	want := m.Tables[0].Partitions[0]
	if p.Key[0].Text != `a"<&>` || p.Token != strconv.FormatInt(want.Token, 10) || got.Now != m.Now {
		t.Errorf("partition key %q token %s now %d", p.Key[0].Text, p.Token, got.Now)
	}
	if r.Clustering[0].Hex != "0x00ff" || r.Clustering[0].Text != "0x00ff" || r.Marker.Timestamp != want.Rows[0].Marker.Timestamp {
		t.Errorf("clustering %+v marker %d", r.Clustering[0], r.Marker.Timestamp)
	}
	c := r.Cells[0]
	if c.Column != "v" || c.Kind != "live" || c.Value.Text != want.Rows[0].Cells[0].Value.Text || c.Value.Hex != want.Rows[0].Cells[0].Value.Hex() {
		t.Errorf("cell %+v", c)
	}
}

// TestCLIEscapesComponents checks that a ':' inside a key or clustering
// value is escaped in the cli's composite names, and that a TTL shows.
func TestCLIEscapesComponents(t *testing.T) {
	s := runScript(t, "CREATE TABLE t (k text, c text, v int, PRIMARY KEY (k, c));\n"+
		"INSERT INTO t (k, c, v) VALUES ('a:b', 'x:y', 1) USING TTL 60 AND TIMESTAMP 10;\n")
	got, err := layoutText(s, "cli", "t")
	if err != nil {
		t.Fatal(err)
	}
	want := "[default@cqlplay] list t;\n-------------------\nRowKey: a\\:b\n" +
		"=> (column=x\\:y:, value=, timestamp=10, ttl=60)\n" +
		"=> (column=x\\:y:v, value=00000001, timestamp=10, ttl=60)\n\n1 Row Returned.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestBuildRingMatchesBuild checks that the ring's light build gives the same
// ring as the full model's, on every testdata script.
func TestBuildRingMatchesBuild(t *testing.T) {
	eachScript(t, func(script string, s *engine.Session) {
		var tables []*schema.Table
		for _, name := range peek.DB(s).Schema.Keyspaces["cqlplay"].TableNames() {
			tables = append(tables, peek.DB(s).Schema.Keyspaces["cqlplay"].Tables[name])
		}
		full := layout.Build(peek.State(s), tables).Ring
		light := layout.BuildRing(peek.State(s), tables)
		if !reflect.DeepEqual(full, light) {
			t.Errorf("%s: BuildRing differs from Build's ring:\n%+v\n%+v", script, light, full)
		}
	})
}

// TestDroppedColumnHidden checks that cells of a dropped column, which
// Cassandra never reads again, stay out of every view.
func TestDroppedColumnHidden(t *testing.T) {
	script := "CREATE TABLE t (k int PRIMARY KEY, v int, gone int);\nINSERT INTO t (k, v, gone) VALUES (1, 2, 3) USING TIMESTAMP 7;\nALTER TABLE t DROP gone;\n"
	tb := modelOf(t, script, "t")
	p := tb.Partitions[0]
	if got := cellsOf(&p.Rows[0]); got != "v=live:2" || p.Cells != 1 {
		t.Errorf("cells %q (count %d), want v alone", got, p.Cells)
	}
	s := runScript(t, script)
	for _, form := range []string{"cli", "sstabledump", "tree"} {
		out, _ := layoutText(s, form, "t")
		if strings.Contains(out, "gone") {
			t.Errorf("%s shows the dropped column:\n%s", form, out)
		}
	}
}

// TestCompactStorageCLI checks the legacy layout of COMPACT STORAGE tables:
// the clustering values name the cell, values are decoded, no row marker.
func TestCompactStorageCLI(t *testing.T) {
	tests := []struct{ script, want string }{
		{
			"CREATE TABLE events (key text, column1 int, column2 int, value text, PRIMARY KEY (key, column1, column2)) WITH COMPACT STORAGE;\n" +
				"INSERT INTO events (key, column1, column2, value) VALUES ('k', 1, 2, 'v') USING TIMESTAMP 5;",
			"[default@cqlplay] list events;\n-------------------\nRowKey: k\n=> (column=1:2, value=v, timestamp=5)\n\n1 Row Returned.\n",
		},
		{
			"CREATE TABLE events (key text, name text, value int, PRIMARY KEY (key, name)) WITH COMPACT STORAGE;\n" +
				"INSERT INTO events (key, name, value) VALUES ('k', 'views', 42) USING TIMESTAMP 5;",
			"[default@cqlplay] list events;\n-------------------\nRowKey: k\n=> (column=views, value=42, timestamp=5)\n\n1 Row Returned.\n",
		},
		{
			"CREATE TABLE events (key text PRIMARY KEY, a int, b text) WITH COMPACT STORAGE;\n" +
				"INSERT INTO events (key, a, b) VALUES ('k', 1, 'x') USING TIMESTAMP 5;",
			"[default@cqlplay] list events;\n-------------------\nRowKey: k\n=> (column=a, value=1, timestamp=5)\n=> (column=b, value=x, timestamp=5)\n\n1 Row Returned.\n",
		},
	}
	for _, tc := range tests {
		s := runScript(t, tc.script)
		got, err := layoutText(s, "cli", "events")
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("got\n%s\nwant\n%s", got, tc.want)
		}
	}
}
