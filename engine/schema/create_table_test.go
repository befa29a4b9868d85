package schema

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// parseCreate parses one CREATE TABLE statement.
func parseCreate(t *testing.T, src string) *cql.CreateTable {
	t.Helper()
	items := cql.Parse(src)
	if len(items) != 1 || items[0].Err != nil {
		t.Fatalf("parsing %q: %+v", src, items)
	}
	ct, ok := items[0].Stmt.(*cql.CreateTable)
	if !ok {
		t.Fatalf("%q is a %T, not a CREATE TABLE", src, items[0].Stmt)
	}
	return ct
}

// testTypes holds one user type, ks.address, non-frozen with a non-frozen
// list field, and ks.point, with simple fields only.
func testTypes(ks, name string) *cqltype.Type {
	switch {
	case ks != "ks":
	case name == "address":
		return cqltype.UserTypeOf(ks, name, []string{"lines"}, []*cqltype.Type{cqltype.ListOf(cqltype.Simple(cqltype.Text), false)}, false)
	case name == "point":
		return cqltype.UserTypeOf(ks, name, []string{"x", "y"}, []*cqltype.Type{cqltype.Simple(cqltype.Int), cqltype.Simple(cqltype.Int)}, false)
	}
	return nil
}

// layout prints a table's columns in SELECT * order with their kinds,
// positions, order and whether the store addresses them by ID.
func layout(tb *Table) string {
	var b []string
	for _, c := range tb.Columns {
		s := c.Name + " " + c.Type.String() + " "
		switch c.Kind {
		case PartitionKey:
			s += "pk" + strconv.Itoa(c.Position)
		case Clustering:
			s += "ck" + strconv.Itoa(c.Position)
			if c.Desc {
				s += " desc"
			}
		case Static:
			s += "static"
		case Regular:
			s += "regular"
		}
		if tb.Column(c.Name) != c {
			s += " (not found by name)"
		}
		if !c.IsPrimaryKey() && tb.ColumnByID(c.ID) != c {
			s += " (not found by ID)"
		}
		b = append(b, s)
	}
	return strings.Join(b, ", ")
}

// TestNewTable: the columns a CREATE TABLE gives, in the order SELECT *
// lists them (partition key, clustering, then statics and regulars each by
// name, whatever order they were declared in), and what the table is.
func TestNewTable(t *testing.T) {
	tests := []struct {
		src, layout string
		counter     bool
		compact     bool
		dense       bool
		ttl, grace  int
	}{
		{src: "CREATE TABLE t (k int PRIMARY KEY, v text)", layout: "k int pk0, v text regular", grace: DefaultGCGrace},
		{src: "CREATE TABLE t (z text, a int, k int, c2 int, c1 timestamp, s text STATIC, PRIMARY KEY ((k, z), c1, c2)) WITH CLUSTERING ORDER BY (c1 DESC)",
			layout: "k int pk0, z text pk1, c1 timestamp ck0 desc, c2 int ck1, s text static, a int regular", grace: DefaultGCGrace},
		{src: "CREATE TABLE t (k int, c int, n counter, m counter, PRIMARY KEY (k, c))", layout: "k int pk0, c int ck0, m counter regular, n counter regular",
			counter: true, grace: DefaultGCGrace},
		{src: "CREATE TABLE t (k int, c int, v blob, PRIMARY KEY (k, c)) WITH COMPACT STORAGE", layout: "k int pk0, c int ck0, v blob regular",
			compact: true, dense: true, grace: DefaultGCGrace},
		{src: "CREATE TABLE t (k int PRIMARY KEY, b int, a int) WITH COMPACT STORAGE", layout: "k int pk0, a int regular, b int regular", compact: true, grace: DefaultGCGrace},
		{src: "CREATE TABLE t (k int PRIMARY KEY, v frozen<list<int>>, p point) WITH default_time_to_live = 60 AND gc_grace_seconds = 0",
			layout: "k int pk0, p point regular, v frozen<list<int>> regular", ttl: 60, grace: 0},
	}
	for _, tt := range tests {
		tb, err := NewTable("ks", parseCreate(t, tt.src), testTypes)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if got := layout(tb); got != tt.layout {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.layout)
		}
		if tb.Counter != tt.counter || tb.Compact != tt.compact || tb.Dense != tt.dense || tb.DefaultTTL != tt.ttl || tb.GCGrace != tt.grace {
			t.Errorf("%s: counter %v compact %v dense %v ttl %d grace %d, want %v %v %v %d %d", tt.src,
				tb.Counter, tb.Compact, tb.Dense, tb.DefaultTTL, tb.GCGrace, tt.counter, tt.compact, tt.dense, tt.ttl, tt.grace)
		}
		if tb.Qualified() != "ks.t" || tb.HasClustering() != (len(tb.ClusteringCs) > 0) {
			t.Errorf("%s: qualified %q", tt.src, tb.Qualified())
		}
	}
}

