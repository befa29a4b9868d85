package cqltype

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
)

// INSERT JSON and fromJson(): a small JSON reader that types numbers the way
// Jackson's default ObjectMapper does (Integer, Long, BigInteger, Double),
// because Cassandra's fromJSONObject accepts or rejects by those classes.

type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonString
	jsonInteger // Integer, Long or BigInteger by size
	jsonDouble
	jsonBool
	jsonArray
	jsonObject
)

type jsonValue struct {
	kind jsonKind
	text string // string content, number text, "true"/"false"
	arr  []*jsonValue
	keys []string
	vals []*jsonValue
}

// javaClass is the simple class name Jackson's value would have.
func (j *jsonValue) javaClass() string {
	switch j.kind {
	case jsonString:
		return "String"
	case jsonInteger:
		n, ok := ParseBigInt(j.text)
		switch {
		case ok && n.IsInt64() && n.Int64() == int64(int32(n.Int64())):
			return "Integer"
		case ok && n.IsInt64():
			return "Long"
		}
		return "BigInteger"
	case jsonDouble:
		return "Double"
	case jsonBool:
		return "Boolean"
	case jsonArray:
		return "ArrayList"
	case jsonObject:
		return "LinkedHashMap"
	}
	return "null"
}

// javaString is the Java value's toString().
func (j *jsonValue) javaString() string {
	switch j.kind {
	case jsonNull:
		return "null"
	case jsonDouble:
		f, _ := strconv.ParseFloat(j.text, 64)
		return javaFloat(f, 64)
	case jsonArray:
		parts := make([]string, len(j.arr))
		for i, e := range j.arr {
			parts[i] = e.javaString()
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case jsonObject:
		parts := make([]string, len(j.keys))
		for i, k := range j.keys {
			parts[i] = k + "=" + j.vals[i].javaString()
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return j.text
}

type jsonReader struct {
	s     string
	i     int
	depth int
}

func decodeJSON(s string) (*jsonValue, *cqlerr.Error) {
	r := &jsonReader{s: s}
	v, ok := r.value()
	r.space()
	if !ok || r.i != len(s) {
		return nil, errJSONSyntax(r.i)
	}
	return v, nil
}

func (r *jsonReader) space() {
	for r.i < len(r.s) && strings.IndexByte(" \t\r\n", r.s[r.i]) >= 0 {
		r.i++
	}
}

func (r *jsonReader) value() (*jsonValue, bool) {
	r.space()
	if r.i >= len(r.s) || r.depth > 64 {
		return nil, false
	}
	switch c := r.s[r.i]; {
	case c == '"':
		s, ok := r.str()
		return &jsonValue{kind: jsonString, text: s}, ok
	case c == '[':
		return r.array()
	case c == '{':
		return r.object()
	case strings.HasPrefix(r.s[r.i:], "true"):
		r.i += 4
		return &jsonValue{kind: jsonBool, text: "true"}, true
	case strings.HasPrefix(r.s[r.i:], "false"):
		r.i += 5
		return &jsonValue{kind: jsonBool, text: "false"}, true
	case strings.HasPrefix(r.s[r.i:], "null"):
		r.i += 4
		return &jsonValue{kind: jsonNull}, true
	case c == '-' || (c >= '0' && c <= '9'):
		return r.number()
	}
	return nil, false
}

func (r *jsonReader) number() (*jsonValue, bool) {
	start := r.i
	if r.s[r.i] == '-' {
		r.i++
	}
	digits := func() int {
		n := 0
		for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
			r.i++
			n++
		}
		return n
	}
	if digits() == 0 {
		return nil, false
	}
	kind := jsonInteger
	if r.i < len(r.s) && r.s[r.i] == '.' {
		r.i++
		kind = jsonDouble
		if digits() == 0 {
			return nil, false
		}
	}
	if r.i < len(r.s) && (r.s[r.i] == 'e' || r.s[r.i] == 'E') {
		r.i++
		kind = jsonDouble
		if r.i < len(r.s) && (r.s[r.i] == '+' || r.s[r.i] == '-') {
			r.i++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	return &jsonValue{kind: kind, text: r.s[start:r.i]}, true
}

func (r *jsonReader) str() (string, bool) {
	r.i++ // opening quote
	var b strings.Builder
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			return b.String(), true
		case c == '\\':
			if r.i+1 >= len(r.s) {
				return "", false
			}
			e := r.s[r.i+1]
			r.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r1, ok := r.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r1) && strings.HasPrefix(r.s[r.i:], "\\u") {
					save := r.i
					r.i += 2
					if r2, ok := r.hex4(); ok && utf16.DecodeRune(r1, r2) != utf8.RuneError {
						r1 = utf16.DecodeRune(r1, r2)
					} else {
						r.i = save
					}
				}
				b.WriteRune(r1)
			default:
				return "", false
			}
		case c < 0x20:
			return "", false
		default:
			b.WriteByte(c)
			r.i++
		}
	}
	return "", false
}

