package function

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
)

// IsToken tells the token function's name, as written (lower case,
// "system." or no keyspace).
func IsToken(name string) bool { return strings.TrimPrefix(name, "system.") == "token" }

// Token is system.token for a table whose partition key columns have the
// types keys: FunctionResolver makes it for the table of the receiver
// (TokenFct), so token(1) in an INSERT into t2 hashes 1 as t2's key. It
// returns the Murmur3 token of the key the arguments compose, null when
// any is null.
func Token(keys []*cqltype.Type) *Native {
	return &Native{Name: "token", Params: keys, Result: cqltype.BigintType,
		exec: func(_ Context, args []cqltype.Value) (cqltype.Value, *cqlerr.Error) {
			key := []byte(args[0])
			if len(args) > 1 {
				key = cqltype.CompositeKey(args)
			}
			return cqltype.Int64Value(cqltype.Token(key)), nil
		}}
}