// TestNewTableErrors: Cassandra's message for each CREATE TABLE it refuses,
// and which one comes first when a statement breaks several rules
// (CreateTableStatement's order: the raw checks, the options, the types,
// the key, the clustering order, then compact storage, statics and counters).
func TestNewTableErrors(t *testing.T) {
	tests := []struct {
		src  string
		code cqlerr.Code
		want string
	}{
		{"CREATE TABLE t (k int, k text, PRIMARY KEY (x))", cqlerr.InvalidRequest, "Duplicate column 'k' declaration for table 't'"},
		{"CREATE TABLE t (k int PRIMARY KEY, v int, PRIMARY KEY (v))", cqlerr.InvalidRequest, "Multiple PRIMARY KEY specified for table 't' (exactly one required)"},
		{"CREATE TABLE t (k int, v int)", cqlerr.InvalidRequest, "No PRIMARY KEY specifed for table 't' (exactly one required)"},
		{"CREATE TABLE t (k int, c int, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (c ASC, c DESC)", cqlerr.InvalidRequest, "Duplicate column 'c' in CLUSTERING ORDER BY clause for table 't'"},
		// The raw checks come before the options, the options before the columns.
		{"CREATE TABLE t (k int, v int) WITH nonsense = 1", cqlerr.InvalidRequest, "No PRIMARY KEY specifed for table 't' (exactly one required)"},
		{"CREATE TABLE t (k int PRIMARY KEY, v list<int>) WITH nonsense = 1", cqlerr.SyntaxException, "Unknown property 'nonsense'"},
		{"CREATE TABLE t (k int PRIMARY KEY, a address)", cqlerr.InvalidRequest, "Non-frozen UDTs with nested non-frozen collections are not supported"},
		{"CREATE TABLE t (k int, PRIMARY KEY (x))", cqlerr.InvalidRequest, "Unknown column 'x' referenced in PRIMARY KEY for table 't'"},
		{"CREATE TABLE t (k int, PRIMARY KEY (k, k))", cqlerr.InvalidRequest, "Duplicate column 'k' in PRIMARY KEY clause for table 't'"},
		{"CREATE TABLE t (k list<int> PRIMARY KEY)", cqlerr.InvalidRequest, "Invalid non-frozen collection type list<int> for PRIMARY KEY column 'k'"},
		{"CREATE TABLE t (k point PRIMARY KEY)", cqlerr.InvalidRequest, "Invalid non-frozen user-defined type \"ks.point\" for PRIMARY KEY column 'k'"},
		{"CREATE TABLE t (k counter PRIMARY KEY, v counter)", cqlerr.InvalidRequest, "counter type is not supported for PRIMARY KEY column 'k'"},
		{"CREATE TABLE t (k frozen<map<int, duration>> PRIMARY KEY)", cqlerr.InvalidRequest, "duration type is not supported for PRIMARY KEY column 'k'"},
		{"CREATE TABLE t (k int, c int STATIC, PRIMARY KEY (k, c))", cqlerr.InvalidRequest, "Static column 'c' cannot be part of the PRIMARY KEY"},
		{"CREATE TABLE t (k int, c int, d int, PRIMARY KEY (k, c)) WITH CLUSTERING ORDER BY (d ASC, k DESC)", cqlerr.InvalidRequest, "Only clustering key columns can be defined in CLUSTERING ORDER directive: [d, k] are not clustering columns"},
		{"CREATE TABLE t (k int, c int, d int, PRIMARY KEY (k, c, d)) WITH CLUSTERING ORDER BY (d ASC, c DESC)", cqlerr.InvalidRequest, "The order of columns in the CLUSTERING ORDER directive must match that of the clustering columns (c must appear before d)"},
		{"CREATE TABLE t (k int, c int, d int, PRIMARY KEY (k, c, d)) WITH CLUSTERING ORDER BY (d ASC)", cqlerr.InvalidRequest, "Missing CLUSTERING ORDER for column c"},
		{"CREATE TABLE t (k int PRIMARY KEY, s int STATIC)", cqlerr.InvalidRequest, "Static columns are only useful (and thus allowed) if the table has at least one clustering column"},
		{"CREATE TABLE t (k int PRIMARY KEY, n counter, v int)", cqlerr.InvalidRequest, "Cannot mix counter and non counter columns in the same table"},
		{"CREATE TABLE t (k int PRIMARY KEY, n counter) WITH default_time_to_live = 5", cqlerr.InvalidRequest, "Cannot set default_time_to_live on a table with counters"},
		{"CREATE TABLE t (k int PRIMARY KEY, v set<int>) WITH COMPACT STORAGE", cqlerr.InvalidRequest, "Non-frozen collections and UDTs are not supported with COMPACT STORAGE"},
		{"CREATE TABLE t (k int, c int, s int STATIC, PRIMARY KEY (k, c)) WITH COMPACT STORAGE", cqlerr.InvalidRequest, "Static columns are not supported in COMPACT STORAGE tables"},
		{"CREATE TABLE t (k int PRIMARY KEY) WITH COMPACT STORAGE", cqlerr.InvalidRequest, "No definition found that is not part of the PRIMARY KEY"},
		{"CREATE TABLE t (k int, c int, b int, a int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE", cqlerr.InvalidRequest, "COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of the PRIMARY KEY (got: a, b)"},
	}
	for _, tt := range tests {
		tb, err := NewTable("ks", parseCreate(t, tt.src), testTypes)
		if err == nil {
			t.Errorf("%s: made a table %s, want %q", tt.src, layout(tb), tt.want)
			continue
		}
		if err.Code != tt.code || err.Message != tt.want {
			t.Errorf("%s:\n got %s %q\nwant %s %q", tt.src, err.Code, err.Message, tt.code, tt.want)
		}
	}
}

