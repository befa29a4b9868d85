package server_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/gocql/gocql"
)

// TestPaging reads a few thousand rows a page at a time: every row once,
// in token order, as many pages as the page size makes.
func TestPaging(t *testing.T) {
	_, s := ksSession(t)
	mustExec(t, s, "CREATE TABLE p (k int, c int, v text, PRIMARY KEY (k, c))")
	b := s.NewBatch(gocql.UnloggedBatch)
	const n = 3000
	for i := 0; i < n; i++ {
		b.Query("INSERT INTO p (k, c, v) VALUES (?, ?, ?)", i%30, i, fmt.Sprint("v", i))
		if len(b.Entries) == 100 {
			if err := s.ExecuteBatch(b); err != nil {
				t.Fatal(err)
			}
			b = s.NewBatch(gocql.UnloggedBatch)
		}
	}
	for _, size := range []int{7, 100, 5000} {
		iter := s.Query("SELECT k, c, v FROM p").PageSize(size).Iter()
		seen := map[int]bool{}
		var k, c int
		var v string
		for iter.Scan(&k, &c, &v) {
			if seen[c] || v != fmt.Sprint("v", c) || k != c%30 {
				t.Fatalf("page size %d: row %d %d %q seen=%v", size, k, c, v, seen[c])
			}
			seen[c] = true
		}
		if err := iter.Close(); err != nil {
			t.Fatal(err)
		}
		if len(seen) != n {
			t.Errorf("page size %d: %d rows, want %d", size, len(seen), n)
		}
	}
}

// TestBatchLWTCounters covers the writes with results: a logged batch of
// simple and prepared statements, a conditional write's [applied] row, a
// counter batch.
func TestBatchLWTCounters(t *testing.T) {
	_, s := ksSession(t)
	mustExec(t, s,
		"CREATE TABLE users (id int PRIMARY KEY, name text, email text)",
		"CREATE TABLE hits (page text PRIMARY KEY, n counter)")
	b := s.NewBatch(gocql.LoggedBatch)
	b.Query("INSERT INTO users (id, name) VALUES (1, 'ann')")
	b.Query("INSERT INTO users (id, name) VALUES (?, ?)", 2, "bob")
	b.Query("UPDATE users SET email = ? WHERE id = ?", "ann@x", 1)
	if err := s.ExecuteBatch(b); err != nil {
		t.Fatal(err)
	}
	var name, email string
	if err := s.Query("SELECT name, email FROM users WHERE id = 1").Scan(&name, &email); err != nil || name != "ann" || email != "ann@x" {
		t.Errorf("after batch: %q %q %v", name, email, err)
	}

	got := map[string]any{}
	applied, err := s.Query("INSERT INTO users (id, name) VALUES (?, ?) IF NOT EXISTS", 1, "carl").MapScanCAS(got)
	if err != nil || applied || got["name"] != "ann" || got["id"] != 1 {
		t.Errorf("IF NOT EXISTS on a row that exists: applied=%v %v %v", applied, got, err)
	}
	applied, err = s.Query("UPDATE users SET name = ? WHERE id = ? IF name = ?", "anna", 1, "ann").ScanCAS()
	if err != nil || !applied {
		t.Errorf("IF name = 'ann': applied=%v %v", applied, err)
	}

	// A conditional batch whose condition fails: [applied] false, with the
	// row the condition read.
	lb := s.NewBatch(gocql.LoggedBatch)
	lb.Query("UPDATE users SET email = ? WHERE id = ? IF name = ?", "x", 2, "nobody")
	lb.Query("UPDATE users SET name = ? WHERE id = ?", "bobby", 2)
	row := map[string]any{}
	applied, iter, err := s.MapExecuteBatchCAS(lb, row)
	if err != nil || applied || row["name"] != "bob" || row["id"] != 2 {
		t.Errorf("conditional batch: applied=%v %v %v", applied, row, err)
	}
	if iter != nil {
		iter.Close()
	}

	cb := s.NewBatch(gocql.CounterBatch)
	cb.Query("UPDATE hits SET n = n + ? WHERE page = ?", int64(5), "/")
	cb.Query("UPDATE hits SET n = n + 1 WHERE page = '/'")
	if err := s.ExecuteBatch(cb); err != nil {
		t.Fatal(err)
	}
	if err := s.Query("UPDATE hits SET n = n - ? WHERE page = ?", int64(2), "/").Exec(); err != nil {
		t.Fatal(err)
	}
	var n int64
	if err := s.Query("SELECT n FROM hits WHERE page = '/'").Scan(&n); err != nil || n != 4 {
		t.Errorf("counter: %d %v", n, err)
	}
}

// TestNamedValues binds values by name (a ? takes its column's name, a
// :name marker its own). gocql marshals them in the markers' order; the
// byte-level client sends them in another (TestNamedValuesReordered).
func TestNamedValues(t *testing.T) {
	_, s := ksSession(t)
	mustExec(t, s, "CREATE TABLE nv (k int PRIMARY KEY, a text, b text)")
	err := s.Query("INSERT INTO nv (k, a, b) VALUES (?, :first, ?)",
		gocql.NamedValue("k", 1), gocql.NamedValue("first", "ay"), gocql.NamedValue("b", "bee")).Exec()
	if err != nil {
		t.Fatal(err)
	}
	var a, b string
	if err := s.Query("SELECT a, b FROM nv WHERE k = ?", gocql.NamedValue("k", 1)).Scan(&a, &b); err != nil || a != "ay" || b != "bee" {
		t.Errorf("%q %q %v", a, b, err)
	}
}

