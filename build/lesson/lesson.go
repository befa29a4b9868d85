package lesson

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Lesson is one Markdown file of content/.
type Lesson struct {
	Path    string // as given to Parse, used in every message
	Lang    string // "en", "zh": the name of the directory holding the file
	Name    string // file name without .md, e.g. "01-nested-map"
	Slug    string // Name without its NN- prefix, e.g. "nested-map"; the same in every language
	Title   string
	Order   int
	Summary string
	// Source is the whole file; Body is the Markdown after the front matter,
	// starting on line BodyLine+1 of the file.
	Source   []byte
	Body     []byte
	BodyLine int
	Examples []*Example
}

// Example is one ```cql fence of a lesson.
type Example struct {
	Fence
	Index int    // position among the lesson's examples, from 0
	Line  int    // line of the opening fence in the file
	Code  string // the CQL between the fences
	// Prelude lists the examples whose scripts run, in order and in the same
	// session, before this one: the chain named by after=, then a setup block
	// placed just before this example.
	Prelude []*Example
	// Statements are Code's statements with the expectations written after them.
	Statements []Statement
	// Offset is the byte offset in Body of the fence's first code line, which
	// the renderer uses to match goldmark's node to this Example.
	Offset int
	// Exercise holds an exercise's hidden sections; Code is then only the
	// reader's starting text.
	Exercise *Exercise
	// VsOf is the example vs= names: model A, compared with this one.
	VsOf *Example
}

// CodeLine returns the file line of line n (1-based) of the example's code.
func (e *Example) CodeLine(n int) int { return e.Line + n }

// Load reads every lesson under dir (dir/<lang>/*.md), sorted by language and
// then by order and name.
func Load(dir string) ([]*Lesson, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*", "*.md"))
	if err != nil {
		return nil, err
	}
	var out []*Lesson
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		l, err := Parse(p, src)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Lang != b.Lang {
			return a.Lang < b.Lang
		}
		if a.Order != b.Order {
			return a.Order < b.Order
		}
		return a.Name < b.Name
	})
	return out, nil
}

// Parse reads one lesson. path must end in <lang>/NN-slug.md.
func Parse(path string, src []byte) (*Lesson, error) {
	name := strings.TrimSuffix(filepath.Base(path), ".md")
	l := &Lesson{Path: path, Lang: filepath.Base(filepath.Dir(path)), Name: name, Source: src}
	num, slug, ok := strings.Cut(name, "-")
	if _, err := strconv.Atoi(num); !ok || err != nil || slug == "" {
		return nil, errorf(path, 1, "lesson file name must be NN-slug.md, not "+strconv.Quote(filepath.Base(path)))
	}
	l.Slug = slug
	fm, body, bodyLine, err := splitFrontMatter(path, src)
	if err != nil {
		return nil, err
	}
	l.Title, l.Order, l.Summary = fm.Title, fm.Order, fm.Summary
	l.Body, l.BodyLine = body, bodyLine
	if err := l.readExamples(); err != nil {
		return nil, err
	}
	return l, nil
}

// ParsePage reads any Markdown page with cql fences, such as a team's wiki
// page checked by `cqlplay check`: it needs no NN-slug file name, and a front
// matter block, when the page starts with one, is skipped unread (wikis put
// their own keys there). Its examples follow the lessons' rules exactly.
func ParsePage(path string, src []byte) (*Lesson, error) {
	l := &Lesson{Path: path, Name: strings.TrimSuffix(filepath.Base(path), ".md"), Source: src, Body: src}
	if lines := bytes.SplitAfter(src, []byte("\n")); len(lines) > 1 && strings.TrimRight(string(lines[0]), "\r\n") == "---" {
		offset := len(lines[0])
		for i := 1; i < len(lines); i++ {
			offset += len(lines[i])
			if strings.TrimRight(string(lines[i]), "\r\n") == "---" {
				l.Body, l.BodyLine = src[offset:], i+1
				break
			}
		}
	}
	if err := l.readExamples(); err != nil {
		return nil, err
	}
	return l, nil
}