// TestTableOptions: WITH options as DESCRIBE prints them once read (a
// double as Java prints it, a policy as its toString does), the defaults
// that depend on other options, and the values Cassandra refuses.
func TestTableOptions(t *testing.T) {
	tests := []struct {
		with string
		want map[string]string // options the table must have; nil when it fails
		err  string
	}{
		{with: "crc_check_chance = 1 AND bloom_filter_fp_chance = 0.05 AND comment = 'it''s'",
			want: map[string]string{"crc_check_chance": "1.0", "bloom_filter_fp_chance": "0.05", "comment": "'it''s'"}},
		{with: "speculative_retry = '99PERCENTILE' AND additional_write_policy = 'none'",
			want: map[string]string{"speculative_retry": "'99p'", "additional_write_policy": "'NEVER'"}},
		{with: "speculative_retry = '12.5ms'", want: map[string]string{"speculative_retry": "'12ms'"}},
		{with: "speculative_retry = 'max(50ms, 99.9p)'", want: map[string]string{"speculative_retry": "'MAX(99.9p,50ms)'"}},
		{with: "read_repair = 'none'", want: map[string]string{"read_repair": "'NONE'"}},
		// Leveled compaction lowers a new table's bloom filter default to 0.1.
		{with: "compaction = {'class': 'LeveledCompactionStrategy'}", want: map[string]string{"bloom_filter_fp_chance": "0.1"}},
		{with: "compaction = {'class': 'LeveledCompactionStrategy'} AND bloom_filter_fp_chance = 0.02", want: map[string]string{"bloom_filter_fp_chance": "0.02"}},
		{with: "comment = 'a' AND comment = 'b'", err: "Multiple definition for property 'comment'"},
		{with: "read_repair_chance = 0.1", err: "Unknown property 'read_repair_chance'"},
		{with: "gc_grace_seconds = 'soon'", err: "Invalid integer value soon for 'gc_grace_seconds'"},
		{with: "gc_grace_seconds = 3000000000", err: "Invalid integer value 3000000000 for 'gc_grace_seconds'"},
		{with: "crc_check_chance = 'x'", err: "Invalid double value x for 'crc_check_chance'"},
		{with: "comment = {'a': 'b'}", err: "Invalid value for property 'comment'. It should be a string"},
		{with: "bloom_filter_fp_chance = 0", err: "bloom_filter_fp_chance must be larger than 6.71E-5 and less than or equal to 1.0 (got 0.0)"},
		{with: "default_time_to_live = 630720001", err: "default_time_to_live must be less than or equal to 630720000 (got 630720001)"},
		{with: "max_index_interval = 64", err: "max_index_interval must be greater than or equal to min_index_interval (128) (got 64)"},
		{with: "speculative_retry = '100p'", err: "Invalid value 100p for PERCENTILE option 'speculative_retry': must be between (0.0 and 100.0)"},
		{with: "speculative_retry = 'sometimes'", err: "Invalid value sometimes for option 'speculative_retry'"},
		{with: "read_repair = 'sometimes'", err: "java.lang.IllegalArgumentException: No enum constant org.apache.cassandra.service.reads.repair.ReadRepairStrategy.SOMETIMES"},
		// The options are read in TableAttributes.build's order, not as written.
		{with: "min_index_interval = 'x' AND gc_grace_seconds = 'y'", err: "Invalid integer value y for 'gc_grace_seconds'"},
	}
	for _, tt := range tests {
		src := "CREATE TABLE t (k int PRIMARY KEY, v int) WITH " + tt.with
		tb, err := NewTable("ks", parseCreate(t, src), nil)
		switch {
		case tt.err != "":
			if err == nil || err.Message != tt.err {
				t.Errorf("%s: error %v, want %q", tt.with, err, tt.err)
			}
			continue
		case err != nil:
			t.Errorf("%s: %v", tt.with, err)
			continue
		}
		for k, v := range tt.want {
			if tb.Options[k] != v {
				t.Errorf("%s: %s = %q, want %q", tt.with, k, tb.Options[k], v)
			}
		}
	}
}

