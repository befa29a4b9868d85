package layout

import (
	"bytes"
	"strconv"

	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// jsonGen emulates the Jackson JsonGenerator sstabledump writes through,
// with the DefaultPrettyPrinter and the two CompactIndenters of
// JsonTransformer (apache/cassandra src/java/org/apache/cassandra/tools/
// JsonTransformer.java). The tool flips the indenters between compact (one
// space) and expanded (a new line and two spaces a level) in the middle of
// objects, so its whitespace is only reproduced by replaying the same calls
// in the same order, which is what sstabledump.go does.
type jsonGen struct {
	b []byte
	// objCompact and arrCompact are the two indenters' modes.
	objCompact, arrCompact bool
	nesting                int
	// ctx is the stack of open containers: an entry count per level, and
	// whether a field name is waiting for its value.
	ctx []genCtx
}

type genCtx struct {
	array      bool
	entries    int
	afterField bool
}

func (g *jsonGen) indent(compact bool) {
	if compact {
		g.b = append(g.b, ' ')
		return
	}
	g.b = append(g.b, '\n')
	for i := 0; i < g.nesting; i++ {
		g.b = append(g.b, ' ', ' ')
	}
}

// beforeValue is Jackson's _verifyValueWrite with the pretty printer: the
// separator an array element or an object field's value needs.
func (g *jsonGen) beforeValue() {
	if len(g.ctx) == 0 {
		return
	}
	c := &g.ctx[len(g.ctx)-1]
	if c.array {
		if c.entries > 0 {
			g.b = append(g.b, ',')
		}
		g.indent(g.arrCompact)
		c.entries++
		return
	}
	if c.afterField {
		g.b = append(g.b, " : "...)
		c.afterField = false
	}
}

func (g *jsonGen) startObject() { g.open('{', false) }
func (g *jsonGen) endObject()   { g.close('}', g.objCompact) }
func (g *jsonGen) startArray()  { g.open('[', true) }
func (g *jsonGen) endArray()    { g.close(']', g.arrCompact) }

// open writes a container's opening bracket as a value of the enclosing one
// and enters it.
func (g *jsonGen) open(bracket byte, array bool) {
	g.beforeValue()
	g.b = append(g.b, bracket)
	g.nesting++
	g.ctx = append(g.ctx, genCtx{array: array})
}

// close leaves the innermost container: its entries end on the indenter's
// line (compact: a space), an empty one is "{ }" or "[ ]".
func (g *jsonGen) close(bracket byte, compact bool) {
	c := g.ctx[len(g.ctx)-1]
	g.ctx = g.ctx[:len(g.ctx)-1]
	g.nesting--
	if c.entries > 0 {
		g.indent(compact)
	} else {
		g.b = append(g.b, ' ')
	}
	g.b = append(g.b, bracket)
}

func (g *jsonGen) field(name string) {
	c := &g.ctx[len(g.ctx)-1]
	if c.entries > 0 {
		g.b = append(g.b, ',')
	}
	g.indent(g.objCompact)
	c.entries++
	c.afterField = true
	g.b = cqltype.AppendJSONString(g.b, name)
}

func (g *jsonGen) str(s string) {
	g.beforeValue()
	g.b = cqltype.AppendJSONString(g.b, s)
}

// micros writes sstabledump's instant of a microsecond timestamp as a string
// value, and seconds that of a time in seconds (ASCII: nothing to escape).
func (g *jsonGen) micros(t int64) {
	g.beforeValue()
	g.b = append(g.b, '"')
	g.b = appendMicrosInstant(g.b, t)
	g.b = append(g.b, '"')
}

func (g *jsonGen) seconds(t int64) {
	g.beforeValue()
	g.b = append(g.b, '"')
	g.b = appendInstant(g.b, t, 0)
	g.b = append(g.b, '"')
}

// value writes v as its type's toJSONString, with fast paths for ints,
// bigints and plain ASCII text.
func (g *jsonGen) value(t *cqltype.Type, v []byte) {
	g.beforeValue()
	switch t.Kind {
	case cqltype.Int:
		if n, ok := cqltype.Int32Of(v); ok {
			g.b = strconv.AppendInt(g.b, int64(n), 10)
			return
		}
	case cqltype.Bigint, cqltype.Counter:
		if n, ok := cqltype.Int64Of(v); ok {
			g.b = strconv.AppendInt(g.b, n, 10)
			return
		}
	case cqltype.Text, cqltype.Ascii:
		if plainASCII(v) && !bytes.ContainsRune(v, '"') {
			g.b = append(g.b, '"')
			g.b = append(g.b, v...)
			g.b = append(g.b, '"')
			return
		}
	}
	g.b = append(g.b, t.JSON(v)...)
}

func (g *jsonGen) raw(s string) {
	g.beforeValue()
	g.b = append(g.b, s...)
}

func (g *jsonGen) num(n int64) {
	g.beforeValue()
	g.b = strconv.AppendInt(g.b, n, 10)
}

func (g *jsonGen) boolean(v bool) {
	g.beforeValue()
	g.b = strconv.AppendBool(g.b, v)
}
