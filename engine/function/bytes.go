package function

import (
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// blobKinds are CQL3Type.Native's values in their declaration order, less
// blob (no blobAsBlob), varchar (an alias of text, special-cased below) and
// empty (no column can hold it).
var blobKinds = []cqltype.Kind{
	cqltype.Ascii, cqltype.Bigint, cqltype.Boolean, cqltype.Counter, cqltype.Decimal,
	cqltype.Double, cqltype.Duration, cqltype.Float, cqltype.Inet, cqltype.Int,
	cqltype.Smallint, cqltype.Text, cqltype.Timestamp, cqltype.Tinyint, cqltype.UUID,
	cqltype.Varint, cqltype.Timeuuid, cqltype.Date, cqltype.Time,
}

// bytesConversionFcts is BytesConversionFcts.all(): typeAsBlob and
// blobAsType for each native type, then varcharAsBlob and blobAsVarchar.
// xAsBlob hands the bytes on; blobAsX validates them as X (cqltype.BlobAs)
// except blobAsVarchar, which Cassandra declares without validation.
func bytesConversionFcts() []*Native {
	var fs []*Native
	blob := []*cqltype.Type{cqltype.BlobType}
	for _, k := range blobKinds {
		t := cqltype.Simple(k)
		fs = append(fs,
			&Native{Name: t.String() + "asblob", Params: []*cqltype.Type{t}, Result: cqltype.BlobType, exec: identity},
			&Native{Name: "blobas" + t.String(), Params: blob, Result: t, exec: blobAs(t)})
	}
	return append(fs,
		&Native{Name: "varcharasblob", Params: []*cqltype.Type{cqltype.TextType}, Result: cqltype.BlobType, exec: identity},
		&Native{Name: "blobasvarchar", Params: blob, Result: cqltype.TextType, exec: identity})
}

func identity(_ Context, a []cqltype.Value) (cqltype.Value, *cqlerr.Error) { return a[0], nil }

func blobAs(t *cqltype.Type) func(Context, []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	return func(_ Context, a []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
		return cqltype.BlobAs(t, a[0])
	}
}