// TestAlterProperties: ALTER TABLE ... WITH checks the new options against
// the table's own, and a statement that fails changes none of them.
func TestAlterProperties(t *testing.T) {
	withProps := func(src string) []cql.Property {
		return parseCreate(t, "CREATE TABLE x (k int PRIMARY KEY) WITH "+src).Properties
	}

	tb, err := NewTable("ks", parseCreate(t, "CREATE TABLE t (k int PRIMARY KEY, v int) WITH min_index_interval = 256 AND comment = 'old'"), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Valid alone against the defaults (128), not against the table's 256.
	if err := tb.AlterProperties(withProps("comment = 'new' AND max_index_interval = 200")); err == nil ||
		err.Message != "max_index_interval must be greater than or equal to min_index_interval (256) (got 200)" {
		t.Errorf("max_index_interval under the table's min_index_interval: %v", err)
	}
	if tb.Options["comment"] != "'old'" || tb.Options["max_index_interval"] != "" {
		t.Errorf("a failed ALTER changed the options: %v", tb.Options)
	}
	if err := tb.AlterProperties(withProps("default_time_to_live = 30 AND comment = 'new'")); err != nil {
		t.Fatal(err)
	}
	if tb.DefaultTTL != 30 || tb.Options["comment"] != "'new'" || tb.Options["min_index_interval"] != "256" {
		t.Errorf("after ALTER: ttl %d, options %v", tb.DefaultTTL, tb.Options)
	}

	counters, err := NewTable("ks", parseCreate(t, "CREATE TABLE c (k int PRIMARY KEY, n counter)"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := counters.AlterProperties(withProps("default_time_to_live = 1")); err == nil || err.Message != "Cannot set default_time_to_live on a table with counters" {
		t.Errorf("a default TTL on a counter table: %v", err)
	}

	// A view keeps gc_grace_seconds above 0 and no default TTL; its base
	// keeps gc_grace_seconds above 0 too.
	view, _ := NewTable("ks", parseCreate(t, "CREATE TABLE mv (v int, k int, PRIMARY KEY (v, k))"), nil)
	view.View = &View{Base: tb}
	tb.Views = append(tb.Views, view)
	for _, c := range []struct {
		tb   *Table
		with string
		want string
	}{
		{view, "gc_grace_seconds = 0", "Cannot alter gc_grace_seconds of a materialized view to 0, since this value is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed."},
		{view, "default_time_to_live = 5", "Forbidden default_time_to_live detected for a materialized view. Data in a materialized view always expire at the same time than the corresponding data in the parent table. default_time_to_live must be set to zero, see CASSANDRA-12868 for more information"},
		{tb, "gc_grace_seconds = 0", "Cannot alter gc_grace_seconds of the base table of a materialized view to 0, since this value is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed."},
	} {
		if err := c.tb.AlterProperties(withProps(c.with)); err == nil || err.Message != c.want {
			t.Errorf("%s on %s: %v, want %q", c.with, c.tb.Name, err, c.want)
		}
	}
	if err := view.AlterProperties(withProps("comment = 'v'")); err != nil {
		t.Errorf("a view's comment: %v", err)
	}
}
