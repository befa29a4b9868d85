package main

import "github.com/cqlplay/cqlplay/engine"

// Errors as the engine would return them, for tests that render outcomes.

func invalidErr(msg string) *engine.Error {
	return &engine.Error{Code: engine.InvalidRequest, Message: msg}
}

func syntaxErr(pos engine.Pos, n int, msg string) *engine.Error {
	return &engine.Error{Code: engine.SyntaxException, Message: msg, Pos: pos, Len: n}
}

func codeErr(code engine.ErrorCode, msg string) *engine.Error {
	return &engine.Error{Code: code, Message: msg}
}

func configErr(msg string) *engine.Error { return codeErr(engine.ConfigurationException, msg) }
