package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gocql/gocql"

	"github.com/cqlplay/cqlplay/engine"
)

// scratchKeyspace is where `cqlplay check --cluster` runs each example, as
// the playground runs it in its keyspace: created before the example,
// dropped after it. It must not exist when the check starts, so that
// nothing of the cluster's own is ever dropped.
const scratchKeyspace = "cqlplay_check"

// checkCluster is `cqlplay check --cluster ADDR FILE.md...`: every example
// of the pages runs, after its prelude, through gocql against the cluster
// (as `cqlplay run --cluster` runs a script), each in a fresh
// scratchKeyspace, and its expectations (-- fails:, -- rows:) are checked.
// Keyspaces an example creates are dropped after it. Exercises' checks
// and access patterns need the engine and are not run.
func checkCluster(addr string, paths []string, e env) int {
	pages, problems, ok := readPages(paths, e)
	if !ok {
		return exitCheckUsage
	}
	if problems > 0 {
		return exitCheckDisagree
	}
	c, err := dialCluster(addr)
	if err != nil {
		fmt.Fprintf(e.stderr, "cqlplay check: --cluster %s: %v\n", addr, err)
		return exitCheckUsage
	}
	defer func() { c.s.Close() }()
	examples, exercises := 0, 0
	for _, page := range pages {
		for _, ex := range page.Examples {
			if err := c.scratch(); err != nil {
				fmt.Fprintf(e.stderr, "cqlplay check: --cluster %s: %v\n", addr, err)
				return exitCheckUsage
			}
			var created []string
			r := page.RunOn(ex, func(script string) []engine.Outcome {
				outs := c.run(script)
				created = append(created, keyspacesCreated(outs)...)
				return outs
			})
			if err := c.dropScratch(created); err != nil {
				fmt.Fprintf(e.stderr, "cqlplay check: --cluster %s: %v\n", addr, err)
				return exitCheckUsage
			}
			examples++
			if ex.Exercise != nil {
				exercises++
			}
			for _, p := range r.Problems {
				fmt.Fprintln(e.stdout, p)
				problems++
			}
		}
	}
	if problems > 0 {
		fmt.Fprintf(e.stderr, "cqlplay check: %s\n", plural(problems, "disagreement"))
		return exitCheckDisagree
	}
	note := ""
	if exercises > 0 {
		note = " (" + plural(exercises, "exercise") + "' solutions and checks need the engine: not run)"
	}
	fmt.Fprintf(e.stdout, "%s in %s agree with the cluster at %s%s\n", plural(examples, "example"), plural(len(paths), "file"), addr, note)
	return exitOK
}

// scratch creates scratchKeyspace and opens a session in it.
func (c *clusterClient) scratch() error {
	err := c.s.Query("CREATE KEYSPACE " + scratchKeyspace + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}").Exec()
	var exists *gocql.RequestErrAlreadyExists
	if errors.As(err, &exists) {
		return fmt.Errorf("keyspace %s exists: cqlplay check creates it for each example and drops it after; drop it first", scratchKeyspace)
	}
	if err != nil {
		return err
	}
	return c.connect(scratchKeyspace)
}

// dropScratch drops scratchKeyspace and the keyspaces the example created,
// from a session in none.
func (c *clusterClient) dropScratch(created []string) error {
	if err := c.connect(""); err != nil {
		return err
	}
	for _, ks := range append(created, scratchKeyspace) {
		if err := c.s.Query("DROP KEYSPACE IF EXISTS " + quoteName(ks)).Exec(); err != nil {
			return err
		}
	}
	return nil
}

// keyspacesCreated are the keyspaces the successful CREATE KEYSPACE
// statements of outs created.
func keyspacesCreated(outs []engine.Outcome) []string {
	var names []string
	for _, o := range outs {
		f := strings.Fields(o.Statement)
		if o.Error != nil || len(f) < 3 || !strings.EqualFold(f[0], "CREATE") || !strings.EqualFold(f[1], "KEYSPACE") {
			continue
		}
		f = f[2:]
		if len(f) > 3 && strings.EqualFold(f[0], "IF") && strings.EqualFold(f[1], "NOT") && strings.EqualFold(f[2], "EXISTS") {
			f = f[3:]
		}
		if name, ok := useKeyspace("USE " + f[0]); ok {
			names = append(names, name)
		}
	}
	return names
}

func quoteName(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
