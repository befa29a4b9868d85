package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

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
//
// With --cluster HOST:PORT the examples run through a driver against that
// cluster instead (check_cluster.go).
func check(args []string, e env) int {
	var addr string
	switch {
	case len(args) > 0 && (args[0] == "--cluster" || args[0] == "-cluster"):
		if len(args) < 2 {
			args = nil
			break
		}
		addr, args = args[1], args[2:]
	case len(args) > 0 && (strings.HasPrefix(args[0], "--cluster=") || strings.HasPrefix(args[0], "-cluster=")):
		_, addr, _ = strings.Cut(args[0], "=")
		args = args[1:]
	}
	if len(args) == 0 || (len(args[0]) > 1 && args[0][0] == '-') {
		fmt.Fprintf(e.stderr, "usage: cqlplay check [--cluster HOST:PORT] FILE.md...\n")
		return exitCheckUsage
	}
	if addr != "" {
		return checkCluster(addr, args, e)
	}
	pages, problems, ok := readPages(args, e)
	if !ok {
		return exitCheckUsage
	}
	examples := 0
	for _, page := range pages {
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

// readPages reads and parses the Markdown pages at paths. A page that does
// not parse is a problem, printed with its file and line; a file that
// cannot be read ends the check (ok false).
func readPages(paths []string, e env) (pages []*lesson.Lesson, problems int, ok bool) {
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(e.stderr, "cqlplay check: %v\n", err)
			return nil, problems, false
		}
		page, err := lesson.ParsePage(path, src)
		if err != nil {
			fmt.Fprintln(e.stdout, err)
			problems++
			continue
		}
		pages = append(pages, page)
	}
	return pages, problems, true
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
