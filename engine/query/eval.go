package query

import (
	"math/big"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// eval computes a non-aggregate selector for the current row.
func (rd *reader) eval(s *selector, rc *rowCtx) cqltype.Value {
	switch s.kind {
	case selColumn:
		return rc.value(s.col)
	case selWritetime:
		if c := rc.cellMeta(s.col); c != nil {
			return cqltype.Int64Value(c.TS)
		}
		return nil
	case selTTL:
		if c := rc.cellMeta(s.col); c != nil && c.TTL > 0 {
			return cqltype.Int32Value(int32(int64(c.LocalTime) - rc.now))
		}
		return nil
	case selToken:
		return cqltype.Int64Value(rc.part.Token)
	case selConst:
		return s.val
	case selElement, selSlice:
		return subSelect(s, rd.eval(s.args[0], rc))
	case selField:
		// FieldSelector: null when the value is, or has fewer fields.
		fields, _ := s.args[0].typ.Fields(rd.eval(s.args[0], rc))
		if s.field < len(fields) {
			return fields[s.field]
		}
		return nil
	case selFunc:
		args := make([]cqltype.Value, len(s.args))
		for i, a := range s.args {
			args[i] = rd.eval(a, rc)
		}
		return rd.call(s, args)
	}
	return nil
}

// call applies a function selector (a native function, or a CAST) to its
// evaluated arguments; a failure stops the read, as in Cassandra.
func (rd *reader) call(s *selector, args []cqltype.Value) cqltype.Value {
	var v cqltype.Value
	var err *cqlerr.Error
	if s.native != nil {
		v, err = s.native.Call(callCtx{rd.db}, args)
	} else {
		v, err = castValue(s.args[0].typ, s.typ, args[0])
	}
	if err != nil && rd.stopped == nil {
		rd.stopped = err
	}
	return v
}

// subSelect computes c[key] or c[from..to] on a collection's value, as
// MapSerializer/SetSerializer getSerializedValue and getSliceFromSerialized
// do: the map's value or the set's element for an equal key, else null; the
// elements between the bounds, both included, else null (an empty frozen
// collection for a frozen one).
func subSelect(s *selector, v cqltype.Value) cqltype.Value {
	if v == nil {
		return nil
	}
	ct := s.args[0].typ
	kt := ct.KeyType()
	keys, vals := ct.Elements(v)
	if s.kind == selElement {
		for i, k := range keys {
			switch c := kt.Compare(k, s.val); {
			case c == 0 && ct.Kind == cqltype.Map:
				return vals[i]
			case c == 0:
				return k
			case c > 0:
				return nil
			}
		}
		return nil
	}
	if !s.hasFrom && !s.hasTo {
		return v
	}
	lo, hi := 0, len(keys)
	for lo < hi && s.hasFrom && kt.Compare(keys[lo], s.val) < 0 {
		lo++
	}
	end := lo
	for end < hi && (!s.hasTo || kt.Compare(keys[end], s.to) <= 0) {
		end++
	}
	if end == lo && !ct.Frozen {
		return nil
	}
	if ct.Kind == cqltype.Map {
		return ct.Join(keys[lo:end], vals[lo:end])
	}
	return ct.Join(keys[lo:end], nil)
}

// aggState accumulates one aggregate selector (aggregate.go).
type aggState struct {
	count  int64
	val    cqltype.Value
	sum    *big.Rat // integer types' exact sum
	kahan  kahan    // float and double
	decSum decimal
	decAvg decimalAvg
}

// aggNodes lists the aggregates of the selection in tree order: a top-level
// count(*) or max(x), and those a function applies to (todate(min(ts))),
// whose arguments are read on every row while the rest of the tree is
// computed once, on the aggregates' results.
func aggNodes(sels []*selector) []*selector {
	var out []*selector
	var walk func(s *selector)
	walk = func(s *selector) {
		if s.kind == selCount || s.kind == selAgg {
			out = append(out, s)
			return
		}
		for _, a := range s.args {
			walk(a)
		}
	}
	for _, s := range sels {
		walk(s)
	}
	return out
}

// hasAgg reports whether a selector tree holds an aggregate.
func hasAgg(s *selector) bool {
	if s.kind == selCount || s.kind == selAgg {
		return true
	}
	for _, a := range s.args {
		if hasAgg(a) {
			return true
		}
	}
	return false
}

// keepFirst records, on a group's first row, the value of every part of the
// selection that holds no aggregate: a plain column of an aggregate query
// shows its first row's value.
func (rd *reader) keepFirst(s *selector, rc *rowCtx) {
	if !hasAgg(s) {
		rd.first[s] = rd.eval(s, rc)
		return
	}
	if s.kind == selCount || s.kind == selAgg {
		return
	}
	for _, a := range s.args {
		rd.keepFirst(a, rc)
	}
}

func (rd *reader) aggregate(rc *rowCtx) {
	if rd.aggNodes == nil {
		rd.aggNodes = aggNodes(rd.p.sel.sels)
	}
	if rd.aggs == nil {
		rd.aggs = make([]aggState, len(rd.aggNodes))
	}
	if rd.aggRows == 0 {
		rd.first = map[*selector]cqltype.Value{}
		for _, s := range rd.p.sel.sels {
			rd.keepFirst(s, rc)
		}
	}
	rd.aggRows++
	for i, s := range rd.aggNodes {
		st := &rd.aggs[i]
		switch s.kind {
		case selCount:
			if len(s.args) == 0 || rd.eval(s.args[0], rc) != nil {
				st.count++
			}
		case selAgg:
			v := rd.eval(s.args[0], rc)
			if v == nil {
				continue
			}
			st.count++
			typ := s.args[0].typ
			if s.typ == cqltype.BlobType {
				typ = s.typ
			}
			switch s.fn {
			case "min":
				if st.val == nil || typ.Compare(v, st.val) < 0 {
					st.val = v
				}
			case "max":
				if st.val == nil || typ.Compare(v, st.val) > 0 {
					st.val = v
				}
			case "sum", "avg":
				st.addNumber(typ, v, s.fn == "avg")
			}
		}
	}
}

// aggResult is an aggregate's value for the group.
func (rd *reader) aggResult(s *selector) cqltype.Value {
	var st aggState
	for i, n := range rd.aggNodes {
		if n == s && rd.aggs != nil {
			st = rd.aggs[i]
		}
	}
	if s.kind == selCount {
		return cqltype.Int64Value(st.count)
	}
	switch s.fn {
	case "min", "max":
		return st.val
	}
	return st.number(s.typ, s.fn == "avg")
}

// finalEval computes a selector of an aggregate query once the group is
// read: aggregates give their results, parts without one their first row's
// value, and functions apply to those.
func (rd *reader) finalEval(s *selector) cqltype.Value {
	if s.kind == selCount || s.kind == selAgg {
		return rd.aggResult(s)
	}
	if v, ok := rd.first[s]; ok {
		return v
	}
	if s.kind != selFunc {
		return nil
	}
	args := make([]cqltype.Value, len(s.args))
	for i, a := range s.args {
		args[i] = rd.finalEval(a)
	}
	return rd.call(s, args)
}

// finishAggregate produces the row of an aggregate query or of a group.
func (rd *reader) finishAggregate() {
	if rd.aggNodes == nil {
		rd.aggNodes = aggNodes(rd.p.sel.sels)
	}
	sels := rd.p.sel.sels
	vals := make([]cqltype.Value, len(sels))
	for i, s := range sels {
		vals[i] = rd.finalEval(s)
	}
	rd.rows = append(rd.rows, outRow{vals: vals})
	rd.aggRows, rd.aggs, rd.first = 0, nil, nil
}

// numberRat reads a numeric value exactly.
func numberRat(t *cqltype.Type, v cqltype.Value) *big.Rat {
	switch t.Kind {
	case cqltype.Float:
		f, _ := cqltype.FloatOf(v)
		return decimalRat(formatFloat(float64(f)))
	case cqltype.Double:
		f, _ := cqltype.DoubleOf(v)
		return decimalRat(formatFloat(f))
	case cqltype.Decimal:
		unscaled, scale, ok := cqltype.DecimalOf(v)
		if !ok {
			return nil
		}
		return scaledRat(unscaled, scale)
	}
	n, ok := cqltype.IntegerOf(t, v)
	if !ok {
		return nil
	}
	return new(big.Rat).SetInt(n)
}

// decimalRat is (*big.Rat).SetString for the decimal and exponent forms
// strconv writes (nil for NaN and infinities), without math/big's scanner,
// which links fmt into the WebAssembly module (cqltype.ParseBigInt).
func decimalRat(s string) *big.Rat {
	unscaled, scale, ok := cqltype.ParseDecimal(s)
	if !ok {
		return nil
	}
	return scaledRat(unscaled, scale)
}

// scaledRat is unscaled × 10^-scale, a decimal's value, exactly.
func scaledRat(unscaled *big.Int, scale int32) *big.Rat {
	r := new(big.Rat).SetInt(unscaled)
	den := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs32(scale))), nil)
	if scale >= 0 {
		return r.Quo(r, new(big.Rat).SetInt(den))
	}
	return r.Mul(r, new(big.Rat).SetInt(den))
}

