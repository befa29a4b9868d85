package proto

import "github.com/cqlplay/cqlplay/engine"

// Option ids of types in metadata (native_protocol_v5.spec, section 4.2.5.2).
var optionIDs = map[engine.Kind]uint16{
	engine.Ascii: 0x0001, engine.Bigint: 0x0002, engine.Blob: 0x0003, engine.Boolean: 0x0004,
	engine.Counter: 0x0005, engine.Decimal: 0x0006, engine.Double: 0x0007, engine.Float: 0x0008,
	engine.Int: 0x0009, engine.Timestamp: 0x000B, engine.UUID: 0x000C, engine.Text: 0x000D,
	engine.Varint: 0x000E, engine.Timeuuid: 0x000F, engine.Inet: 0x0010, engine.Date: 0x0011,
	engine.Time: 0x0012, engine.Smallint: 0x0013, engine.Tinyint: 0x0014, engine.Duration: 0x0015,
	engine.List: 0x0020, engine.Map: 0x0021, engine.Set: 0x0022, engine.UDT: 0x0030, engine.Tuple: 0x0031,
}

// durationClass is how v4 and earlier name duration: a custom type.
const durationClass = "org.apache.cassandra.db.marshal.DurationType"

// Option appends the [option] of type t for protocol version v: its id,
// then what the id needs (element types, a user type's keyspace, name
// and fields). Frozenness is not on the wire.
func (w *Writer) Option(t *engine.Type, v byte) {
	if t == nil {
		w.Short(0x0003) // blob: a column of unknown type is its bytes
		return
	}
	if t.Kind == engine.Duration && v < 5 {
		w.Short(0x0000)
		w.String(durationClass)
		return
	}
	w.Short(optionIDs[t.Kind])
	switch t.Kind {
	case engine.List, engine.Set:
		w.Option(t.Elems[0], v)
	case engine.Map:
		w.Option(t.Elems[0], v)
		w.Option(t.Elems[1], v)
	case engine.Tuple:
		w.Short(uint16(len(t.Elems)))
		for _, e := range t.Elems {
			w.Option(e, v)
		}
	case engine.UDT:
		w.String(t.Keyspace)
		w.String(t.Name)
		w.Short(uint16(len(t.Elems)))
		for i, e := range t.Elems {
			w.String(t.FieldNames[i])
			w.Option(e, v)
		}
	}
}
