package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// Exit statuses of `cqlplay check`.
const (
	exitCheckDisagree = 1 // some example disagrees with the engine
	exitCheckUsage    = 2 // no file given, or one cannot be read
)

// check runs the lesson checks on Markdown files: every cql fence with its
// expectations (-- fails:, -- rows:), every exercise with its solution, checks
// and wrong answers, exactly as `go test ./...` runs them on content/. It
// prints one `file:line: what disagreed` line per disagreement.
func check(args []string, e env) int {
	if len(args) == 0 || (len(args[0]) > 1 && args[0][0] == '-') {
		fmt.Fprintf(e.stderr, "usage: cqlplay check FILE.md...\n")
		return exitCheckUsage
	}
	examples, problems := 0, 0
	for _, path := range args {
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(e.stderr, "cqlplay check: %v\n", err)
			return exitCheckUsage
		}
		page, err := lesson.ParsePage(path, src)
		if err != nil {
			fmt.Fprintln(e.stdout, err)
			problems++
			continue
		}
		examples += len(page.Examples)
		for _, r := range page.RunAll() {
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
	fmt.Fprintf(e.stdout, "%s in %s agree with the engine\n", plural(examples, "example"), plural(len(args), "file"))
	return exitOK
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