// TestErrors checks each error's code and its exact message.
func TestErrors(t *testing.T) {
	_, s := ksSession(t)
	mustExec(t, s, "CREATE TABLE t (k int PRIMARY KEY, v int)")
	tests := []struct {
		query string
		args  []any
		code  int
		msg   string
	}{
		{"SELEC * FROM t", nil, gocql.ErrCodeSyntax, "line 1:0 no viable alternative at input 'SELEC' ([SELEC]...)"},
		{"SELECT * FROM nope", nil, gocql.ErrCodeInvalid, "table nope does not exist"},
		{"SELECT * FROM t WHERE v = 1", nil, gocql.ErrCodeInvalid, "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING"},
		{"CREATE TABLE t (k int PRIMARY KEY)", nil, gocql.ErrCodeAlreadyExists, "Cannot add already existing table \"t\" to keyspace \"ks\""},
		{"INSERT INTO t (k, v) VALUES (?, ?)", []any{1, badInt{}}, gocql.ErrCodeInvalid, "Expected 4 or 0 byte int (3)"},
		{"INSERT INTO t (k, v) VALUES (?, ?)", []any{nil, 1}, gocql.ErrCodeInvalid, "Invalid null value in condition for column k"},
	}
	for _, tt := range tests {
		err := s.Query(tt.query, tt.args...).Exec()
		var re gocql.RequestError
		if !errors.As(err, &re) {
			t.Errorf("%s: %v, want a request error", tt.query, err)
			continue
		}
		if re.Code() != tt.code || re.Message() != tt.msg {
			t.Errorf("%s:\n got %#x %q\nwant %#x %q", tt.query, re.Code(), re.Message(), tt.code, tt.msg)
		}
	}
	err := s.Query("CREATE TABLE t (k int PRIMARY KEY)").Exec()
	var ae *gocql.RequestErrAlreadyExists
	if !errors.As(err, &ae) || ae.Keyspace != "ks" || ae.Table != "t" {
		t.Errorf("AlreadyExists carries %+v", ae)
	}
}

// badInt marshals to 3 bytes, which no int is.
type badInt struct{}

func (badInt) MarshalCQL(gocql.TypeInfo) ([]byte, error) { return []byte{1, 2, 3}, nil }

// TestMetadata reads gocql's view of the schema, which it builds from
// system_schema on the wire.
func TestMetadata(t *testing.T) {
	_, s := ksSession(t)
	mustExec(t, s,
		"CREATE TYPE addr (street text, zip int)",
		"CREATE TABLE m (k int, c text, v frozen<addr>, l list<int>, PRIMARY KEY ((k), c)) WITH CLUSTERING ORDER BY (c DESC)",
		"CREATE INDEX m_l ON m (v)",
		"CREATE MATERIALIZED VIEW m_by_c AS SELECT * FROM m WHERE c IS NOT NULL AND k IS NOT NULL PRIMARY KEY (c, k)")
	md, err := s.KeyspaceMetadata("ks")
	if err != nil {
		t.Fatal(err)
	}
	tm := md.Tables["m"]
	if tm == nil {
		t.Fatalf("tables %v", md.Tables)
	}
	if len(tm.PartitionKey) != 1 || tm.PartitionKey[0].Name != "k" || len(tm.ClusteringColumns) != 1 || tm.ClusteringColumns[0].Name != "c" {
		t.Errorf("keys %v %v", tm.PartitionKey, tm.ClusteringColumns)
	}
	if c := tm.Columns["c"]; c == nil || c.ClusteringOrder != "desc" {
		t.Errorf("column c: %+v", c)
	}
	if c := tm.Columns["l"]; c == nil || c.Type.Type() != gocql.TypeList {
		t.Errorf("column l: %+v", c)
	}
	if u := md.UserTypes["addr"]; u == nil || len(u.FieldNames) != 2 || u.FieldNames[1] != "zip" {
		t.Errorf("type addr: %+v", u)
	}
	if v := md.MaterializedViews["m_by_c"]; v == nil || v.BaseTable == nil || v.BaseTable.Name != "m" {
		t.Errorf("view: %+v", v)
	}
	if md.StrategyClass != "org.apache.cassandra.locator.SimpleStrategy" {
		t.Errorf("strategy %q", md.StrategyClass)
	}
}

// TestConcurrent writes from many goroutines and reads batches while they
// are written: every write lands, and no read sees half a batch.
func TestConcurrent(t *testing.T) {
	_, s := ksSession(t)
	mustExec(t, s, "CREATE TABLE c (k int, c int, v int, PRIMARY KEY (k, c))")
	const writers, each = 16, 40
	var wg sync.WaitGroup
	errs := make(chan error, writers*2)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				// Both rows of partition w get the same v in one batch.
				b := s.NewBatch(gocql.LoggedBatch)
				b.Query("INSERT INTO c (k, c, v) VALUES (?, 0, ?)", w, i)
				b.Query("INSERT INTO c (k, c, v) VALUES (?, 1, ?)", w, i)
				if err := s.ExecuteBatch(b); err != nil {
					errs <- err
					return
				}
				if err := s.Query("INSERT INTO c (k, c, v) VALUES (?, ?, ?)", 1000+w, i, i).Exec(); err != nil {
					errs <- err
					return
				}
			}
		}(w)
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				iter := s.Query("SELECT v FROM c WHERE k = ?", w).Iter()
				var vs []int
				var v int
				for iter.Scan(&v) {
					vs = append(vs, v)
				}
				if err := iter.Close(); err != nil {
					errs <- err
					return
				}
				if len(vs) == 2 && vs[0] != vs[1] || len(vs) == 1 {
					errs <- fmt.Errorf("partition %d: half a batch: %v", w, vs)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var n int
	if err := s.Query("SELECT count(*) FROM c").Scan(&n); err != nil || n != writers*2+writers*each {
		t.Errorf("count %d, want %d (%v)", n, writers*2+writers*each, err)
	}
}
