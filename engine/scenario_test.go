package engine

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// rewrite regenerates the expected outputs of testdata/scenarios; review
// every diff it makes against Cassandra's behaviour before committing.
var rewrite = flag.Bool("rewrite", false, "rewrite the expected outputs of testdata/scenarios")

// TestScenarios runs the scenario files of testdata/scenarios. Each file is
// one session; it holds blocks in cockroachdb/datadriven's spirit:
//
//	# a comment
//	run
//	<CQL script>
//	----
//	<expected outcomes>
//
// followed by a blank line. The expected outcomes list, for each statement
// that returned something (rows, text, warnings or an error), the statement
// on a "> " line and then what it returned (see renderOutcomes).
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/scenarios/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) { runScenarioFile(t, f) })
	}
}

type scenarioBlock struct {
	line     int
	comments string
	cmd      string
	script   string
	want     string
}

func parseScenarios(t *testing.T, path string, text string) []scenarioBlock {
	lines := strings.Split(text, "\n")
	var blocks []scenarioBlock
	var comments []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "" && len(comments) == 0:
			continue
		case strings.HasPrefix(l, "#") || l == "":
			comments = append(comments, l)
			continue
		}
		b := scenarioBlock{line: i + 1, cmd: l, comments: strings.Join(comments, "\n")}
		comments = nil
		if b.cmd != "run" && !strings.HasPrefix(b.cmd, "run ") {
			t.Fatalf("%s:%d: unknown command %q", path, i+1, l)
		}
		var script []string
		for i++; i < len(lines) && lines[i] != "----"; i++ {
			script = append(script, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("%s:%d: block without ----", path, b.line)
		}
		var want []string
		for i++; i < len(lines) && lines[i] != ""; i++ {
			want = append(want, lines[i])
		}
		b.script = strings.Join(script, "\n")
		b.want = strings.Join(want, "\n")
		blocks = append(blocks, b)
	}
	return blocks
}

func runScenarioFile(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blocks := parseScenarios(t, path, string(data))
	s := NewSession(Options{})
	var out bytes.Buffer
	for i := range blocks {
		b := &blocks[i]
		got := renderOutcomes(s.Run(b.script))
		checkStore(t, s, path, b.line)
		if *rewrite {
			b.want = got
		} else if got != b.want {
			t.Errorf("%s:%d:\n%s\n---- got:\n%s\n---- want:\n%s", path, b.line, b.script, got, b.want)
		}
		if b.comments != "" {
			out.WriteString(b.comments + "\n")
		}
		out.WriteString(b.cmd + "\n" + b.script + "\n----\n")
		if b.want != "" {
			out.WriteString(b.want + "\n")
		}
		out.WriteString("\n")
	}
	if *rewrite {
		if err := os.WriteFile(path, bytes.TrimRight(out.Bytes(), "\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("\n")
		f.Close()
	}
}

// renderOutcomes prints the outcomes that carry something: a "> " line with
// the statement (newlines folded), then the error as "error: Code: message",
// the warnings, the text, or the rows as "col | col" lines with a
// "(N rows)" footer. Nulls print as "null" (a value that is the text 'null'
// would print the same, so scenarios avoid that text), empty values as
// "<empty>".
func renderOutcomes(outs []Outcome) string {
	var b strings.Builder
	for _, o := range outs {
		if o.Error == nil && !o.HasResult() && o.Text == "" && len(o.Warnings) == 0 && o.Trace == nil {
			continue
		}
		b.WriteString("> " + strings.Join(strings.Fields(o.Statement), " ") + "\n")
		if o.Error != nil {
			msg := o.Error.Message
			if o.Error.Code == "SyntaxException" {
				// The snippet after the message is the parser's concern
				// (engine/cql's tests): scenarios pin the position and text.
				if i := strings.Index(msg, " ("); i > 0 {
					msg = msg[:i]
				}
			}
			b.WriteString("error: " + string(o.Error.Code) + ": " + msg + "\n")
			continue
		}
		for _, w := range o.Warnings {
			b.WriteString("warning: " + w + "\n")
		}
		if o.Text != "" {
			// Blank lines would end the block: they print as "~".
			for _, l := range strings.Split(strings.TrimRight(o.Text, "\n"), "\n") {
				if l == "" {
					l = "~"
				}
				b.WriteString(l + "\n")
			}
		}
		if o.HasResult() {
			b.WriteString(strings.Join(o.Columns, " | ") + "\n")
			for _, r := range o.Rows {
				vals := make([]string, len(r))
				for i, v := range r {
					// An empty value would make an empty line, which ends the block.
					if vals[i] = v; v == "" {
						vals[i] = "<empty>"
					}
				}
				b.WriteString(strings.Join(vals, " | ") + "\n")
			}
			b.WriteString("(" + strconv.Itoa(len(o.Rows)) + " rows)\n")
		}
		if o.Trace != nil {
			b.WriteString("note: " + o.Trace.Note + "\n")
			for _, l := range strings.Split(strings.Trim(o.Trace.Text(), "\n"), "\n") {
				if l == "" {
					l = "~"
				}
				b.WriteString(l + "\n")
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
