package function

import (
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// uuidFcts is UuidFcts.java: uuid(), a random (version 4) UUID, here from
// the session's seeded source.
func uuidFcts() []*Native {
	return []*Native{{Name: "uuid", Result: cqltype.UUIDType, exec: randomUUID}}
}

func randomUUID(ctx Context, _ []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
	var b [16]byte
	a, c := ctx.Random(), ctx.Random()
	for i := 0; i < 8; i++ {
		b[i], b[8+i] = byte(a>>(8*i)), byte(c>>(8*i))
	}
	return cqltype.RandomUUID(b), nil
}