func abs32(n int32) int32 {
	if n < 0 {
		return -n
	}
	return n
}

// ratValue converts a sum (divided by n for avg) back to the argument's
// type, truncating for integer types as Cassandra's aggregates do.
func ratValue(t *cqltype.Type, sum *big.Rat, n int64) cqltype.Value {
	if sum == nil {
		sum = new(big.Rat)
	}
	r := new(big.Rat).Set(sum)
	if n > 1 {
		r.Quo(r, new(big.Rat).SetInt64(n))
	} else if n == 0 {
		r.SetInt64(0)
	}
	switch t.Kind {
	case cqltype.Float:
		// Not r.Float32() (nor r.Float64() below): their error paths call
		// fmt.Sprintf, which would link fmt into the WebAssembly module.
		// Quo at 24 bits rounds the quotient to a float32 mantissa once, as
		// Rat.Float32 does (subnormal results aside, rounded twice).
		f, _ := new(big.Float).SetPrec(24).SetRat(r).Float32()
		return cqltype.FloatValue(f)
	case cqltype.Double:
		f, _ := new(big.Float).SetPrec(53).SetRat(r).Float64() // not r.Float64(): see Float
		return cqltype.DoubleValue(f)
	case cqltype.Decimal:
		s := r.FloatString(10)
		unscaled, scale := decimalFromString(s)
		return cqltype.DecimalValue(unscaled, scale)
	}
	q := new(big.Int).Quo(r.Num(), r.Denom())
	switch t.Kind {
	case cqltype.Int:
		return cqltype.Int32Value(int32(q.Int64()))
	case cqltype.Smallint:
		return cqltype.Int16Value(int16(q.Int64()))
	case cqltype.Tinyint:
		return cqltype.Int8Value(int8(q.Int64()))
	case cqltype.Varint:
		return cqltype.VarintValue(q)
	}
	return cqltype.Int64Value(q.Int64())
}

// decimalFromString parses "123.4500" into unscaled 1234500 and scale 4,
// trimming trailing zeros.
func decimalFromString(s string) (*big.Int, int32) {
	for len(s) > 0 && s[len(s)-1] == '0' && containsDot(s) {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	scale := int32(0)
	digits := make([]byte, 0, len(s))
	seen := false
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			seen = true
			continue
		}
		if seen {
			scale++
		}
		digits = append(digits, s[i])
	}
	n, _ := cqltype.ParseBigInt(string(digits))
	if n == nil {
		n = new(big.Int)
	}
	return n, scale
}

func containsDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}
