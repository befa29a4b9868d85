package query

import (
	"reflect"
	"testing"

	"github.com/cqlplay/cqlplay/engine/cql"
)

// A result owns its rows and nulls: the reader, its scratch and the
// formatting buffer are reused by the next query, which must not change
// what an earlier one returned.
func TestResultsOutliveTheirReader(t *testing.T) {
	db := New(0, 1, "")
	if err := exec(t, db, `CREATE TABLE r (k int, c int, v text, w double, PRIMARY KEY (k, c));
INSERT INTO r (k, c, v, w) VALUES (1, 1, 'one', 1.5);
INSERT INTO r (k, c, v) VALUES (1, 2, 'two');
INSERT INTO r (k, c, v, w) VALUES (2, 1, 'three, longer than the others', 2.25);`); err != nil {
		t.Fatal(err)
	}
	run := func(q string) *Result {
		res, err := db.Exec(cql.Parse(q)[0].Stmt)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return res
	}
	first := run("SELECT c, v, w FROM r WHERE k = 1")
	wantRows := [][]string{{"1", "one", "1.5"}, {"2", "two", "null"}}
	wantNulls := [][2]int{{1, 2}}
	for _, q := range []string{"SELECT c, v, w FROM r WHERE k = 2", "SELECT v FROM r WHERE k = 1 ORDER BY c DESC", "SELECT count(*) FROM r WHERE k = 1"} {
		run(q)
		if !reflect.DeepEqual(first.Rows, wantRows) || !reflect.DeepEqual(first.Nulls, wantNulls) {
			t.Fatalf("after %q the first result is %q, nulls %v; want %q, nulls %v", q, first.Rows, first.Nulls, wantRows, wantNulls)
		}
	}
}
