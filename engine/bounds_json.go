package engine

import (
	"strconv"

	"github.com/cqlplay/cqlplay/engine/jsonenc"
	"github.com/cqlplay/cqlplay/engine/layout"
)

// ViewBounds are the bounds the page's storage views (and the build's
// pre-rendered ones) take: a partition of more than 40 rows lists its
// first 3 and last 3, and the reader opens it to see the rest; a table
// lists its first 100 partitions (in token order), as the Storage view
// always drew them. open names the partitions opened (layout.PartitionID)
// with how many of their first rows to list.
func ViewBounds(open map[string]int) *layout.Bounds {
	return &layout.Bounds{Rows: 40, Edge: 3, Open: open, Partitions: 100}
}

// AppendElisionsJSON appends, before the closing brace of a layout object
// of AppendLayoutJSON or AppendLayoutAtJSON, what a bounded layout left out:
//
//	,"elided":[{"table":"ks.t","token":"-42","key":"sensor-01","rows":2500,"left":2494,"bytes":90000,"at":3}]
//
// (at: the index in the partition's rows of the first row after the gap in
// the "map" form, the line standing for the gap in a text form; an entry
// with "partitions": N is the line of a text form saying that N partitions
// of the table were left out, its other fields zero).
func AppendElisionsJSON(obj []byte, elided []layout.Elision) []byte {
	obj = obj[:len(obj)-1]
	obj = append(obj, `,"elided":[`...)
	for i, e := range elided {
		if i > 0 {
			obj = append(obj, ',')
		}
		obj = append(obj, `{"table":`...)
		obj = jsonenc.AppendString(obj, e.Table)
		obj = append(obj, `,"token":"`...)
		obj = strconv.AppendInt(obj, e.Token, 10)
		obj = append(obj, `","key":`...)
		obj = jsonenc.AppendString(obj, e.Key)
		obj = append(obj, `,"rows":`...)
		obj = strconv.AppendInt(obj, int64(e.Rows), 10)
		obj = append(obj, `,"left":`...)
		obj = strconv.AppendInt(obj, int64(e.Left), 10)
		obj = append(obj, `,"bytes":`...)
		obj = strconv.AppendInt(obj, int64(e.Bytes), 10)
		obj = append(obj, `,"at":`...)
		obj = strconv.AppendInt(obj, int64(e.At), 10)
		if e.Partitions > 0 {
			obj = append(obj, `,"partitions":`...)
			obj = strconv.AppendInt(obj, int64(e.Partitions), 10)
		}
		obj = append(obj, '}')
	}
	return append(obj, "]}"...)
}

// Elision is one partition a bounded layout summarised (layout.Elision),
// for the packages outside engine/.
type Elision = layout.Elision

// PartitionID names a partition for ViewBounds' open set
// (layout.PartitionID).
func PartitionID(table string, token int64) string { return layout.PartitionID(table, token) }
