package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// FillTable resolves the table a -- @fill directive names (ks.t or a table
// of the current keyspace), with the messages a statement naming it gets.
func (db *DB) FillTable(name string) (*schema.Table, *cqlerr.Error) {
	q := cql.QualifiedName{Name: cql.Ident{Name: name}}
	if ks, t, ok := strings.Cut(name, "."); ok {
		q = cql.QualifiedName{Keyspace: cql.Ident{Name: ks}, Name: cql.Ident{Name: t}}
	}
	return db.lookupTable(q)
}

// Fill writes n generated rows into t, as n INSERTs of cols would, one
// microsecond of the clock apart: the first is parsed and executed in full
// (its checks and messages are an INSERT's) and prepared, and the others
// bind their values into that prepared write (prepared.go), with no text.
// row fills the literals of row i, in the order of cols. It returns how
// many rows it wrote and the error of the first row that failed, located
// nowhere (the session places it on the directive). tick, when set, is
// called every 1,024 rows: the session's AfterStatement, so that the bridge
// can collect garbage in the middle of a fill as between statements.
func (db *DB) Fill(t *schema.Table, cols []*schema.Column, n int, row func(i int, lits []cql.Literal), tick func()) (int, *cqlerr.Error) {
	if n <= 0 {
		return 0, nil
	}
	var prefix strings.Builder
	prefix.WriteString("INSERT INTO " + quoteIdent(t.Keyspace) + "." + quoteIdent(t.Name) + " (")
	for i, c := range cols {
		if i > 0 {
			prefix.WriteString(", ")
		}
		prefix.WriteString(quoteIdent(c.Name))
	}
	prefix.WriteString(") VALUES (")
	lits := make([]cql.Literal, len(cols))
	insert := func(i int) *cqlerr.Error {
		row(i, lits)
		text := prefix.String() + literalsText(lits) + ")"
		items := cql.Parse(text)
		if len(items) != 1 || items[0].Err != nil {
			if len(items) == 1 {
				return items[0].Err
			}
			return errFillValues()
		}
		_, err := db.Exec(items[0].Stmt)
		return err
	}
	// The first row prepares the template the others bind into.
	db.ForgetPrepared()
	if err := insert(0); err != nil {
		return 0, err
	}
	p, tl := db.InsertTemplate(prefix.String())
	for i := 1; i < n; i++ {
		if i%1024 == 0 {
			if tick != nil {
				tick()
			}
			if d := db.Limits.Deadline; d != nil && d() {
				return i, ErrTimeLimit
			}
		}
		if p == "" {
			if err := insert(i); err != nil {
				return i, err
			}
			continue
		}
		row(i, tl)
		if _, ok := db.ExecPrepared(); !ok {
			// The full path gives the row's error its message.
			if err := insert(i); err != nil {
				return i, err
			}
			p, tl = db.InsertTemplate(prefix.String())
		}
	}
	db.ForgetPrepared()
	return n, nil
}

// literalsText writes literals as CQL: strings quoted, the rest as they are.
func literalsText(lits []cql.Literal) string {
	var b strings.Builder
	for i, l := range lits {
		if i > 0 {
			b.WriteString(", ")
		}
		if l.Kind == cql.StringLit {
			b.WriteString("'" + strings.ReplaceAll(l.Text, "'", "''") + "'")
		} else {
			b.WriteString(l.Text)
		}
	}
	return b.String()
}

// quoteIdent double-quotes a name that CQL would otherwise fold or refuse.
func quoteIdent(name string) string {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
		}
	}
	return name
}

// errFillValues is the playground's own: a generated row did not read back
// as one INSERT.
func errFillValues() *cqlerr.Error {
	return cqlerr.Invalid("-- @fill generated a row that is not one INSERT; check the generators' values")
}
