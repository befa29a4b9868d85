package schema

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

func mustTable(t *testing.T, src string) *Table {
	t.Helper()
	tb, err := NewTable("ks", parseCreate(t, src), testTypes)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestColumnLifecycle: ALTER TABLE's column changes. A dropped column's ID
// is never given again, so its cells, which the store keeps, stay unread
// by a new column of the same name; re-adding the name (Cassandra finds
// cells by name) keeps the old ID and marks the column Readded with the
// drop's time. Columns stays in SELECT * order throughout.
func TestColumnLifecycle(t *testing.T) {
	tb := mustTable(t, "CREATE TABLE t (k int, c int, b text, d text, PRIMARY KEY (k, c))")
	b, d := tb.Column("b"), tb.Column("d")
	if b.ID == d.ID {
		t.Fatalf("b and d share ID %d", b.ID)
	}
	tb.AddColumn(&Column{Name: "a", Type: cqltype.Simple(cqltype.Int), Kind: Regular})
	tb.AddColumn(&Column{Name: "s", Type: cqltype.Simple(cqltype.Int), Kind: Static})
	if got, want := layout(tb), "k int pk0, c int ck0, s int static, a int regular, b text regular, d text regular"; got != want {
		t.Errorf("after ADD:\n got %s\nwant %s", got, want)
	}
	a := tb.Column("a")
	if a.ID == b.ID || a.ID == d.ID {
		t.Errorf("the new column a took ID %d of b (%d) or d (%d)", a.ID, b.ID, d.ID)
	}

	tb.DropColumn(b, 1000)
	if tb.Column("b") != nil || tb.ColumnByID(b.ID) != nil || tb.Dropped["b"] != b || b.DroppedAt != 1000 {
		t.Errorf("after DROP b: by name %v, by ID %v, dropped %v at %d", tb.Column("b"), tb.ColumnByID(b.ID), tb.Dropped["b"], b.DroppedAt)
	}
	if got, want := layout(tb), "k int pk0, c int ck0, s int static, a int regular, d text regular"; got != want {
		t.Errorf("after DROP:\n got %s\nwant %s", got, want)
	}

	fresh := &Column{Name: "e", Type: cqltype.Simple(cqltype.Text), Kind: Regular}
	tb.AddColumn(fresh)
	for _, id := range []int{a.ID, b.ID, d.ID} {
		if fresh.ID == id {
			t.Errorf("a new column took ID %d, which a column had", id)
		}
	}
	again := &Column{Name: "b", Type: cqltype.Simple(cqltype.Text), Kind: Regular}
	tb.ReAddColumn(again, tb.Dropped["b"])
	if again.ID != b.ID || !again.Readded || again.DroppedAt != 1000 || tb.ColumnByID(b.ID) != again || tb.Column("b") != again {
		t.Errorf("re-added b: ID %d (was %d), readded %v, dropped at %d", again.ID, b.ID, again.Readded, again.DroppedAt)
	}
	if got, want := layout(tb), "k int pk0, c int ck0, s int static, a int regular, b text regular, d text regular, e text regular"; got != want {
		t.Errorf("after re-ADD:\n got %s\nwant %s", got, want)
	}

	tb.RenameColumn(tb.Column("c"), "c2")
	if tb.Column("c") != nil || tb.Column("c2") == nil || tb.Column("c2").Kind != Clustering || tb.Columns[1].Name != "c2" {
		t.Errorf("after RENAME c TO c2: %s", layout(tb))
	}
}

// TestColumnCompare: clustering values compare in their type's order,
// reversed for a DESC column.
func TestColumnCompare(t *testing.T) {
	tb := mustTable(t, "CREATE TABLE t (k int, up int, down int, PRIMARY KEY (k, up, down)) WITH CLUSTERING ORDER BY (up ASC, down DESC)")
	// -1 is ff ff ff ff: a signed comparison, not the bytes'.
	one, two := cqltype.Int32Value(-1), cqltype.Int32Value(2)
	if tb.Column("up").Compare(one, two) >= 0 || tb.Column("down").Compare(one, two) <= 0 || tb.Column("down").Compare(two, two) != 0 {
		t.Errorf("ASC compares -1, 2 as %d; DESC as %d", tb.Column("up").Compare(one, two), tb.Column("down").Compare(one, two))
	}
}

// TestNewSchema: a fresh cluster's keyspaces, as Cassandra 4.1 creates them
// (the distributed ones with SimpleStrategy, the local ones LocalStrategy),
// and the playground's own keyspace; the lists that leave the system ones out.
func TestNewSchema(t *testing.T) {
	s := New()
	want := []string{"cqlplay", "system", "system_auth", "system_distributed", "system_schema", "system_traces", "system_views", "system_virtual_schema"}
	if got := s.KeyspaceNames(); !slices.Equal(got, want) {
		t.Errorf("keyspaces %v, want %v", got, want)
	}
	for name, repl := range map[string]string{
		"system":             "{'class': 'org.apache.cassandra.locator.LocalStrategy'}",
		"system_auth":        "{'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': '1'}",
		"system_distributed": "{'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': '3'}",
		"system_traces":      "{'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': '2'}",
		DefaultKeyspace:      "{'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': '1'}",
	} {
		ks := s.Keyspaces[name]
		if got := Opts(ks.Replication).Text(); got != repl || ks.System != (name != DefaultKeyspace) || !ks.DurableWrites {
			t.Errorf("%s: replication %s, system %v, durable writes %v; want %s", name, got, ks.System, ks.DurableWrites, repl)
		}
	}

	ks := s.Keyspaces[DefaultKeyspace]
	other := &Keyspace{Name: "another", Tables: map[string]*Table{}}
	s.Keyspaces["another"] = other
	users, byName := mustTable(t, "CREATE TABLE users (id int PRIMARY KEY, name text)"), mustTable(t, "CREATE TABLE users_by_name (name text, id int, PRIMARY KEY (name, id))")
	byName.View = &View{Base: users}
	users.Views = []*Table{byName}
	users.Indexes = []*Index{{Name: "users_name_idx", Column: users.Column("name"), Target: "values"}}
	ks.Tables["users"], ks.Tables["users_by_name"] = users, byName
	other.Tables["a"] = mustTable(t, "CREATE TABLE a (k int PRIMARY KEY)")
	s.Keyspaces["system"].Tables["local"] = mustTable(t, "CREATE TABLE local (key text PRIMARY KEY)")

	var names []string
	for _, tb := range s.UserTables() {
		names = append(names, tb.Name)
	}
	if want := []string{"a", "users", "users_by_name"}; !slices.Equal(names, want) {
		t.Errorf("user tables %v, want %v (by keyspace, then name; no system table)", names, want)
	}
	if got := ks.TableNames(); !slices.Equal(got, []string{"users"}) {
		t.Errorf("table names %v, want the table without its view", got)
	}
	if tb, ix := s.FindIndex(DefaultKeyspace, "users_name_idx"); tb != users || ix == nil || ix.Column.Name != "name" {
		t.Errorf("FindIndex: %v %v", tb, ix)
	}
	if tb, ix := s.FindIndex("another", "users_name_idx"); tb != nil || ix != nil {
		t.Error("FindIndex found an index of another keyspace")
	}
	if tb, ix := s.FindIndex("nowhere", "users_name_idx"); tb != nil || ix != nil {
		t.Error("FindIndex found an index in a keyspace that does not exist")
	}

	pt := testTypes("ks", "point")
	ks.Types = []*cqltype.Type{testTypes("ks", "address"), pt}
	pt2 := *pt
	pt2.Name = "a_point"
	ks.Types = append(ks.Types, &pt2)
	if got := ks.TypeNames(); !slices.Equal(got, []string{"a_point", "address", "point"}) {
		t.Errorf("type names %v, want them sorted", got)
	}
	if s.UserTypes(DefaultKeyspace, "point") != pt || s.UserTypes("another", "point") != nil || s.UserTypes("nowhere", "point") != nil {
		t.Error("UserTypes finds a type outside its keyspace, or not in it")
	}
}

// TestClone: DDL on a clone of the schema leaves the original alone (and
// the other way round), and the clone's views, indexes and tables point at
// the clone's own tables and columns.
func TestClone(t *testing.T) {
	s := New()
	ks := s.Keyspaces[DefaultKeyspace]
	base := mustTable(t, "CREATE TABLE base (k int, c int, v text, w text, PRIMARY KEY (k, c))")
	view := mustTable(t, "CREATE TABLE mv (v text, k int, c int, PRIMARY KEY (v, k, c))")
	view.View = &View{Base: base, Where: "v IS NOT NULL"}
	base.Views = []*Table{view}
	base.Indexes = []*Index{{Name: "w_idx", Column: base.Column("w"), Target: "values"}}
	base.DropColumn(base.Column("w"), 5)
	base.AddColumn(&Column{Name: "x", Type: cqltype.Simple(cqltype.Int), Kind: Regular})
	ks.Tables["base"], ks.Tables["mv"] = base, view
	ks.Replication = [][2]string{{"class", "SimpleStrategy"}, {"replication_factor", "1"}}

	c, tables := s.Clone()
	cb, cv := tables[base], tables[view]
	if cb == nil || cb == base || cv == nil || c.Keyspaces[DefaultKeyspace].Tables["base"] != cb {
		t.Fatalf("the clone's tables: %v %v", cb, cv)
	}
	if cv.View.Base != cb || cb.Views[0] != cv || cb.Indexes[0].Column != cb.Dropped["w"] {
		t.Error("the clone's view, base or index points into the original")
	}
	if layout(cb) != layout(base) {
		t.Errorf("clone %s, original %s", layout(cb), layout(base))
	}

	// DDL on the clone.
	cb.DropColumn(cb.Column("v"), 9)
	cb.AddColumn(&Column{Name: "y", Type: cqltype.Simple(cqltype.Int), Kind: Regular})
	cb.RenameColumn(cb.Column("c"), "c2")
	cb.Options["comment"] = "'changed'"
	cv.View.Where = "changed"
	c.Keyspaces[DefaultKeyspace].Replication[0][1] = "NetworkTopologyStrategy"
	if got, want := layout(base), "k int pk0, c int ck0, v text regular, x int regular"; got != want {
		t.Errorf("DDL on the clone changed the original:\n got %s\nwant %s", got, want)
	}
	if base.Column("v").DroppedAt != 0 || base.Options["comment"] != "" || view.View.Where != "v IS NOT NULL" || ks.Replication[0][1] != "SimpleStrategy" {
		t.Error("DDL on the clone changed the original's columns, options, view or replication")
	}
	// And on the original: the clone keeps its ID counter and columns.
	base.AddColumn(&Column{Name: "z", Type: cqltype.Simple(cqltype.Int), Kind: Regular})
	if cb.Column("z") != nil || !strings.Contains(layout(cb), "y int regular") {
		t.Errorf("DDL on the original changed the clone: %s", layout(cb))
	}
	if cb.Column("y").ID != base.Column("z").ID {
		t.Error("the clone and the original gave their next new columns different IDs: the ID counter was not copied")
	}
}

// TestPrepareReplication: the replication a keyspace gets from what CREATE or
// ALTER KEYSPACE gives, as ReplicationParams.fromMapWithDefaults and
// NetworkTopologyStrategy.prepareOptions complete it.
func TestPrepareReplication(t *testing.T) {
	const simple, nts = "SimpleStrategy", "NetworkTopologyStrategy"
	tests := []struct {
		name           string
		repl, previous [][2]string
		want           [][2]string
	}{
		{"simple, default factor", [][2]string{{"class", simple}}, nil, [][2]string{{"class", simple}, {"replication_factor", "1"}}},
		{"simple, given", [][2]string{{"replication_factor", "3"}, {"class", simple}}, nil, [][2]string{{"class", simple}, {"replication_factor", "3"}}},
		{"simple, the factor it had", [][2]string{{"class", simple}}, [][2]string{{"class", simple}, {"replication_factor", "2"}}, [][2]string{{"class", simple}, {"replication_factor", "2"}}},
		{"nts, a factor for every data centre", [][2]string{{"class", nts}, {"replication_factor", "3"}}, nil, [][2]string{{"class", nts}, {"datacenter1", "3"}}},
		{"nts, nothing given", [][2]string{{"class", nts}}, nil, [][2]string{{"class", nts}, {"datacenter1", "1"}}},
		{"nts, nothing given on ALTER", [][2]string{{"class", nts}}, [][2]string{{"class", simple}, {"replication_factor", "2"}}, [][2]string{{"class", nts}, {"datacenter1", "2"}}},
		{"nts, a data centre named", [][2]string{{"class", nts}, {"datacenter1", "2"}}, nil, [][2]string{{"class", nts}, {"datacenter1", "2"}}},
		{"nts, an unknown data centre is kept as given", [][2]string{{"class", nts}, {"dc2", "2"}}, nil, [][2]string{{"class", nts}, {"dc2", "2"}}},
		{"nts, ALTER keeps the data centres it had", [][2]string{{"class", nts}, {"replication_factor", "3"}}, [][2]string{{"class", nts}, {"dc2", "1"}}, [][2]string{{"class", nts}, {"dc2", "1"}, {"datacenter1", "3"}}},
		{"nts, 0 drops a data centre", [][2]string{{"class", nts}, {"datacenter1", "0"}, {"dc2", "2"}}, nil, [][2]string{{"class", nts}, {"dc2", "2"}}},
		{"another class is left as given", [][2]string{{"class", "org.example.Mine"}, {"x", "y"}}, nil, [][2]string{{"class", "org.example.Mine"}, {"x", "y"}}},
	}
	for _, tt := range tests {
		if got := PrepareReplication(tt.repl, tt.previous); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: PrepareReplication(%v, %v) = %v, want %v", tt.name, tt.repl, tt.previous, got, tt.want)
		}
	}
}