func (r *jsonReader) hex4() (rune, bool) {
	if r.i+4 > len(r.s) {
		return 0, false
	}
	n, err := strconv.ParseUint(r.s[r.i:r.i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	r.i += 4
	return rune(n), true
}

func (r *jsonReader) array() (*jsonValue, bool) {
	r.i++
	r.depth++
	defer func() { r.depth-- }()
	v := &jsonValue{kind: jsonArray}
	r.space()
	if r.i < len(r.s) && r.s[r.i] == ']' {
		r.i++
		return v, true
	}
	for {
		e, ok := r.value()
		if !ok {
			return nil, false
		}
		v.arr = append(v.arr, e)
		r.space()
		if r.i < len(r.s) && r.s[r.i] == ',' {
			r.i++
			continue
		}
		if r.i < len(r.s) && r.s[r.i] == ']' {
			r.i++
			return v, true
		}
		return nil, false
	}
}

func (r *jsonReader) object() (*jsonValue, bool) {
	r.i++
	r.depth++
	defer func() { r.depth-- }()
	v := &jsonValue{kind: jsonObject}
	r.space()
	if r.i < len(r.s) && r.s[r.i] == '}' {
		r.i++
		return v, true
	}
	for {
		r.space()
		if r.i >= len(r.s) || r.s[r.i] != '"' {
			return nil, false
		}
		k, ok := r.str()
		if !ok {
			return nil, false
		}
		r.space()
		if r.i >= len(r.s) || r.s[r.i] != ':' {
			return nil, false
		}
		r.i++
		e, ok := r.value()
		if !ok {
			return nil, false
		}
		// Jackson's map keeps the last of repeated keys.
		replaced := false
		for i, old := range v.keys {
			if old == k {
				v.vals[i], replaced = e, true
			}
		}
		if !replaced {
			v.keys = append(v.keys, k)
			v.vals = append(v.vals, e)
		}
		r.space()
		if r.i < len(r.s) && r.s[r.i] == ',' {
			r.i++
			continue
		}
		if r.i < len(r.s) && r.s[r.i] == '}' {
			r.i++
			return v, true
		}
		return nil, false
	}
}

// ParseJSONObject reads the object of INSERT JSON '...': the column names
// (lower-cased unless written "\"Quoted\"", as Json.handleCaseSensitivity
// does) and each value's JSON text, for FromJSON.
func ParseJSONObject(s string) (names, values []string, err *cqlerr.Error) {
	r := &jsonReader{s: s}
	r.space()
	start := r.i
	v, ok := r.value()
	r.space()
	if !ok || r.i != len(s) || v.kind != jsonObject {
		if ok && v.kind == jsonNull && r.i == len(s) {
			return nil, nil, errJSONNull()
		}
		return nil, nil, errJSONNotAMap(r.i-start, s)
	}
	for i, k := range v.keys {
		if len(k) >= 2 && k[0] == '"' && k[len(k)-1] == '"' {
			k = k[1 : len(k)-1]
		} else {
			k = strings.ToLower(k)
		}
		names = append(names, k)
		values = append(values, v.vals[i].encode())
	}
	return names, values, nil
}

// encode writes j back as JSON text.
func (j *jsonValue) encode() string {
	switch j.kind {
	case jsonNull:
		return "null"
	case jsonString:
		return string(AppendJSONString(nil, j.text))
	case jsonArray:
		parts := make([]string, len(j.arr))
		for i, e := range j.arr {
			parts[i] = e.encode()
		}
		return "[" + strings.Join(parts, ",") + "]"
	case jsonObject:
		parts := make([]string, len(j.keys))
		for i, k := range j.keys {
			parts[i] = string(AppendJSONString(nil, k)) + ":" + j.vals[i].encode()
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return j.text
}

// FromJSON converts one JSON value (the text of a column's value in INSERT
// JSON, or fromJson's argument) to a value of t as the type's fromJSONObject
// does. JSON null gives nil. Errors carry the type's own message; INSERT
// JSON reports them as "Error decoding JSON value for <column>: <message>"
// (see ErrJSONValue).
func (t *Type) FromJSON(s string) (Value, *cqlerr.Error) {
	return t.FromJSONAt(s, 0)
}

// FromJSONAt is FromJSON with the statement's clock, for the timestamp 'now'.
func (t *Type) FromJSONAt(s string, now int64) (Value, *cqlerr.Error) {
	j, err := decodeJSON(s)
	if err != nil {
		return nil, err
	}
	if j.kind == jsonNull {
		return nil, nil
	}
	return t.fromJSONValue(j, now)
}

// ErrJSONValue wraps a FromJSON error as INSERT JSON reports it.
func ErrJSONValue(column string, err *cqlerr.Error) *cqlerr.Error {
	return cqlerr.Invalid("Error decoding JSON value for " + column + ": " + err.Message)
}

// errExpected is a type's fromJSONObject (db/marshal) refusing a JSON value
// of the wrong kind: Jackson's Java class and text of the value.
func errExpected(what string, j *jsonValue) *cqlerr.Error {
	return cqlerr.Invalid("Expected " + what + ", but got a " + j.javaClass() + ": " + j.javaString())
}

func (t *Type) fromJSONValue(j *jsonValue, now int64) (Value, *cqlerr.Error) {
	str := j.kind == jsonString
	switch t.Kind {
	case Int:
		if str {
			return t.FromString(j.text, now)
		}
		if j.javaClass() != "Integer" {
			return nil, errExpected("an int value", j)
		}
		return t.FromString(j.text, now)
	case Bigint:
		if str {
			return t.FromString(j.text, now)
		}
		if c := j.javaClass(); c != "Integer" && c != "Long" {
			return nil, errExpected("a bigint value", j)
		}
		return t.FromString(j.text, now)
	case Smallint, Tinyint:
		if str || j.kind == jsonInteger || j.kind == jsonDouble {
			return t.FromString(j.javaString(), now)
		}
		return nil, errExpected(map[Kind]string{Smallint: "a short value", Tinyint: "a byte value"}[t.Kind], j)
	case Varint:
		if n, ok := parseBigInteger(j.javaString()); ok && j.kind != jsonArray && j.kind != jsonObject {
			return VarintValue(n), nil
		}
		return nil, errJSONNumber(j.javaString(), "varint")
	case Decimal:
		if j.kind == jsonString || j.kind == jsonInteger || j.kind == jsonDouble {
			if v, err := t.FromString(j.javaString(), now); err == nil {
				return v, nil
			}
		}
		return nil, errJSONNumber(j.javaString(), "decimal")
	case Float, Double:
		if str {
			return t.FromString(j.text, now)
		}
		if j.kind != jsonInteger && j.kind != jsonDouble {
			return nil, errExpected("a "+t.String()+" value", j)
		}
		f, _ := strconv.ParseFloat(j.text, 64)
		if t.Kind == Float {
			return FloatValue(float32(f)), nil
		}
		return DoubleValue(f), nil
	case Boolean:
		if str {
			return t.FromString(j.text, now)
		}
		if j.kind != jsonBool {
			return nil, errExpected("a boolean value", j)
		}
		return BoolValue(j.text == "true"), nil
	case Timestamp:
		if j.javaClass() == "Long" {
			n, _ := strconv.ParseInt(j.text, 10, 64)
			return TimestampValue(n), nil
		}
		if !str {
			return nil, errExpected("a long or a datestring representation of a timestamp value", j)
		}
		return t.FromString(j.text, now)
	case Blob:
		return blobFromJSON(j)
	case Counter:
		return nil, errJSONCounter()
	case List, Set:
		return t.collectionFromJSON(j, now)
	case Map:
		return t.mapFromJSON(j, now)
	case Tuple:
		return t.tupleFromJSON(j, now)
	case UDT:
		return t.userTypeFromJSON(j, now)
	}
	if !str {
		return nil, errExpected(stringExpectation[t.Kind], j)
	}
	return t.FromString(j.text, now)
}

var stringExpectation = map[Kind]string{
	Ascii: "an ascii string", Text: "a UTF-8 string", UUID: "a string representation of a uuid",
	Timeuuid: "a string representation of a timeuuid", Date: "a string representation of a date value",
	Time: "a string representation of a time value", Inet: "a string representation of an inet value",
	Duration: "a string representation of a duration",
}

func blobFromJSON(j *jsonValue) (Value, *cqlerr.Error) {
	bad := func(why string) *cqlerr.Error { return errJSONBlob(j.javaString(), why) }
	if j.kind != jsonString {
		return nil, bad("class java.lang." + j.javaClass() + " cannot be cast to class java.lang.String")
	}
	if !strings.HasPrefix(j.text, "0x") {
		return nil, bad("String representation of blob is missing 0x prefix: " + j.text)
	}
	v, ok := parseHex(j.text[2:])
	if !ok {
		return nil, bad("cannot parse '" + j.text[2:] + "' as hex bytes")
	}
	return v, nil
}

// nested decodes a JSON string holding a collection, as fromJSONObject does
// with Json.decodeJson.
func nested(j *jsonValue) (*jsonValue, *cqlerr.Error) {
	if j.kind != jsonString {
		return j, nil
	}
	return decodeJSON(j.text)
}

func (t *Type) collectionFromJSON(j *jsonValue, now int64) (Value, *cqlerr.Error) {
	j, err := nested(j)
	if err != nil {
		return nil, err
	}
	what, noun := "a list", "list"
	if t.Kind == Set {
		what, noun = "a list (representing a set)", "set"
	}
	if j.kind != jsonArray {
		return nil, errExpected(what, j)
	}
	vals := make([]Value, 0, len(j.arr))
	for _, e := range j.arr {
		if e.kind == jsonNull {
			return nil, errJSONNullElement(noun)
		}
		v, err := t.Elems[0].fromJSONValue(e, now)
		if err != nil {
			return nil, err
		}
		vals = append(vals, v)
	}
	if t.Kind == List {
		return t.Join(nil, vals), nil
	}
	keys, _ := t.Normalize(vals, nil)
	return t.Join(keys, nil), nil
}

func (t *Type) mapFromJSON(j *jsonValue, now int64) (Value, *cqlerr.Error) {
	j, err := nested(j)
	if err != nil {
		return nil, err
	}
	if j.kind != jsonObject {
		return nil, errExpected("a map", j)
	}
	keys := make([]Value, 0, len(j.keys))
	vals := make([]Value, 0, len(j.keys))
	for i, k := range j.keys {
		if j.vals[i].kind == jsonNull {
			return nil, errJSONNullInMap()
		}
		kv, err := t.Elems[0].fromJSONValue(&jsonValue{kind: jsonString, text: k}, now)
		if err != nil {
			return nil, err
		}
		vv, err := t.Elems[1].fromJSONValue(j.vals[i], now)
		if err != nil {
			return nil, err
		}
		keys, vals = append(keys, kv), append(vals, vv)
	}
	keys, vals = t.Normalize(keys, vals)
	return t.Join(keys, vals), nil
}

func (t *Type) tupleFromJSON(j *jsonValue, now int64) (Value, *cqlerr.Error) {
	j, err := nested(j)
	if err != nil {
		return nil, err
	}
	if j.kind != jsonArray {
		return nil, errExpected("a list representation of a tuple", j)
	}
	n := strconv.Itoa(len(t.Elems))
	if len(j.arr) > len(t.Elems) {
		return nil, errJSONTupleSize("contains extra", n, j.javaString())
	}
	if len(j.arr) < len(t.Elems) {
		return nil, errJSONTupleSize("is missing", n, j.javaString())
	}
	fields := make([]Value, len(j.arr))
	for i, e := range j.arr {
		if e.kind == jsonNull {
			continue
		}
		v, err := t.Elems[i].fromJSONValue(e, now)
		if err != nil {
			return nil, err
		}
		fields[i] = v
	}
	return JoinFields(fields), nil
}

// The messages of reading JSON (cql3/Json.java, and each type's fromJSONObject in db/marshal).

// userTypeFromJSON is UserType.fromJSONObject: a JSON object whose keys
// name fields (a quoted key keeps its case, others are lower-cased, as
// Json.handleCaseSensitivity does); a missing or null field is null, a key
// naming no field fails.
func (t *Type) userTypeFromJSON(j *jsonValue, now int64) (Value, *cqlerr.Error) {
	j, err := nested(j)
	if err != nil {
		return nil, err
	}
	if j.kind != jsonObject {
		return nil, errExpected("a map", j)
	}
	fields := make([]Value, len(t.Elems))
	for i, k := range j.keys {
		if len(k) >= 2 && k[0] == '"' && k[len(k)-1] == '"' {
			k = k[1 : len(k)-1]
		} else {
			k = toLowerASCII(k)
		}
		p := t.FieldPosition(k)
		if p < 0 {
			return nil, errUnknownField(k, t.Name)
		}
		fields[p] = nil
		if j.vals[i].kind != jsonNull {
			if fields[p], err = t.Elems[p].fromJSONValue(j.vals[i], now); err != nil {
				return nil, err
			}
		}
	}
	return JoinFields(fields), nil
}

// errJSONSyntax is Json.decodeJson's refusal of text that is not JSON
// (Jackson's parse error, with its position).
func errJSONSyntax(pos int) *cqlerr.Error {
	return cqlerr.Invalid("Error decoding JSON string: Unexpected character at position " + strconv.Itoa(pos))
}

// errJSONNull is Json.parseJson's refusal of INSERT JSON 'null'.
func errJSONNull() *cqlerr.Error { return cqlerr.Invalid("Got null for INSERT JSON values") }

// errJSONNotAMap is Json.parseJson's refusal of INSERT JSON text that is not
// a JSON object.
func errJSONNotAMap(pos int, s string) *cqlerr.Error {
	return cqlerr.Invalid("Could not decode JSON string as a map: com.fasterxml.jackson.core.JsonParseException: Unexpected character at position " +
		strconv.Itoa(pos) + ". (String was: " + s + ")")
}

// errJSONNumber is a numeric type's fromJSONObject (db/marshal) refusing a
// JSON value that is no number of typ.
func errJSONNumber(v, typ string) *cqlerr.Error {
	return cqlerr.Invalid("Value '" + v + "' is not a valid representation of a " + typ + " value")
}

// errJSONCounter: fromJson for a counter, which CounterColumnType does not implement.
func errJSONCounter() *cqlerr.Error {
	return cqlerr.New(cqlerr.ServerError, "java.lang.UnsupportedOperationException")
}

// errJSONBlob is BytesType.fromJSONObject's refusal of a blob that is not 0x
// followed by hex digits.
func errJSONBlob(v, why string) *cqlerr.Error {
	return cqlerr.Invalid("Value '" + v + "' is not a valid blob representation: " + why)
}

// errJSONNullElement is ListType's or SetType's fromJSONObject refusing a
// null element of the JSON array (noun: list or set).
func errJSONNullElement(noun string) *cqlerr.Error {
	return cqlerr.Invalid("Invalid null element in " + noun)
}

// errJSONNullInMap is MapType.fromJSONObject's refusal of a null value in
// the JSON object.
func errJSONNullInMap() *cqlerr.Error { return cqlerr.Invalid("Invalid null value in map") }

// errJSONTupleSize: how is "contains extra" or "is missing".
func errJSONTupleSize(how, n, v string) *cqlerr.Error {
	return cqlerr.Invalid("Tuple " + how + " items (expected " + n + "): " + v)
}
