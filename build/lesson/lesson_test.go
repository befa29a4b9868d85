package lesson

import (
	"os"
	"testing"
)

func TestParseSample(t *testing.T) {
	path := "testdata/en/01-sample.md"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	if l.Lang != "en" || l.Name != "01-sample" || l.Slug != "sample" || l.Title != "A sample lesson" ||
		l.Order != 1 || l.Summary != "Every option of the format, once." || l.BodyLine != 5 {
		t.Errorf("lesson = %+v", l)
	}
	if len(l.Examples) != 3 {
		t.Fatalf("got %d examples, want 3", len(l.Examples))
	}
	setup, first, third := l.Examples[0], l.Examples[1], l.Examples[2]
	if !setup.Setup || setup.Line != 13 || setup.Code != "CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c));\n" {
		t.Errorf("setup = %+v", setup)
	}
	if first.ID != "first" || first.View != "storage" || first.Line != 17 || len(first.Prelude) != 1 || first.Prelude[0] != setup {
		t.Errorf("first = %+v", first)
	}
	if got := first.Statements[1]; got.Rows != 1 || got.Line != 2 || first.CodeLine(got.Line) != 19 {
		t.Errorf("first statement 2 = %+v", got)
	}
	if !third.Readonly || third.Version != "3.11" || third.Line != 24 ||
		len(third.Prelude) != 2 || third.Prelude[0] != setup || third.Prelude[1] != first {
		t.Errorf("third = %+v, prelude %v", third, third.Prelude)
	}
	if third.Code != "SELECT * FROM t WHERE v = 'a';\n-- fails: ALLOW FILTERING\n" || third.Statements[0].Fails != "ALLOW FILTERING" {
		t.Errorf("third code = %q, statements %+v", third.Code, third.Statements)
	}
	if l.ExampleAt(first.Offset) != first {
		t.Errorf("ExampleAt(%d) does not find the first example", first.Offset)
	}
}

func TestParseErrors(t *testing.T) {
	const fm = "---\ntitle: T\n---\n"
	tests := []struct{ name, src, want string }{
		{"01-x.md", "no front matter", "en/01-x.md:1: lesson must start with front matter between --- lines"},
		{"01-x.md", "---\ntitle: T\n", "en/01-x.md:1: front matter is not closed by a --- line"},
		{"01-x.md", "---\norder: 1\n---\n", "en/01-x.md:3: front matter has no title"},
		{"01-x.md", "---\ntitle: T\nauthor: me\n---\n", `en/01-x.md:3: unknown front matter key "author" (want title, order, summary)`},
		{"01-x.md", "---\ntitle: T\norder: first\n---\n", `en/01-x.md:3: order must be a non-negative integer, not "first"`},
		{"x.md", fm, `en/x.md:1: lesson file name must be NN-slug.md, not "x.md"`},
		{"01-x.md", fm + "\ntext\n\n```cql versoin=3.11\nSELECT 1;\n```\n", `en/01-x.md:7: unknown cql fence option "versoin=3.11" (known: readonly, setup, exercise, version=, view=, id=, after=, vs=)`},
		{"01-x.md", fm + "```cql after=nope\n```\n", "en/01-x.md:4: after=nope names no earlier example of this lesson"},
		{"01-x.md", fm + "```cql vs=nope\n```\n", "en/01-x.md:4: vs=nope names no earlier example of this lesson"},
		{"01-x.md", fm + "```cql id=a\n-- access patterns\n-- SELECT 1\n```\n\n```cql vs=a\nSELECT 1; -- fails: x\n```\n", `en/01-x.md:9: vs=a compares access patterns, but this example or a lists none (a comment block headed "-- access patterns")`},
		{"01-x.md", fm + "```cql id=a\n```\n\n```cql id=a\n```\n", `en/01-x.md:7: example id "a" already used on line 4`},
		{"01-x.md", fm + "```cql setup\nCREATE TABLE t (k int PRIMARY KEY);\n```\n", "en/01-x.md:4: setup block must be followed by the example it prepares"},
		{"01-x.md", fm + "```cql\nSELECT 1;\n\n-- rows: x\n```\n", "en/01-x.md:7: `-- rows:` needs a row count, not \"x\""},
	}
	for _, tt := range tests {
		_, err := Parse("en/"+tt.name, []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error = %v\nwant %s", tt.src, err, tt.want)
		}
	}
}

// TestPreludeFailures: an example continuing one that shows a statement
// failing (-- fails:) starts from the state that example leaves; a prelude
// statement that fails unexpectedly is reported against the later example.
func TestPreludeFailures(t *testing.T) {
	src := "---\ntitle: T\n---\n" +
		"```cql id=a\nCREATE TABLE t (k int PRIMARY KEY, v int);\nSELECT * FROM t WHERE v = 1;\n-- fails: ALLOW FILTERING\n```\n" +
		"```cql after=a\nSELECT * FROM t; -- rows: 0\n```\n" +
		"```cql id=b\nINSERT INTO nope (k) VALUES (1);\n```\n" +
		"```cql after=b\nSELECT release_version FROM system.local; -- rows: 1\n```\n"
	l, err := Parse("en/01-x.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p := l.Run(l.Examples[1]).Problems; len(p) != 0 {
		t.Errorf("after an example whose failure is expected: problems %q, want none", p)
	}
	p := l.Run(l.Examples[3]).Problems
	want := "en/01-x.md:13: prelude statement of the example on line 15 failed, so that example starts from the wrong state: InvalidRequest: table nope does not exist"
	if len(p) != 1 || p[0] != want {
		t.Errorf("after an example that fails unexpectedly: problems %q\nwant [%s]", p, want)
	}
}
