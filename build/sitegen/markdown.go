package sitegen

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// This file is the goldmark extension of the site: a ```cql fence becomes a
// playground widget (an AST transformer swaps the fenced code block for a
// cqlBlock node; a node renderer writes the widget), and headings get ids that
// keep non-ASCII letters (Chinese headings) plus a visible anchor link.

// kindCQLBlock is the node kind of a playground in the AST.
var kindCQLBlock = ast.NewNodeKind("CQLBlock")

// cqlBlock is a ```cql fence, resolved to its lesson.Example.
type cqlBlock struct {
	ast.BaseBlock
	Example *lesson.Example
}

func (n *cqlBlock) Kind() ast.NodeKind { return kindCQLBlock }

func (n *cqlBlock) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Line": strconv.Itoa(n.Example.Line)}, nil)
}

// cqlTransformer replaces the lesson's cql fences by cqlBlock nodes. It finds
// each fence's Example by the offset of its first code line, the key the
// lesson package recorded when it read the same Markdown.
type cqlTransformer struct{ lesson *lesson.Lesson }

func (t cqlTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var fences []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fc, ok := n.(*ast.FencedCodeBlock); ok && entering && fc.Info != nil && lesson.IsCQL(string(fc.Info.Segment.Value(src))) {
			fences = append(fences, fc)
		}
		return ast.WalkContinue, nil
	})
	for _, fc := range fences {
		_, off := lesson.FenceCode(fc, src)
		ex := t.lesson.ExampleAt(off)
		if ex == nil {
			// lesson.Parse saw the same fences; a miss is a bug in this file.
			panic("cql fence at offset " + strconv.Itoa(off) + " of " + t.lesson.Path + " has no example")
		}
		fc.Parent().ReplaceChild(fc.Parent(), fc, &cqlBlock{Example: ex})
	}
}

// widgetWriter writes the HTML of one playground.
type widgetWriter func(w util.BufWriter, ex *lesson.Example)

// cqlRenderer renders cqlBlock nodes with a widgetWriter and headings with
// an anchor link named anchor (uiText.Anchor).
type cqlRenderer struct {
	widget widgetWriter
	anchor string
}

func (r cqlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindCQLBlock, r.renderCQL)
	reg.Register(ast.KindHeading, r.renderHeading)
}

func (r cqlRenderer) renderCQL(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		r.widget(w, n.(*cqlBlock).Example)
	}
	return ast.WalkSkipChildren, nil
}

func (r cqlRenderer) renderHeading(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.Heading)
	level := strconv.Itoa(n.Level)
	if entering {
		_, _ = w.WriteString("<h" + level)
		if n.Attributes() != nil {
			html.RenderAttributes(w, n, html.HeadingAttributeFilter)
		}
		_ = w.WriteByte('>')
		return ast.WalkContinue, nil
	}
	if id, ok := n.AttributeString("id"); ok {
		if b, ok := id.([]byte); ok {
			// A link a keyboard reaches and a screen reader names: hidden
			// from them, the section's address was for mouse readers only.
			_, _ = w.WriteString(`<a class="anchor" href="#` + string(util.EscapeHTML(util.URLEscape(b, false))) + `" aria-label="` + string(util.EscapeHTML([]byte(r.anchor))) + `">#</a>`)
		}
	}
	_, _ = w.WriteString("</h" + level + ">\n")
	return ast.WalkContinue, nil
}

// renderMarkdown renders a lesson's body, writing each playground with widget.
func renderMarkdown(l *lesson.Lesson, widget widgetWriter) ([]byte, error) {
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(cqlTransformer{l}, 100)),
		),
		goldmark.WithRendererOptions(
			renderer.WithNodeRenderers(util.Prioritized(cqlRenderer{widget, uiText_(l.Lang).Anchor}, 100)),
		),
	)
	var buf bytes.Buffer
	ctx := parser.NewContext(parser.WithIDs(newHeadingIDs()))
	if err := md.Convert(l.Body, &buf, parser.WithContext(ctx)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// headingIDs makes heading ids from any script's letters and digits, so that
// Chinese headings get readable, stable anchors (goldmark's default keeps
// only ASCII). Duplicates get -1, -2, ...
type headingIDs struct{ used map[string]bool }

func newHeadingIDs() *headingIDs { return &headingIDs{used: map[string]bool{}} }

func (s *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(string(value)) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '_' || unicode.IsPunct(r) || unicode.IsSpace(r):
			dash = true
		}
	}
	id := b.String()
	if id == "" {
		id = "section"
	}
	base := id
	for i := 1; s.used[id]; i++ {
		id = base + "-" + strconv.Itoa(i)
	}
	s.used[id] = true
	return []byte(id)
}

func (s *headingIDs) Put(value []byte) { s.used[string(value)] = true }