// TestOpts: a map option's entries, printed with their keys sorted whatever
// order they were written in, replaced in place or added at the end.
func TestOpts(t *testing.T) {
	o := Opts{{"min_threshold", "4"}, {"class", "X"}, {"max_threshold", "32"}}
	if got := o.Text(); got != "{'class': 'X', 'max_threshold': '32', 'min_threshold': '4'}" {
		t.Errorf("Text() = %s", got)
	}
	if o[0][0] != "min_threshold" {
		t.Error("Text sorted the options in place")
	}
	if got := o.With("class", "Y").With("extra", "1"); !reflect.DeepEqual(got, Opts{{"min_threshold", "4"}, {"max_threshold", "32"}, {"class", "Y"}, {"extra", "1"}}) {
		t.Errorf("With: %v", got)
	}
	if v, ok := o.Without("class").Get("class"); ok || v != "" {
		t.Error("Without left the key")
	}
	if (Opts{}).Text() != "{}" {
		t.Error("no options print as {}")
	}
}

// TestJavaHash: String.hashCode over UTF-16 code units (a character beyond
// the BMP is a surrogate pair), and the order in which a java.util.HashMap
// iterates its keys: by bucket, then by insertion in a bucket; and the
// table sizes its constructors and growth give.
func TestJavaHash(t *testing.T) {
	for s, want := range map[string]int32{"": 0, "a": 97, "Aa": 2112, "BB": 2112, "hello": 99162322, "compaction": -857971195, "😀": 1772899} {
		if got := JavaStringHash(s); got != want {
			t.Errorf("JavaStringHash(%q) = %d, want %d", s, got, want)
		}
	}
	for _, tt := range []struct {
		keys     []string
		capacity int
		want     []string
	}{
		{[]string{"c", "a", "b"}, 16, []string{"a", "b", "c"}},
		// "q" (113) and "a" (97) share bucket 1 of 16: in insertion order.
		{[]string{"q", "b", "a"}, 16, []string{"q", "a", "b"}},
		{[]string{"BB", "Aa"}, 16, []string{"BB", "Aa"}},
		// "hello" (0x05e918d2) is in bucket 2 by its low bits, 11 once
		// HashMap.hash spreads the high bits down: after "c" (3).
		{[]string{"hello", "c"}, 16, []string{"c", "hello"}},
		// In 128 buckets they part: 113 and 97 are their own buckets.
		{[]string{"q", "b", "a"}, 128, []string{"a", "b", "q"}},
	} {
		if got := HashMapOrder(tt.keys, JavaStringHash, tt.capacity); !slices.Equal(got, tt.want) {
			t.Errorf("HashMapOrder(%v, %d) = %v, want %v", tt.keys, tt.capacity, got, tt.want)
		}
	}
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"new HashMap<>() with 12 keys", DefaultCapacity(12), 16},
		{"new HashMap<>() with 13 keys", DefaultCapacity(13), 32},
		{"new HashMap<>(3) with 3 keys", SizedCapacity(3), 4},
		{"new HashMap<>(4) with 4 keys", SizedCapacity(4), 8},
		{"new HashMap<>(m) of 3 keys", CopiedCapacity(3, 3), 8},
		{"new HashMap<>(m) of 3 keys, then 7", CopiedCapacity(3, 7), 16},
		{"new HashMap<>(m) of no keys, then 13", CopiedCapacity(0, 13), 32},
	} {
		if c.got != c.want {
			t.Errorf("%s: table of %d, want %d", c.name, c.got, c.want)
		}
	}
}
