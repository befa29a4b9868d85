package query

import (
	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
)

// prepareInsertJSON prepares INSERT INTO t JSON '{...}' (Json.java): each
// named column takes the value decoded from JSON; an absent column is null
// with DEFAULT NULL and left alone with DEFAULT UNSET (the default).
func (db *DB) prepareInsertJSON(t *schema.Table, s *cql.Insert) (*write, *cqlerr.Error) {
	if t.Counter {
		return nil, errInsertCounter()
	}
	var text string
	switch x := s.JSON.(type) {
	case *cql.Literal:
		if x.Kind != cql.StringLit {
			return nil, errJSONLiteralKind(x)
		}
		text = x.Text
	case *cql.BindMarker:
		v, err := db.bindMarker(x, cqltype.TextType, "[json]")
		if err != nil {
			return nil, err
		}
		if db.Binds.Collect {
			// Being prepared: the marker's receiver is all there is to
			// know; the JSON is read when values are bound.
			return nil, errPrepared
		}
		text = string(v)
	default:
		return nil, errInsertJSONLiteral()
	}
	names, values, err := cqltype.ParseJSONObject(text)
	if err != nil {
		return nil, err
	}
	given := map[string]string{}
	for i, n := range names {
		if t.Column(n) == nil {
			return nil, errJSONUnknownColumn(n)
		}
		given[n] = values[i]
	}
	w := &write{typ: insertStmt, t: t, marker: !t.Compact, ttl: s.Using.TTL, ts: s.Using.Timestamp}
	rs := newRestrictions(t, insertStmt, false)
	hasClustering := false
	for _, c := range t.Columns {
		raw, ok := given[c.Name]
		if !ok && !c.IsPrimaryKey() && !s.DefaultNull {
			continue
		}
		var v cqltype.Value
		if ok {
			var err *cqlerr.Error
			if v, err = c.Type.FromJSONAt(raw, db.Clock/1000); err != nil {
				return nil, cqltype.ErrJSONValue(c.Name, err)
			}
		}
		if !c.IsPrimaryKey() {
			if c.Type.Kind == cqltype.Counter {
				return nil, errSetCounter(c.Name)
			}
			w.ops = append(w.ops, &operation{col: c, kind: opSet, val: v})
			continue
		}
		r := &restriction{cols: []*schema.Column{c}, kind: rEQ, values: [][]cqltype.Value{{v}}}
		if v == nil {
			r.nulls = &cql.Relation{}
			r.unset = !ok && !s.DefaultNull
		}
		if c.Kind == schema.Clustering {
			hasClustering = true
		}
		if err := rs.add(r); err != nil {
			return nil, err
		}
	}
	if err := rs.process(!hasClustering && appliesOnlyToStatic(w.ops), false); err != nil {
		return nil, err
	}
	w.rs = rs
	if s.IfNotExists {
		w.cond = &conditions{ifNotExists: true}
	}
	return w, db.checkWriteAttributes(w)
}

// errJSONLiteralKind: INSERT JSON given a literal that is not a string
// (Json.Literal, through Constants.Literal's check for the [json] receiver).
func errJSONLiteralKind(x *cql.Literal) *cqlerr.Error {
	return cqlerr.Invalid("Invalid "+x.Kind.String()+" constant ("+x.Text+") for \"[json]\" of type text").
		For(cqltype.RuleLiteralKind, "[json]", "text")
}

// errInsertJSONLiteral: INSERT JSON given something other than a string literal.
func errInsertJSONLiteral() *cqlerr.Error {
	return cqlerr.Invalid("INSERT JSON takes a string literal holding a JSON object")
}

// errJSONUnknownColumn: a JSON key naming no column (Json.java).
func errJSONUnknownColumn(col string) *cqlerr.Error {
	return cqlerr.Invalid("JSON values map contains unrecognized column: " + col)
}