// readExamples finds the cql fences with goldmark's own parser, so that what
// counts as a fence here is exactly what the renderer sees.
func (l *Lesson) readExamples() error {
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(l.Body))
	byID := map[string]*Example{}
	var pendingSetup *Example
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fc, ok := n.(*ast.FencedCodeBlock)
		if !entering || !ok || fc.Info == nil {
			return ast.WalkContinue, nil
		}
		info := string(fc.Info.Segment.Value(l.Body))
		if !IsCQL(info) {
			return ast.WalkContinue, nil
		}
		ex := &Example{Index: len(l.Examples), Line: l.lineOf(fc.Info.Segment.Start)}
		var err error
		if ex.Fence, err = ParseFence(info); err != nil {
			return ast.WalkStop, errorf(l.Path, ex.Line, err.Error())
		}
		ex.Code, ex.Offset = FenceCode(fc, l.Body)
		if ex.Fence.Exercise {
			if ex.Code, ex.Exercise, err = splitExercise(ex.Code); err != nil {
				e := err.(*Error)
				return ast.WalkStop, errorf(l.Path, ex.CodeLine(e.Line), e.Msg)
			}
		}
		if ex.Statements, err = Split(ex.Code); err != nil {
			e := err.(*Error)
			return ast.WalkStop, errorf(l.Path, ex.CodeLine(e.Line), e.Msg)
		}
		if err := l.link(ex, byID, pendingSetup); err != nil {
			return ast.WalkStop, err
		}
		pendingSetup = nil
		if ex.Setup {
			pendingSetup = ex
		}
		l.Examples = append(l.Examples, ex)
		return ast.WalkContinue, nil
	})
	if err != nil {
		return err
	}
	if pendingSetup != nil {
		return errorf(l.Path, pendingSetup.Line, "setup block must be followed by the example it prepares")
	}
	return nil
}

// link checks ex's id and after= and computes its prelude.
func (l *Lesson) link(ex *Example, byID map[string]*Example, setup *Example) error {
	if ex.ID != "" {
		if prev := byID[ex.ID]; prev != nil {
			return errorf(l.Path, ex.Line, "example id "+strconv.Quote(ex.ID)+" already used on line "+strconv.Itoa(prev.Line))
		}
		byID[ex.ID] = ex
	}
	if ex.After != "" {
		prev := byID[ex.After]
		if prev == nil {
			return errorf(l.Path, ex.Line, "after="+ex.After+" names no earlier example of this lesson")
		}
		ex.Prelude = append(append(ex.Prelude, prev.Prelude...), prev)
	}
	if ex.Vs != "" {
		a := byID[ex.Vs]
		switch {
		case a == nil:
			return errorf(l.Path, ex.Line, "vs="+ex.Vs+" names no earlier example of this lesson")
		case len(ParsePatterns(a.Code)) == 0 || len(ParsePatterns(ex.Code)) == 0:
			return errorf(l.Path, ex.Line, "vs="+ex.Vs+" compares access patterns, but this example or "+ex.Vs+" lists none (a comment block headed \"-- access patterns\")")
		case ex.Exercise != nil || a.Exercise != nil:
			return errorf(l.Path, ex.Line, "vs= compares playgrounds, not exercises")
		}
		ex.VsOf = a
	}
	if setup != nil {
		for _, p := range append(setup.Prelude, setup) {
			if !contains(ex.Prelude, p) {
				ex.Prelude = append(ex.Prelude, p)
			}
		}
	}
	return nil
}

func contains(list []*Example, e *Example) bool {
	for _, x := range list {
		if x == e {
			return true
		}
	}
	return false
}

// FenceCode returns the text of a fenced code block and the byte offset in
// src of its first line (the end of the info string for an empty block).
func FenceCode(fc *ast.FencedCodeBlock, src []byte) (string, int) {
	var b bytes.Buffer
	lines := fc.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(src))
	}
	if lines.Len() == 0 {
		return "", fc.Info.Segment.Stop
	}
	return b.String(), lines.At(0).Start
}

// lineOf returns the file line of byte offset off of the body.
func (l *Lesson) lineOf(off int) int {
	return l.BodyLine + 1 + bytes.Count(l.Body[:off], []byte("\n"))
}

// ExampleAt returns the example whose code starts at byte offset off of the
// body (see Example.Offset), or nil.
func (l *Lesson) ExampleAt(off int) *Example {
	for _, e := range l.Examples {
		if e.Offset == off {
			return e
		}
	}
	return nil
}
