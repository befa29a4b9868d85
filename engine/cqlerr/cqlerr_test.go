package cqlerr

import "testing"

func TestCqlsh(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{Invalid("table nope does not exist"),
			`InvalidRequest: Error from server: code=2200 [Invalid query] message="table nope does not exist"`},
		{New(AlreadyExists, `Cannot add already existing table "users" to keyspace "ks"`),
			`AlreadyExists: Table 'ks.users' already exists`},
		{New(AlreadyExists, `Cannot add existing keyspace "ks"`),
			`AlreadyExists: Keyspace 'ks' already exists`},
		{New(AlreadyExists, `something else`),
			`AlreadyExists: something else`},
		{New(Unauthorized, `User x has no SELECT permission`),
			`Unauthorized: Error from server: code=2100 [Unauthorized] message="User x has no SELECT permission"`},
		{Syntax(Pos{Line: 1, Col: 1}, 5, "line 1:0 no viable alternative at input 'SELEC' ([SELEC]...)"),
			`SyntaxException: line 1:0 no viable alternative at input 'SELEC' ([SELEC]...)`},
		{Config("Cannot mix counter and non counter columns in the same table"),
			`ConfigurationException: Cannot mix counter and non counter columns in the same table`},
		{New(ServerError, "boom"), `ServerError: boom`},
		{New(Stopped, "The script ran past the playground's time limit"),
			`Stopped: The script ran past the playground's time limit`},
	}
	for _, tt := range tests {
		if got := tt.err.Cqlsh(); got != tt.want {
			t.Errorf("Cqlsh(%q)\n got %s\nwant %s", tt.err.Message, got, tt.want)
		}
	}
}
