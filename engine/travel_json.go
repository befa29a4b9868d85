package engine

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/jsonenc"
)

// AppendLayoutAtJSON appends the JSON form of a Session.LayoutAt result, as
// the WebAssembly bridge's layoutAt gives it: AppendLayoutJSON's object
// with the statement index and the statement's changes added,
//
//	{"form":"map","table":"","map":{...},"statement":3,"changes":[{"kind":"tombstone","table":"ks.t","partition":"1","clustering":"2","column":"@row"},...]}
//
// (a Change's "static" and "path" only when set).
func AppendLayoutAtJSON(dst []byte, form, table, layout string, statement int, changes []Change) []byte {
	dst = AppendLayoutJSON(dst, form, table, layout)
	dst = dst[:len(dst)-1]
	dst = append(dst, `,"statement":`...)
	dst = strconv.AppendInt(dst, int64(statement), 10)
	dst = append(dst, `,"changes":[`...)
	for i, c := range changes {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"kind":`...)
		dst = jsonenc.AppendString(dst, c.Kind)
		dst = append(dst, `,"table":`...)
		dst = jsonenc.AppendString(dst, c.Table)
		dst = append(dst, `,"partition":`...)
		dst = jsonenc.AppendString(dst, c.Partition)
		dst = append(dst, `,"clustering":`...)
		dst = jsonenc.AppendString(dst, c.Clustering)
		if c.Static {
			dst = append(dst, `,"static":true`...)
		}
		dst = append(dst, `,"column":`...)
		dst = jsonenc.AppendString(dst, c.Column)
		if c.Path != "" {
			dst = append(dst, `,"path":`...)
			dst = jsonenc.AppendString(dst, c.Path)
		}
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}

// AppendLayoutFillJSON appends the JSON form of a Session.LayoutAfterFill
// result, as the bridge's layoutBounded gives it with a fill line:
// AppendLayoutJSON's object with what the fill wrote and no changes listed,
//
//	{"form":"map","table":"","map":{...},"fill":{"line":70,"table":"ks.t","rows":100000},"changes":[]}
func AppendLayoutFillJSON(dst []byte, form, table, layout string, f Fill) []byte {
	dst = AppendLayoutJSON(dst, form, table, layout)
	dst = append(dst[:len(dst)-1], `,"fill":{"line":`...)
	dst = strconv.AppendInt(dst, int64(f.Line), 10)
	dst = append(dst, `,"table":`...)
	dst = jsonenc.AppendString(dst, f.Table)
	dst = append(dst, `,"rows":`...)
	dst = strconv.AppendInt(dst, int64(f.Rows), 10)
	return append(dst, `},"changes":[]}`...)
}
