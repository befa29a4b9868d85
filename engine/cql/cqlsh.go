package cql

import (
	"slices"
	"strings"
)

// CqlshCommand is one of cqlsh's own commands, which cqlsh runs itself and
// never sends to Cassandra (pylib/cqlshlib/cqlshhandling.py): CONSISTENCY,
// SERIAL CONSISTENCY, PAGING, EXPAND, TRACING and SHOW. Name is the command
// word(s) upper-cased as cqlsh names it in its messages; Args are the words
// after it as written. The session checks the arguments, as cqlsh does after
// its own parse.
type CqlshCommand struct {
	Base
	Name string
	Args []string
}

// cqlshWords are the command words a statement may start with: an array,
// static data, where a map literal or a switch costs the module code.
var cqlshWords = [...]string{"CONSISTENCY", "SERIAL", "PAGING", "EXPAND", "TRACING", "SHOW", "SOURCE", "CAPTURE"}

// isCqlshCommand reports whether the current token starts a cqlsh command.
func (p *parser) isCqlshCommand() bool {
	if p.tok.Kind != TokIdent && p.tok.Kind != TokKeyword {
		return false
	}
	return slices.Contains(cqlshWords[:], strings.ToUpper(p.text(p.tok)))
}

// parseCqlsh reads a cqlsh command: its word, then every token up to the
// statement's end as written.
func (p *parser) parseCqlsh() *CqlshCommand {
	c := &CqlshCommand{Name: strings.ToUpper(p.text(p.tok))}
	p.next()
	if c.Name == "SERIAL" {
		if (p.tok.Kind == TokIdent || p.tok.Kind == TokKeyword) && strings.EqualFold(p.text(p.tok), "CONSISTENCY") {
			p.next()
			c.Name = "SERIAL CONSISTENCY"
		} else {
			p.noViable()
		}
	}
	for p.tok.Kind != TokEOF && !p.isPunct(';') {
		c.Args = append(c.Args, p.text(p.tok))
		p.next()
	}
	return c
}

// String prints the command as cqlsh reads it: its words joined by spaces.
func (c *CqlshCommand) String() string {
	return strings.Join(append([]string{c.Name}, c.Args...), " ")
}
